"""A visit's settlement lines as they would be now (unsaved SettlementLine rows), and their totals.

    visit_total = Σ game_money over the games of the visit + Σ open adjustments

Read by the counter (every open visit's provisional money) and written, unchanged, by the
check-out (services.settlements.settlement_build).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlor.domain.money import SeatMoney, Terms
from parlor.models import (
    Adjustment,
    Game,
    GameMoney,
    GameStatus,
    LineKind,
    SettlementLine,
    Visit,
    VisitGame,
)
from parlor.selectors.money import games_money


def _game_line(link: VisitGame, money: SeatMoney | None) -> SettlementLine | None:
    """The settlement line of one game of the visit (unsaved), or None if it counts for nothing:
    `money` is the seat's money in that game, None without money terms or results."""
    game = link.game
    if game.status != GameStatus.FINISHED or money is None:
        return None
    terms = Terms.of(game.money)
    return SettlementLine(
        kind=LineKind.GAME,
        game=game,
        table_label=game.table.label,
        played_at=game.started_at,
        ruleset_key=game.ruleset_key,
        ruleset_title=game.ruleset.title[:100],
        rank=money.rank,
        result_tenths=money.result.tenths,
        result_unit=money.result.unit.value,
        left_game_tenths=money.left_game_tenths,
        chips=money.chips,
        rate_yen_per_p=terms.rate_yen_per_p,
        chip_value_yen=terms.chip_value_yen,
        points_yen=money.points_yen,
        chips_yen=money.chips_yen,
        fee_yen=money.fee_yen,
        amount_yen=money.game_money_yen,
        stand_in=link.stand_in_by_id is not None,
    )


def _adjustment_line(adjustment: Adjustment) -> SettlementLine:
    return SettlementLine(
        kind=LineKind.ADJUSTMENT,
        adjustment=adjustment,
        game=adjustment.game,
        table_label=adjustment.game.table.label if adjustment.game else "",
        played_at=adjustment.game.started_at if adjustment.game else None,
        amount_yen=adjustment.amount_yen,
        description=adjustment.reason,
    )


def visit_lines(visit: Visit) -> list[SettlementLine]:
    """What the receipt of the visit would say now (unsaved lines, in order).

    Finished games only, in the order they were played, then the player's open adjustments.
    """
    return visits_lines([visit])[visit.pk].lines


@dataclass(frozen=True, slots=True)
class VisitLines:
    """What an open visit's receipt would say now, and how many of its games are in progress."""

    lines: list[SettlementLine]
    games_in_progress: int


def visits_lines(visits: Sequence[Visit]) -> dict[int, VisitLines]:
    """visit_lines of many visits at once (the counter shows every open visit's money).

    Four queries whatever the number of visits and games: the visits' games with their
    tables and money terms, those games' results, their staff seats, the players' open
    adjustments.
    """
    links = list(
        VisitGame.objects.filter(visit__in=visits)
        .select_related("game__table", "game__money")
        .order_by("game__started_at", "game_id")
    )
    terms = {
        link.game_id: link.game.money
        for link in links
        if link.game.status == GameStatus.FINISHED and _has_money(link.game)
    }
    money = games_money(terms) if terms else {}
    adjustments = Adjustment.objects.filter(
        player_id__in={visit.player_id for visit in visits}, settled_at__isnull=True
    ).select_related("game__table")
    by_visit: dict[int, list[SettlementLine]] = {visit.pk: [] for visit in visits}
    in_progress = dict.fromkeys(by_visit, 0)
    for link in links:
        seat_money = money.get(link.game_id, {}).get(link.seat)
        line = _game_line(link, seat_money)
        if line is not None:
            by_visit[link.visit_id].append(line)
        in_progress[link.visit_id] += link.game.status == GameStatus.IN_PROGRESS
    visit_of_player = {visit.player_id: visit.pk for visit in visits}
    for adjustment in adjustments:  # in the order they were made (Meta.ordering)
        by_visit[visit_of_player[adjustment.player_id]].append(_adjustment_line(adjustment))
    for lines in by_visit.values():
        for position, line in enumerate(lines, start=1):
            line.position = position
    return {pk: VisitLines(lines, in_progress[pk]) for pk, lines in by_visit.items()}


def _has_money(game: Game) -> bool:
    try:
        game.money  # noqa: B018  (select_related: no query; absent for games without terms)
    except GameMoney.DoesNotExist:
        return False
    return True


def lines_totals(lines: list[SettlementLine]) -> dict[str, int]:
    games = [line for line in lines if line.kind == LineKind.GAME]
    totals = {
        "points_yen": sum(line.points_yen for line in games),
        "chips_yen": sum(line.chips_yen for line in games),
        "fees_yen": sum(line.fee_yen for line in games),
        "adjustments_yen": sum(line.amount_yen for line in lines if line.kind != LineKind.GAME),
    }
    totals["total_yen"] = (
        totals["points_yen"] + totals["chips_yen"] - totals["fees_yen"] + totals["adjustments_yen"]
    )
    return totals
