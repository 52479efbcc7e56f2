"""Reads for the daily report: one business day's ledger, loaded in a fixed number of queries.

Each finished game is read as its line (reports.game_lines): its seats' results and money.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.db.models import Q, QuerySet

from parlor.domain.business_days import day_range
from parlor.domain.money import Terms
from parlor.models import (
    Adjustment,
    AdjustmentKind,
    AuditAction,
    AuditEvent,
    Game,
    GameMoney,
    GameStatus,
    Hand,
    LineKind,
    Parlor,
    Settlement,
    SettlementLine,
    Shift,
    VisitGame,
)
from parlor.reports.game_lines import GameLine, game_line
from parlor.selectors.shifts import shifts_of_day
from parlor.selectors.yaku_stats import NO_WINS, YakuStats, yaku_stats_of_games


@dataclass(frozen=True, slots=True)
class DayLedger:
    parlor: Parlor
    day: date
    starts_at: datetime
    ends_at: datetime
    games: tuple[GameLine, ...]  # finished games that ended in the day, in order
    voided: tuple[Game, ...]  # games voided (無効) that ended in the day (or finished then)
    settlements: tuple[Settlement, ...]  # visits checked out in the day
    counter_adjustments: tuple[Adjustment, ...]  # adjustments paid at the counter in the day
    corrections: tuple[Hand, ...]  # hand versions that correct another, made in the day or
    #                                 to one of the day's games
    voids: tuple[Hand, ...]  # hands voided in the day
    correction_adjustments: tuple[Adjustment, ...]  # money owed because of a correction
    audit_events: tuple[AuditEvent, ...]  # corrections, hand and game voids in the audit log,
    #                                        and the void of each of the day's voided games
    yaku: YakuStats = NO_WINS  # the yaku recorded on the paid wins of the finished games
    settled_games: tuple[SettledGame, ...] = ()  # the game lines of the day's receipts
    shifts: tuple[Shift, ...] = ()  # staff shifts signed in in the day (selectors.shifts)


@dataclass(frozen=True, slots=True)
class SettledGame:
    """A game line of a receipt closed in the day: what it paid the player (+) or took (−)."""

    game_id: int
    game_ended_at: datetime | None
    player_id: int
    amount_yen: int


# The live-state columns of a game (where the engine's steps left it, for the next hand and the
# floor): JSON the report never reads, so not read for the day's thousand games either.
_LIVE_STATE = ("start_state", "scores", "next_state", "state", "running_stats")


def _games(parlor: Parlor, start: datetime, end: datetime) -> tuple[list[Game], list[Game]]:
    over = (
        Game.objects.filter(table__parlor=parlor, ended_at__gte=start, ended_at__lt=end)
        .exclude(status=GameStatus.IN_PROGRESS)
        .defer(*_LIVE_STATE)
        .select_related("table", "voided_by", "void_confirmed_by")
        .prefetch_related("results__player", "seats")
        .order_by("ended_at", "id")
    )
    games = list(over)
    finished = [g for g in games if g.status == GameStatus.FINISHED]
    return finished, [g for g in games if g.status == GameStatus.VOIDED]


def day_ledger(*, parlor: Parlor, day: date) -> DayLedger:
    """Everything that happened at the parlor in business day `day` (about ten queries)."""
    start, end = day_range(parlor, day)
    finished, voided = _games(parlor, start, end)
    terms = {row.game_id: Terms.of(row) for row in GameMoney.objects.filter(game__in=finished)}
    stand_ins = _stand_ins(finished)
    in_day = {"gte": start, "lt": end}
    adjustments = Adjustment.objects.filter(parlor=parlor).select_related(
        "player", "game__table", "created_by", "settled_by"
    )
    lines = tuple(game_line(g, terms.get(g.pk), stand_ins) for g in finished)
    return DayLedger(
        parlor=parlor,
        day=day,
        starts_at=start,
        ends_at=end,
        games=lines,
        yaku=yaku_stats_of_games({x.game.pk: (x.ruleset, len(x.game.seats.all())) for x in lines}),
        voided=tuple(voided),
        settlements=tuple(
            _settlements_in(parlor, in_day)
            .select_related("visit__player", "closed_by")
            .order_by("closed_at", "id")
        ),
        counter_adjustments=tuple(
            _counter_adjustments_in(parlor, in_day)
            .select_related("player", "game__table", "created_by", "settled_by")
            .order_by("settled_at", "id")
        ),
        settled_games=_settled_games(parlor, in_day),
        shifts=tuple(shifts_of_day(parlor, day)),
        corrections=_corrections(parlor, start, end),
        voids=_voids(parlor, start, end),
        correction_adjustments=tuple(
            adjustments.filter(
                kind=AdjustmentKind.CORRECTION, **_range("created_at", in_day)
            ).order_by("created_at", "id")
        ),
        audit_events=_audit_events(parlor, start, end, voided),
    )


def _stand_ins(finished: list[Game]) -> dict[tuple[int, int], Any]:
    """Who stood in (代走) for each (game, seat) of the finished games."""
    return {
        (link.game_id, link.seat): link.stand_in_by
        for link in VisitGame.objects.filter(
            game__in=finished, stand_in_by__isnull=False
        ).select_related("stand_in_by")
    }


def _corrections(parlor: Parlor, start: datetime, end: datetime) -> tuple[Hand, ...]:
    """Hands corrected in the day, and the corrections of the day's games made later."""
    return tuple(
        Hand.objects.filter(game__table__parlor=parlor, supersedes__isnull=False)
        .filter(
            Q(entered_at__gte=start, entered_at__lt=end)
            | Q(game__ended_at__gte=start, game__ended_at__lt=end)
        )
        .select_related("game__table", "entered_by", "outcome", "supersedes")
        .order_by("entered_at", "id")
    )


def _voids(parlor: Parlor, start: datetime, end: datetime) -> tuple[Hand, ...]:
    """Hands voided (取消: undone) in the day."""
    return tuple(
        Hand.objects.filter(game__table__parlor=parlor, voided_at__gte=start, voided_at__lt=end)
        .select_related("game__table", "voided_by", "outcome")
        .order_by("voided_at", "id")
    )


def _settled_games(parlor: Parlor, in_day: dict[str, datetime]) -> tuple[SettledGame, ...]:
    return tuple(
        SettledGame(*row)
        for row in SettlementLine.objects.filter(
            kind=LineKind.GAME,
            settlement__visit__parlor=parlor,
            **_range("settlement__closed_at", in_day),
        ).values_list("game_id", "game__ended_at", "settlement__visit__player_id", "amount_yen")
    )


def _audit_events(
    parlor: Parlor, start: datetime, end: datetime, voided: list[Game]
) -> tuple[AuditEvent, ...]:
    return tuple(
        AuditEvent.objects.filter(
            Q(
                action__in=[AuditAction.CORRECT, AuditAction.UNDO, AuditAction.GAME_VOID],
                at__gte=start,
                at__lt=end,
            )
            # A game of the day voided later: when it was voided (same query).
            | Q(action=AuditAction.GAME_VOID, game__in=[g.pk for g in voided]),
            parlor=parlor,
        ).select_related("game__table", "actor")
    )


def _settlements_in(parlor: Parlor, in_day: dict[str, datetime]) -> QuerySet[Settlement]:
    """The visits checked out in the day: the cash of the check-outs."""
    return Settlement.objects.filter(visit__parlor=parlor, **_range("closed_at", in_day))


def _counter_adjustments_in(parlor: Parlor, in_day: dict[str, datetime]) -> QuerySet[Adjustment]:
    """The adjustments paid at the counter in the day, outside any receipt."""
    return Adjustment.objects.filter(
        parlor=parlor, settled_in__isnull=True, **_range("settled_at", in_day)
    )


def counter_cash_totals(*, parlor: Parlor, day: date) -> list[int]:
    """The totals of the cash that crossed the counter in business day `day`, each signed from
    the player's side: the check-outs' and the adjustments paid at the counter (two queries).
    The same rows as DayLedger.settlements and .counter_adjustments."""
    start, end = day_range(parlor, day)
    in_day = {"gte": start, "lt": end}
    totals = list(_settlements_in(parlor, in_day).values_list("total_yen", flat=True))
    return totals + list(
        _counter_adjustments_in(parlor, in_day).values_list("amount_yen", flat=True)
    )


def _range(field: str, bounds: dict[str, datetime]) -> dict[str, datetime]:
    return {f"{field}__{op}": value for op, value in bounds.items()}
