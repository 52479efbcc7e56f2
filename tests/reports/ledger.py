"""What the day's report must say, worked out here from the database rows alone.

Nothing in here reads a report or calls the report code: the tests compare the report's
totals with these.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import ROUND_HALF_UP, Decimal

from parlor.models import Game, GameResult, GameSeat, GameStatus, Parlor, Settlement
from tests.reports.day import TERMS, TOKYO


def day_window(day: date, cutoff_hour: int = 6) -> tuple[datetime, datetime]:
    start = datetime.combine(day, time(cutoff_hour), tzinfo=TOKYO)
    return start, start + timedelta(days=1)


def _yen(tenths: int) -> int:
    """A result's point money at 点5, rounded half away from zero to 10 yen."""
    exact = Decimal(tenths) / 10 * TERMS.rate_yen_per_p / TERMS.money_unit_yen
    return int(exact.quantize(Decimal(1), rounding=ROUND_HALF_UP)) * TERMS.money_unit_yen


@dataclass(frozen=True)
class Expected:
    games: list[Game]
    fees_yen: int  # game fees and top prizes, every seat but staff's
    top_prizes_yen: int
    chips_by_player: dict[str, int]
    chips_yen: int  # what was paid in chips, Σ of the positive balances × chip value
    paid_in_yen: int
    paid_out_yen: int
    staff_play_yen: int


def expected_for(parlor: Parlor, day: date) -> Expected:
    start, end = day_window(day, parlor.business_day_cutoff_hour)
    games = list(
        Game.objects.filter(
            table__parlor=parlor, status=GameStatus.FINISHED, ended_at__gte=start, ended_at__lt=end
        ).order_by("ended_at")
    )
    results = list(GameResult.objects.filter(game__in=games).select_related("player"))
    staff_seats = set(
        GameSeat.objects.filter(game__in=games, is_staff_play=True).values_list("game_id", "seat")
    )
    fees = top = staff = 0
    chips: dict[str, int] = {}
    for r in results:
        is_staff = (r.game_id, r.seat) in staff_seats
        chips[r.player.name] = chips.get(r.player.name, 0) + r.chips
        if is_staff:
            assert r.rank != 1, "the staff seat is never top in this day (no rounding residual)"
            staff += _yen(r.total_tenths) + r.chips * TERMS.chip_value_yen
            continue
        fees += TERMS.game_fee_yen
        if r.rank == 1:
            fees += TERMS.top_prize_yen
            top += TERMS.top_prize_yen
    settlements = Settlement.objects.filter(
        visit__parlor=parlor, closed_at__gte=start, closed_at__lt=end
    )
    totals = [s.total_yen for s in settlements]
    return Expected(
        games=games,
        fees_yen=fees,
        top_prizes_yen=top,
        chips_by_player=chips,
        chips_yen=sum(max(r.chips, 0) for r in results) * TERMS.chip_value_yen,
        paid_in_yen=-sum(t for t in totals if t < 0),
        paid_out_yen=sum(t for t in totals if t > 0),
        staff_play_yen=staff,
    )


def points_of_each_game(games: list[Game]) -> dict[int, int]:
    """Σ of the seats' results (tenths) per game, from the database."""
    sums: dict[int, int] = {}
    for r in GameResult.objects.filter(game__in=games):
        sums[r.game_id] = sums.get(r.game_id, 0) + r.total_tenths
    return sums
