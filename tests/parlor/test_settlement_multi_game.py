"""Visits of several games, settled through the service and checked against a hand computation
of points × rate + chips × chip value − fees, in yen, with the parlor's rounding."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest

from parlor.models import GameResult
from tests.parlor.money_helpers import (
    check_in,
    check_out,
    chip_ruleset,
    money_settings,
    play_out,
    start,
    table,
)

pytestmark = pytest.mark.django_db


def by_hand(results: list[GameResult], *, rate: int, chip: int, unit: int, fee) -> dict[int, int]:
    """Game money per seat, computed here independently: Decimal's ROUND_HALF_UP rounds half
    away from zero; the top's line takes whatever rounding moved."""

    def rounded(result: GameResult) -> int:
        yen = Decimal(result.total_tenths) / 10 * rate / unit
        return int(yen.quantize(Decimal(1), rounding=ROUND_HALF_UP)) * unit

    points = {r.seat: rounded(r) for r in results}
    top = min(results, key=lambda r: r.rank)
    points[top.seat] = -sum(v for seat, v in points.items() if seat != top.seat)
    return {r.seat: points[r.seat] + r.chips * chip - fee(r.rank) for r in results}


def _visit_of_games(staff, parlor, table_, players, base, games):
    visits = {p.pk: check_in(staff, p) for p in players}
    expected = {p.pk: 0 for p in players}
    played = []
    for number in range(games):
        order = players[number % len(players) :] + players[: number % len(players)]
        game = play_out(staff, start(staff, table_, order), base=base, shift=number)
        assert game["status"] == "finished"
        played.append(game)
    return visits, expected, played


@pytest.mark.parametrize(
    ("base", "count", "terms", "fee"),
    [
        pytest.param(
            "seed-004",
            3,
            {
                "rate_yen_per_p": 50,
                "chip_value_yen": 500,
                "fee_model": "top_only",
                "game_fee_yen": 1500,
                "money_unit_yen": 100,
            },
            lambda rank: 1500 if rank == 1 else 0,
            id="seed-004-three-player-top-only-rounded-to-100-yen",
        ),
        pytest.param(
            "tenhou-4p-hanchan",
            4,
            {
                "rate_yen_per_p": 50,
                "chip_value_yen": 200,
                "fee_model": "each_plus_top",
                "game_fee_yen": 500,
                "top_prize_yen": 300,
                "money_unit_yen": 100,
            },
            lambda rank: 800 if rank == 1 else 500,
            id="tenhou-4p-each-plus-top-rounded-to-100-yen",
        ),
    ],
)
def test_a_visit_of_several_games_equals_the_hand_computation(
    parlor, players, personas, base, count, terms, fee
):
    manager, staff = personas["manager"], personas["staff"]
    money_settings(manager, count, **terms)
    table_ = table(parlor, "7", chip_ruleset(manager, base))
    group = players[:count]
    visits, expected, played = _visit_of_games(staff, parlor, table_, group, base, games=4)

    moved_by_rounding = 0
    for game in played:
        results = list(GameResult.objects.filter(game__public_id=game["id"]))
        money = by_hand(
            results,
            rate=terms["rate_yen_per_p"],
            chip=terms["chip_value_yen"],
            unit=terms["money_unit_yen"],
            fee=fee,
        )
        for result in results:
            expected[result.player_id] += money[result.seat]
        top = min(results, key=lambda r: r.rank)
        naive = Decimal(top.total_tenths * terms["rate_yen_per_p"]) / 10
        moved_by_rounding += money[top.seat] + fee(1) - top.chips * terms["chip_value_yen"] != (
            int((naive / terms["money_unit_yen"]).quantize(1, ROUND_HALF_UP))
            * terms["money_unit_yen"]
        )
    assert sum(GameResult.objects.filter(game__table=table_).values_list("chips", flat=True)) == 0
    assert GameResult.objects.filter(game__table=table_).exclude(chips=0).exists()

    for player in group:
        receipt = check_out(staff, visits[player.pk])
        assert len(receipt["lines"]) == len(played)
        assert receipt["totals"]["total_yen"] == expected[player.pk], player.name
        for line in receipt["lines"]:
            assert line["amount_yen"] == line["points_yen"] + line["chips_yen"] - line["fee_yen"]
            assert line["amount_yen"] % terms["money_unit_yen"] == 0
    table_total = sum(expected.values())
    fees = sum(fee(1) + fee(2) * (count - 1) for _ in played)
    assert table_total == -fees  # the players' money is zero-sum but for the parlor's fees
    assert moved_by_rounding >= 1  # in some game the top's line took what rounding moved
