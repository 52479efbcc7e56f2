"""Tables in natural order (1, 2, … 10) wherever a list of them appears."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime

import pytest

from parlor.models import Game, Table
from parlor.natural_sort import natural_key, natural_sorted
from parlor.reports.sections import tables_section
from parlor.reports.selectors import DayLedger
from tests.parlor.factories import TableFactory


@pytest.mark.parametrize(
    ("labels", "expected"),
    [
        pytest.param(["10", "2", "1"], ["1", "2", "10"], id="numbers-by-value-not-by-text"),
        pytest.param(["A10", "A2", "B1"], ["A2", "A10", "B1"], id="a-prefix-then-the-number"),
        pytest.param(["１０", "9"], ["9", "１０"], id="full-width-digits-count-as-numbers"),
        pytest.param(["VIP", "3"], ["3", "VIP"], id="numbers-before-names"),
        pytest.param(["2b", "2A", "2"], ["2", "2A", "2b"], id="letters-ignore-case"),
        pytest.param(["007", "7", "6"], ["6", "007", "7"], id="leading-zeros-same-value"),
        pytest.param(["", "1"], ["", "1"], id="an-empty-label-first"),
    ],
)
def test_labels_sort_naturally(labels: list[str], expected: list[str]) -> None:
    assert sorted(labels, key=natural_key) == expected


def test_natural_sorted_keeps_the_items_and_their_order_on_ties() -> None:
    items = [("10", "a"), ("2", "b"), ("02", "c")]
    assert natural_sorted(items, label=lambda item: item[0]) == [
        ("02", "c"),
        ("2", "b"),
        ("10", "a"),
    ]


@pytest.mark.django_db
def test_the_floor_and_the_api_list_tables_1_2_10(tablet, staff, table) -> None:
    for label in ("10", "2", "9"):
        TableFactory(parlor=table.parlor, label=label, ruleset_key="standard")
    page = tablet.get("/tablet/").content.decode()
    assert re.findall(r'data-table="([^"]+)"', page) == ["1", "2", "9", "10"]
    listed = staff.get("/api/tables/").json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert [row["label"] for row in rows] == ["1", "2", "9", "10"]


def test_the_daily_report_lists_tables_1_2_10() -> None:
    games = tuple(Game(table=Table(label=label)) for label in ("10", "2", "1"))
    at = datetime(2026, 11, 25, tzinfo=UTC)
    ledger = DayLedger(
        parlor=None,  # type: ignore[arg-type]
        day=date(2026, 11, 25),
        starts_at=at,
        ends_at=at,
        games=(),
        voided=games,
        settlements=(),
        counter_adjustments=(),
        corrections=(),
        voids=(),
        correction_adjustments=(),
        audit_events=(),
    )
    section = tables_section(ledger)
    assert [row[0] for row in section.rows] == ["1", "2", "10"]
