"""Invariants that hold for any valid record under any preset (rules README §3.9)."""

from __future__ import annotations

import contextlib
import copy
import io
import json
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulesets.registry import PRESETS
from scoring.cli import main
from scoring.errors import HandError
from scoring.facts import Ron, Tsumo
from scoring.hand_settlement import OutcomeKind
from scoring.ledger import Reason, deltas_of
from scoring.record import parse_record
from scoring.replay import replay_game, replay_record
from scoring.ruleset import LeftoverSticks
from scoring.settle import settle_hand
from tests.scoring.strategies import game_records

PLAIN_PRESETS = list(PRESETS.values())
PROPERTY_SETTINGS = settings(max_examples=60, deadline=None,
                             suppress_health_check=[HealthCheck.too_slow])


def presets_param() -> Any:
    return pytest.mark.parametrize("ruleset", PLAIN_PRESETS, ids=[r.id for r in PLAIN_PRESETS])


@presets_param()
@PROPERTY_SETTINGS
@given(data=st.data())
def test_every_hand_balances_against_the_sticks(ruleset: Any, data: Any) -> None:
    record = data.draw(game_records(ruleset))
    out = replay_record(record, presets=PRESETS)
    for hand in out["hands"]:
        moved = ruleset.riichi_stick * (hand["sticks_before"] - hand["sticks_after"])
        assert sum(hand["deltas"]) == moved


@presets_param()
@PROPERTY_SETTINGS
@given(data=st.data())
def test_scores_chain_and_the_ledger_adds_up_to_the_deltas(ruleset: Any, data: Any) -> None:
    record = data.draw(game_records(ruleset))
    out = replay_record(record, presets=PRESETS)
    scores = [ruleset.start_points] * ruleset.player_count
    for hand in out["hands"]:
        assert hand["scores_before"] == scores
        from_ledger = [0] * ruleset.player_count
        for t in hand["transfers"]:
            assert t["amount"] > 0
            assert t["amount"] % ruleset.point_unit == 0, t
            if t["from"] is not None:
                from_ledger[t["from"]] -= t["amount"]
            if t["to"] is not None:
                from_ledger[t["to"]] += t["amount"]
        assert from_ledger == hand["deltas"]
        scores = [s + d for s, d in zip(scores, hand["deltas"])]
        assert hand["scores_after"] == scores


def receipt(transfers: Any, seat: int) -> int:
    """What ``seat`` receives in a hand, a bust payment (a fine, not a win) excluded."""
    return sum(t.amount for t in transfers
               if t.payee == seat and t.reason is not Reason.TOBI_PAYMENT)


@presets_param()
@PROPERTY_SETTINGS
@given(data=st.data())
def test_one_more_honba_adds_exactly_the_honba_value(ruleset: Any, data: Any) -> None:
    record = data.draw(game_records(ruleset))
    game = replay_game(parse_record(record, presets=PRESETS))
    for h in game.hands:
        result = record_hand = game.record.hands[h.index]
        if h.settled.kind is not OutcomeKind.WIN or not isinstance(
                record_hand.result, Ron | Tsumo):
            continue
        head = h.settled.winners[0]
        try:
            more = settle_hand(replace(h.before, honba=h.before.honba + 1), result,
                               ruleset=ruleset)
        except HandError:
            continue  # one more honba reaches a minimum-han rule (seed 000): not enterable
        gained = receipt(more.transfers, head) - receipt(h.settled.transfers, head)
        if isinstance(record_hand.result, Ron):
            assert gained == ruleset.honba_ron
        else:
            payers = ruleset.player_count - 1
            assert gained == ruleset.honba_tsumo_per_payer * payers


@presets_param()
@PROPERTY_SETTINGS
@given(data=st.data())
def test_replay_is_deterministic_and_the_final_settlement_sums_to_zero(
        ruleset: Any, data: Any) -> None:
    record = data.draw(game_records(ruleset))
    first = replay_record(record, presets=PRESETS)
    assert replay_record(json.loads(json.dumps(record)), presets=PRESETS) == first
    if first["final"] is not None:
        final = replay_game(parse_record(record, presets=PRESETS)).final
        assert final is not None
        # Zero, but for what leaves the game: chombo deducted to nobody (Mリーグ, JPML, WRC,
        # EMA) and, under JPML, the sticks left on the table at the end.
        lost = 0
        if ruleset.leftover_sticks_at_end is LeftoverSticks.LOST and first["hands"]:
            lost = first["hands"][-1]["sticks_after"] * ruleset.riichi_stick
        assert sum(final.total) == sum(final.bonuses) + sum(final.deductions) - lost
        assert sorted(first["final"]["ranks"]) == list(range(1, ruleset.player_count + 1))
        top = first["final"]["ranks"].index(1)
        assert first["final"]["scores"][top] == max(first["final"]["scores"])


@presets_param()
@PROPERTY_SETTINGS
@given(data=st.data())
def test_pao_changes_no_winners_receipt(ruleset: Any, data: Any) -> None:
    record = data.draw(game_records(ruleset))
    game = replay_game(parse_record(record, presets=PRESETS))
    for h in game.hands:
        result = game.record.hands[h.index].result
        if not isinstance(result, Tsumo) or result.win.pao is None:
            continue
        plain = replace(game.record.hands[h.index],
                        result=Tsumo(win=replace(result.win, pao=None)))
        without = settle_hand(h.before, plain, ruleset=ruleset)
        winner = result.win.winner
        assert receipt(without.transfers, winner) == receipt(h.settled.transfers, winner)
        assert deltas_of([t for t in h.settled.transfers if t.reason is Reason.PAO],
                         ruleset.player_count)[result.win.pao] < 0


def mutations() -> st.SearchStrategy[Any]:
    junk = st.one_of(st.none(), st.booleans(), st.integers(-5, 200), st.text(max_size=5),
                     st.lists(st.integers(-1, 5), max_size=3), st.just({}))
    paths = st.lists(st.one_of(st.integers(0, 5), st.sampled_from(
        ["hands", "result", "wins", "win", "han", "fu", "loser", "winner", "riichi",
         "tenpai", "kind", "players", "ruleset", "start", "scores", "yakuman", "pao",
         "format", "honba", "stop", "finished", "dealer"])), min_size=1, max_size=5)
    return st.tuples(paths, junk)


def mutate(record: Any, path: list[Any], value: Any) -> Any:
    node = record
    for key in path[:-1]:
        try:
            node = node[key]
        except (KeyError, IndexError, TypeError):
            return record
    with contextlib.suppress(IndexError, TypeError):
        node[path[-1]] = copy.deepcopy(value)  # never one object in two places
    return record


def run_cli(text: str) -> tuple[int, Any]:
    out = io.StringIO()
    code = main(["replay", "-"], stdin=io.StringIO(text), stdout=out, stderr=io.StringIO())
    return code, json.loads(out.getvalue())


@presets_param()
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), edits=st.lists(mutations(), min_size=1, max_size=3))
def test_a_damaged_record_gets_a_json_error_never_an_exception(
        ruleset: Any, data: Any, edits: Any) -> None:
    record = data.draw(game_records(ruleset, max_hands=8))
    for path, value in edits:
        record = mutate(record, path, value)
    code, doc = run_cli(json.dumps(record))
    assert code in (0, 2)
    if code == 2:
        error = doc["error"]
        assert set(error) >= {"hand", "field", "message"} and error["message"]
    else:
        assert doc["format"] == "tenbo-replay/1"


@settings(max_examples=100, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20))
def test_any_json_at_all_gets_an_answer(value: Any) -> None:
    code, doc = run_cli(json.dumps(value))
    assert code == 2 and "error" in doc
