"""The worked cases of the rules specification (``rules/cases.md``), replayed through the engine.

Each case in ``tests/data/cases.json`` is one case of cases.md translated into a
``tenbo-game/1`` record and the numbers the case states (``expect``). A test compares only
what the case states: the described hand's deltas, the sticks left after it, the next hand,
the end of the game and the final settlement, all exactly.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RecordError
from scoring.replay import replay_record

CASES_FILE = Path(__file__).resolve().parents[1] / "data" / "cases.json"
CASES: list[dict[str, Any]] = json.loads(CASES_FILE.read_text(encoding="utf-8"))

# The ids of the "### " headings of rules/cases.md, extracted once. Tests do not read the
# shared specification; update this list when cases.md gains or loses a case.
CASE_IDS_IN_RULES = (
    "standard/01", "standard/02", "standard/04", "standard/05", "standard/07", "standard/08",
    "standard/10", "standard/11", "standard/13", "standard/14", "standard/16", "standard/17",
    "seed-000/01", "seed-000/02", "seed-000/04", "seed-000/05", "seed-000/07", "seed-000/08",
    "seed-000/10", "seed-000/11", "seed-000/13", "seed-000/14", "seed-000/16", "seed-000/17",
    "seed-000/19", "seed-000/20",
    "seed-001/01", "seed-001/02", "seed-001/04", "seed-001/05", "seed-001/07", "seed-001/08",
    "seed-001/10", "seed-001/11", "seed-001/13",
    "seed-002/01", "seed-002/02", "seed-002/04", "seed-002/05", "seed-002/07", "seed-002/08",
    "seed-002/10", "seed-002/11",
    "seed-003/01", "seed-003/02", "seed-003/04", "seed-003/05", "seed-003/07", "seed-003/08",
    "seed-003/10", "seed-003/11", "seed-003/13",
    "seed-004/01", "seed-004/02", "seed-004/04", "seed-004/05", "seed-004/07", "seed-004/08",
    "seed-004/10", "seed-004/11", "seed-004/13", "seed-004/14", "seed-004/16", "seed-004/17",
    "seed-004/19", "seed-004/20",
)


def _case_params() -> Iterator[Any]:
    for case in CASES:
        marks = []
        if case.get("expressible") is False:
            marks.append(pytest.mark.skip(reason=f"not expressible as a record: {case['why']}"))
        elif case["preset"] not in PRESETS:
            marks.append(pytest.mark.skip(reason=f"preset {case['preset']} not yet defined"))
        yield pytest.param(case, id=case["id"], marks=marks)


def _stated(actual: Mapping[str, Any] | None, expected: Mapping[str, Any]) -> Any:
    """The keys of ``actual`` that the case states, or ``actual`` itself when it is null."""
    if actual is None:
        return None
    return {key: actual.get(key) for key in expected}


def _observed(output: Mapping[str, Any], expect: Mapping[str, Any]) -> dict[str, Any]:
    """What the replay gives for each field the case states, in the shape of ``expect``."""
    hands = output["hands"]
    last = hands[-1] if hands else {}
    end = output.get("end")
    observed: dict[str, Any] = {}
    if "deltas" in expect:
        observed["deltas"] = last.get("deltas")
    if "sticks_after" in expect:
        observed["sticks_after"] = last.get("sticks_after")
    if "next" in expect:
        observed["next"] = _stated(last.get("next"), expect["next"])
    if "end_reason" in expect:
        observed["end_reason"] = end["reason"] if end else None
    if "final" in expect:
        observed["final"] = _stated(output.get("final"), expect["final"])
    return observed


def _expected(case: Mapping[str, Any]) -> dict[str, Any]:
    expect = case["expect"]
    return {key: expect[key] for key in ("deltas", "sticks_after", "next", "end_reason", "final")
            if key in expect}


@pytest.mark.parametrize("case", list(_case_params()))
def test_it_replays_the_case_as_the_rules_state_it(case: dict[str, Any]) -> None:
    expect = case["expect"]
    if "error" in expect or "error_field" in expect:
        with pytest.raises(RecordError) as refused:
            replay_record(case["record"], presets=PRESETS)
        if "error_field" in expect:
            assert refused.value.field == expect["error_field"]
        if "error" in expect:
            assert refused.value.code == expect["error"]
        return

    output = replay_record(case["record"], presets=PRESETS)

    assert _observed(output, expect) == _expected(case)
    if "end_reason" in expect:
        # "Game ends" after the described hand: it is the last one and nothing follows it.
        assert output["end"]["after_hand"] == len(case["record"]["hands"]) - 1
        assert output["hands"][-1]["next"] is None


def test_cases_file_holds_every_case_of_the_rules_once() -> None:
    ids = [case["id"] for case in CASES]

    assert len(ids) == len(set(ids)) == 66
    assert sorted(ids) == sorted(CASE_IDS_IN_RULES)


def test_each_case_record_names_the_case_preset() -> None:
    mismatched = [case["id"] for case in CASES if case["record"]["ruleset"] != case["preset"]]

    assert mismatched == []
