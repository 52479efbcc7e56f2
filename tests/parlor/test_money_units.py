"""Units you cannot mix: every preset's game pays its result × the rate, in the result's unit.

A result in p is paid per 1p, a result in points (われポン) per 1,000 points, a point count's 点
per 点; the expected yen are computed here with Decimal from the game's stored results, apart
from the product's arithmetic.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any

import pytest

from parlor.models import Game, GameResult, Player
from rulesets.registry import PRESETS
from tests.parlor.conftest import ok
from tests.parlor.game_driver import play_to_end
from tests.parlor.money_helpers import (
    check_in,
    check_out,
    money_settings,
    play,
    ron,
    start,
    table,
)

pytestmark = pytest.mark.django_db

STANDARD_TERMS = {  # 点5, chips at 100 yen, 500 yen a game each, rounded to 10 yen
    "rate_yen_per_p": 50,
    "chip_value_yen": 100,
    "fee_model": "each",
    "game_fee_yen": 500,
    "money_unit_yen": 10,
}
PER_UNIT = {"p_1000": Decimal(1), "points": Decimal(1000), "ten": Decimal(1)}


def expected_points_yen(game: Game, *, rate: int, unit: int) -> dict[int, int]:
    """Each seat's point money by hand: the result in its unit ÷ what the rate is per × the
    rate, rounded half away from zero to the money unit; the top takes what rounding moved."""
    per = PER_UNIT[game.ruleset_snapshot["settlement_unit"]]
    results = list(GameResult.objects.filter(game=game))

    def exact(result: GameResult) -> Decimal:
        return Decimal(result.total_tenths) / 10 / per * rate

    def rounded(yen: Decimal) -> int:
        return int((yen / unit).quantize(Decimal(1), rounding=ROUND_HALF_UP)) * unit

    money = {r.seat: rounded(exact(r)) for r in results}
    top = min(results, key=lambda r: (r.rank, r.seat))
    others = sum(v for seat, v in money.items() if seat != top.seat)
    money[top.seat] = rounded(sum((exact(r) for r in results), Decimal(0))) - others
    return money


def receipt_lines(staff: Any, visit: dict[str, Any]) -> list[dict[str, Any]]:
    receipt = check_out(staff, visit)  # a manager: an amount beyond the bound goes through
    return [line for line in receipt["lines"] if line["kind"] == "game"]


@pytest.mark.parametrize("key", sorted(PRESETS))
def test_every_presets_game_at_the_standard_terms_pays_result_times_rate(
    key: str, parlor: Any, personas: dict[str, Any]
) -> None:
    ruleset = PRESETS[key]
    count = ruleset.player_count
    manager, staff = personas["manager"], personas["staff"]
    money_settings(manager, count, **STANDARD_TERMS)
    players = [Player.objects.create(parlor=parlor, name=f"客{n}") for n in range(count)]
    visits = {p.pk: check_in(staff, p) for p in players}
    game = play_to_end(staff, start(staff, table(parlor, "9", key), players)["id"])
    assert game["status"] == "finished"
    stored = Game.objects.get(public_id=game["id"])
    expected = expected_points_yen(stored, rate=50, unit=10)
    seat_of = {seat.player_id: seat.seat for seat in stored.seats.all()}
    for player in players:
        (line,) = receipt_lines(manager, visits[player.pk])
        assert line["result_unit"] == ruleset.settlement_unit.value
        assert line["points_yen"] == expected[seat_of[player.pk]], (key, line)
        assert line["amount_yen"] == line["points_yen"] + line["chips_yen"] - 500


def test_a_wareme_pon_top_of_16000_points_is_paid_800_yen_at_50_yen_per_1000_points(
    parlor: Any, personas: dict[str, Any]
) -> None:
    """The われポン table (seed-000, results in points, oka 20,000 to the top, no uma): a game
    closed by staff with the top on 26,000 is +16,000 points, 800 yen at 点5 (before the fee),
    not 800,000."""
    manager, staff = personas["manager"], personas["staff"]
    money_settings(manager, 4, **STANDARD_TERMS)
    players = [Player.objects.create(parlor=parlor, name=f"客{n}") for n in range(4)]
    visits = {p.pk: check_in(staff, p) for p in players}
    game = start(staff, table(parlor, "5", "seed-000"), players)
    game = play(staff, game, [ron(2, 1, han=1, fu=30)])  # 1,000 points from seat 2 to seat 1
    ok(staff.post(f"/api/games/{game['id']}/finish/"))
    results = {r.seat: r for r in GameResult.objects.filter(game__public_id=game["id"])}
    top = min(results.values(), key=lambda r: r.rank)
    assert top.final_score - 30_000 + 20_000 == top.total_tenths // 10
    (line,) = receipt_lines(staff, visits[top.player_id])
    assert line["result"] == top.total_tenths / 10  # in points, as the ruleset counts
    assert line["points_yen"] * 1000 == top.total_tenths // 10 * 50
    assert (top.total_tenths, line["points_yen"]) == (160_000, 800), top.final_score


def test_multiplying_a_result_by_a_rate_does_not_type_check(tmp_path: Path) -> None:
    """mypy refuses `result * rate`: money is made by units.points_money only."""
    snippet = tmp_path / "mix.py"
    snippet.write_text(
        textwrap.dedent(
            """
            from parlor.domain.units import Rate, RateBasis, Result, SettlementUnit, points_money

            result = Result(160_000, SettlementUnit.POINTS)
            rate = Rate(50, RateBasis.PER_1000_POINTS)
            wrong = result * rate
            right: int = points_money(result, rate, money_unit_yen=10)
            """
        )
    )
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--follow-imports=silent", str(snippet)],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 1, done.stdout
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1 and "mix.py:6:" in errors[0] and "operator" in errors[0], done.stdout


def _play(staff: Any, parlor: Any, players: list[Player], key: str, label: str) -> Game:
    game = play_to_end(staff, start(staff, table(parlor, label, key), players)["id"])
    return Game.objects.get(public_id=game["id"])


def test_standings_and_statistics_never_add_a_point_count_to_p(
    parlor: Any, personas: dict[str, Any]
) -> None:
    """Three-player games in p (seed-004) and a point count's (seed-003, 白マティ) by the same
    players: two standings and two rows of statistics, each in its unit; われポン's points
    join the four-player p standing converted (1,000 points = 1p)."""
    from django.utils import timezone

    from parlor.services.standings import standings_between
    from parlor.services.stats import player_stats

    manager, staff = personas["manager"], personas["staff"]
    money_settings(manager, 3, **STANDARD_TERMS)
    money_settings(manager, 4, **STANDARD_TERMS)
    players = [Player.objects.create(parlor=parlor, name=f"客{n}") for n in range(4)]
    for player in players:
        check_in(staff, player)
    in_p = _play(staff, parlor, players[:3], "seed-004", "3")
    in_ten = _play(staff, parlor, players[:3], "seed-003", "4")
    in_points = _play(staff, parlor, players, "seed-000", "5")
    day = timezone.timedelta(days=1)
    standings = standings_between(parlor, timezone.now() - day, timezone.now() + day)
    assert [(s.player_count, s.is_point_count) for s in standings] == [
        (4, False),
        (3, False),
        (3, True),
    ]
    four, three_p, three_ten = standings
    for standing, game, to_p in (
        (three_p, in_p, 1),
        (three_ten, in_ten, 1),
        (four, in_points, 1000),
    ):
        totals = {row.name: row.total_tenths for row in standing.rows}
        for result in GameResult.objects.filter(game=game).select_related("player"):
            assert totals[result.player.name] * to_p == result.total_tenths, game.ruleset_key
    kinds = [(s.player_count, s.is_point_count, s.games) for s in player_stats(players[0])]
    assert kinds == [(4, False, 1), (3, False, 1), (3, True, 1)]

    # The daily report: each game's rate says what it is per; a player's p and 点 stay apart.
    from django.utils import translation

    from parlor.domain.business_days import business_day_of
    from parlor.reports.data import Points
    from parlor.reports.report import daily_report_data

    with translation.override("ja"):
        report = daily_report_data(parlor=parlor, day=business_day_of(parlor))
    rates = {(row[1], row[-1]) for row in report.section("games").rows}
    assert rates == {("3", "50 円/1,000点"), ("4", "50 円/点"), ("5", "50 円/1,000点")}
    (row,) = [r for r in report.section("players").rows if r[0] == players[3].name]
    points = GameResult.objects.get(game=in_points, player=players[3]).total_tenths
    assert row[7:9] == (
        Points(points // 1000),
        Points(0, is_count=True),
    )  # 4th played われポン only


def test_a_players_page_writes_each_result_in_its_unit(
    parlor: Any, personas: dict[str, Any]
) -> None:
    from django.test import Client

    from tests.parlor.factories import UserFactory

    manager, staff = personas["manager"], personas["staff"]
    money_settings(manager, 4, **STANDARD_TERMS)
    players = [Player.objects.create(parlor=parlor, name=f"客{n}") for n in range(4)]
    players[0].user = UserFactory()
    players[0].save(update_fields=["user"])
    for player in players:
        check_in(staff, player)
    game = _play(staff, parlor, players, "seed-000", "5")
    result = GameResult.objects.get(game=game, player=players[0])
    page = Client()
    page.force_login(players[0].user)
    html = page.get("/me/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    points = f"{abs(result.total_tenths) // 10:,}点"
    assert points in html, (points, html)
