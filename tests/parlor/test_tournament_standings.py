"""A tournament's standings and its exports (parlor.domain.tournament_standings, _export)."""

from __future__ import annotations

import csv
import io
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlor.domain.tournament_export import (
    EMA_HEADERS,
    EmaPlayer,
    decimal_text,
    ema_results_csv,
    standings_csv,
)
from parlor.domain.tournament_standings import Entrant, Penalty, RoundResult, event_standings
from parlor.errors import InvalidInput

PLAYERS = [Entrant(1, "Aoki"), Entrant(2, "Baba"), Entrant(3, "Chiba"), Entrant(4, "Doi")]


def table(round_number: int, *points: int) -> list[RoundResult]:
    """One table's results: players 1 to 4 in that order, placed by their points."""
    order = sorted(range(4), key=lambda i: -points[i])
    return [
        RoundResult(i + 1, round_number, order.index(i) + 1, points[i], score=points[i] * 100)
        for i in range(4)
    ]


def rows(text: str) -> list[list[str]]:
    assert text.startswith("\ufeff")
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))


# Totals and tiebreaks


def test_the_total_is_the_rounds_points_less_the_penalties() -> None:
    results = table(1, 50, 10, -20, -40) + table(2, -40, 50, 10, -20)
    lines = event_standings(PLAYERS, results, penalties=[Penalty(2, 20, "late return")])
    by_player = {line.player_id: line for line in lines}
    assert (by_player[2].points, by_player[2].penalty, by_player[2].total) == (60, 20, 40)
    assert by_player[1].total == 10
    assert [line.player_id for line in lines] == [2, 1, 3, 4]
    assert [line.rank for line in lines] == [1, 2, 3, 4]
    assert by_player[2].placements == (1, 1, 0, 0)
    assert by_player[2].rounds_played == 2


def test_equal_totals_go_to_the_better_placements_then_the_name() -> None:
    # Everyone totals 20: Aoki and Doi with a first and a fourth, Baba with two seconds,
    # Chiba with two thirds.
    results = [
        RoundResult(1, 1, 1, 60), RoundResult(1, 2, 4, -40),
        RoundResult(2, 1, 2, 10), RoundResult(2, 2, 2, 10),
        RoundResult(3, 1, 3, 20), RoundResult(3, 2, 3, 0),
        RoundResult(4, 1, 4, 20), RoundResult(4, 2, 1, 0),
    ]
    lines = event_standings(PLAYERS, results)
    assert {line.total for line in lines} == {20}
    assert [(line.rank, line.name) for line in lines] == [
        (1, "Aoki"), (2, "Doi"), (3, "Baba"), (4, "Chiba")
    ]


def test_a_tie_on_total_and_placements_goes_to_the_name() -> None:
    results = [RoundResult(4, 1, 1, 30), RoundResult(1, 1, 1, 30)]
    lines = event_standings([Entrant(4, "Doi"), Entrant(1, "Aoki")], results)
    assert [(line.rank, line.name) for line in lines] == [(1, "Aoki"), (2, "Doi")]


def test_players_equal_in_everything_share_a_rank() -> None:
    lines = event_standings([Entrant(1, "Sato"), Entrant(2, "Sato"), Entrant(3, "Abe")], [])
    assert [(line.rank, line.player_id) for line in lines] == [(1, 3), (2, 1), (2, 2)]


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6), rounds=st.integers(1, 6))
def test_the_standings_are_sorted_and_add_up(seed: int, rounds: int) -> None:
    dice = random.Random(seed)
    entrants = [Entrant(p, f"Player {dice.randint(1, 5)}") for p in range(1, 9)]
    results = []
    for number in range(1, rounds + 1):
        order = list(range(1, 9))
        dice.shuffle(order)
        for start in (0, 4):
            for place, player in enumerate(order[start : start + 4], start=1):
                results.append(RoundResult(player, number, place, dice.randint(-50, 50)))
    penalties = [Penalty(dice.randint(1, 8), dice.randint(1, 20), "slow play") for _ in range(3)]
    lines = event_standings(entrants, results, penalties=penalties)
    assert sorted(line.player_id for line in lines) == list(range(1, 9))
    for line in lines:
        mine = [r for r in results if r.player_id == line.player_id]
        taken = sum(p.points for p in penalties if p.player_id == line.player_id)
        assert line.total == sum(r.points for r in mine) - taken
        assert line.rounds_played == rounds == sum(line.placements)
    totals = [line.total for line in lines]
    assert totals == sorted(totals, reverse=True)
    ranks = [line.rank for line in lines]
    assert ranks == sorted(ranks) and ranks[0] == 1


@pytest.mark.parametrize(
    ("results", "penalties", "code"),
    [
        ([RoundResult(9, 1, 1, 10)], [], "standings_unknown_player"),
        ([RoundResult(1, 1, 1, 10), RoundResult(1, 1, 2, 0)], [], "standings_duplicate_result"),
        ([RoundResult(1, 1, 5, 10)], [], "standings_placement"),
        ([], [Penalty(1, 0, "late")], "penalty_points"),
        ([], [Penalty(1, 10, "  ")], "penalty_reason"),
        ([], [Penalty(9, 10, "late")], "standings_unknown_player"),
    ],
)
def test_bad_results_and_penalties_are_refused(
    results: list[RoundResult], penalties: list[Penalty], code: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        event_standings(PLAYERS, results, penalties=penalties)
    assert refused.value.code == code


# Exports


def test_the_ema_file_has_its_columns_one_row_a_player_in_order() -> None:
    results = table(1, 453, 150, -200, -403)
    lines = event_standings(PLAYERS, results, penalties=[Penalty(2, 50, "chombo")])
    ema = {
        1: EmaPlayer(1, "Aoki", "Ken", "19000001", "JPN"),
        2: EmaPlayer(2, "Baba", "Mai", "", "JPN"),
        3: EmaPlayer(3, "Chiba", "Daina", "11990123", "GBR"),
        4: EmaPlayer(4, "Doi", "Sho", "04290001", "FRA"),
    }
    got = rows(ema_results_csv(lines, ema, scale=10))
    assert tuple(got[0]) == EMA_HEADERS
    assert got[1] == ["1", "Aoki", "Ken", "19000001", "JPN", "45.3", "45300"]
    assert got[2] == ["2", "Baba", "Mai", "", "JPN", "10.0", "15000"]
    assert got[4] == ["4", "Doi", "Sho", "04290001", "FRA", "-40.3", "-40300"]
    assert len(got) == 5


def test_the_ema_file_names_a_player_it_lacks() -> None:
    lines = event_standings(PLAYERS, table(1, 40, 10, -10, -40))
    with pytest.raises(InvalidInput, match="Chiba") as refused:
        ema_results_csv(lines, {p: EmaPlayer(p, "X", "Y") for p in (1, 2, 4)})
    assert refused.value.code == "ema_player_missing"


def test_the_standings_file_keeps_names_inert_for_a_spreadsheet() -> None:
    entrants = [Entrant(1, "=HYPERLINK(1)"), Entrant(2, "青木"), Entrant(3, "+x"), Entrant(4, "d")]
    lines = event_standings(entrants, table(1, 40, 10, -10, -40))
    got = rows(standings_csv(lines))
    assert got[0][:3] == ["Rank", "Name", "Total"]
    assert [row[1] for row in got[1:]] == ["'=HYPERLINK(1)", "青木", "'+x", "d"]
    assert got[1][7:] == ["1", "0", "0", "0"]


def test_a_three_player_event_leaves_the_fourth_place_blank() -> None:
    entrants = PLAYERS[:3]
    results = [RoundResult(1, 1, 1, 30), RoundResult(2, 1, 2, 0), RoundResult(3, 1, 3, -30)]
    got = rows(standings_csv(event_standings(entrants, results, table_size=3)))
    assert got[1][7:] == ["1", "0", "0", ""]


@given(value=st.integers(min_value=-(10**9), max_value=10**9), digits=st.integers(0, 3))
def test_decimal_text_reads_back_as_the_value(value: int, digits: int) -> None:
    scale = 10**digits
    text = decimal_text(value, scale)
    whole, _, part = text.lstrip("-").partition(".")
    back = int(whole) * scale + (int(part) if part else 0)
    assert (-back if text.startswith("-") else back) == value
    assert len(part) == digits


def test_a_scale_not_a_power_of_ten_is_refused() -> None:
    with pytest.raises(InvalidInput):
        decimal_text(5, 3)
