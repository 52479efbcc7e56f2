"""Reads of visits, receipts and the parlor's own money, with the scoping that guards them.

Staff and managers read every visit of their parlor; a player reads only their own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.db.models import Count, Q, QuerySet

from parlor.domain.business_days import business_day_of, day_range
from parlor.domain.house_money import HouseLines, game_house_lines
from parlor.domain.money import Terms
from parlor.errors import Forbidden, NotFound
from parlor.models import (
    Adjustment,
    Game,
    GameStatus,
    Parlor,
    Player,
    SettlementLine,
    Visit,
    VisitStatus,
)
from parlor.selectors.access import Access, Role, _uuid, require
from parlor.selectors.money import game_money_of
from parlor.selectors.settlement_lines import lines_totals, visits_lines


def visit_is_over(visit: Visit) -> bool:
    """After ラス半, true once the last game has finished: the visit takes no more games.

    A last game voided (無効) was not played: the next game the player sits in is the last."""
    game = visit.last_game
    return game is not None and game.status == GameStatus.FINISHED


def players_last_game_over(players: Sequence[Player]) -> list[Player]:
    """Of `players`, those whose open visit's ラス半 game has finished (visit_is_over): a game
    they sit in is refused, so they check out instead (one query)."""
    over = set(
        Visit.objects.filter(
            player__in=players, status=VisitStatus.OPEN, last_game__status=GameStatus.FINISHED
        ).values_list("player_id", flat=True)
    )
    return [player for player in players if player.pk in over]


def visit_for(user: Any, visit_id: Any, *, role: Role = Role.STAFF) -> tuple[Visit, Access]:
    """A visit at the user's parlor; with role=PLAYER a player gets only their own."""
    access = require(user, role)
    visit = (
        Visit.objects.select_related("player", "parlor", "last_game")
        .filter(parlor=access.parlor, public_id=_uuid(visit_id, "visit"))
        .first()
    )
    if visit is None:
        raise NotFound(f"no visit {visit_id} at {access.parlor.name}", code="visit_not_found")
    if access.role == Role.PLAYER and visit.player != access.player:
        raise Forbidden("a player can read only their own visits", code="not_your_visit")
    return visit, access


def adjustment_for(user: Any, adjustment_id: Any) -> tuple[Adjustment, Access]:
    access = require(user, Role.STAFF)
    found = Adjustment.objects.filter(
        parlor=access.parlor, public_id=_uuid(adjustment_id, "adjustment")
    ).first()
    if found is None:
        raise NotFound(f"no adjustment {adjustment_id}", code="adjustment_not_found")
    return found, access


def game_of_parlor(access: Access, game_id: Any) -> Game:
    game = Game.objects.filter(
        table__parlor=access.parlor, public_id=_uuid(game_id, "game")
    ).first()
    if game is None:
        raise NotFound(f"no game {game_id} at {access.parlor.name}", code="game_not_found")
    return game


def visits_open(parlor: Parlor) -> QuerySet[Visit]:
    return (
        Visit.objects.filter(parlor=parlor, status=VisitStatus.OPEN)
        .select_related("player", "last_game")
        .order_by("checked_in_at", "id")
    )


def visits_of_player(player: Player) -> QuerySet[Visit]:
    return (
        Visit.objects.filter(player=player)
        .select_related("player", "parlor", "last_game", "settlement")
        .order_by("-checked_in_at", "-id")
    )


@dataclass(frozen=True, slots=True)
class VisitLine:
    """A visit as the player's page lists it: its games and its total (yen)."""

    visit: Visit
    games: int
    total_yen: int


def visit_lines_of_player(player: Player, *, limit: int = 20) -> list[VisitLine]:
    """The player's latest visits with their receipts' game count and total.

    One query for the closed visits (from their settlements); an open visit (a player has one
    at most) computes its provisional receipt.
    """
    visits = visits_of_player(player).annotate(
        game_lines=Count("settlement__lines", filter=Q(settlement__lines__game__isnull=False))
    )[:limit]
    rows = []
    for visit in visits:
        if visit.status == VisitStatus.CLOSED:
            rows.append(VisitLine(visit, visit.game_lines, visit.settlement.total_yen))
        else:
            receipt = receipt_of(visit)
            games = sum(1 for line in receipt.lines if line.game_id)
            rows.append(VisitLine(visit, games, receipt.totals["total_yen"]))
    return rows


def adjustments_of(parlor: Parlor, *, open_only: bool) -> QuerySet[Adjustment]:
    rows = Adjustment.objects.filter(parlor=parlor).select_related(
        "player", "game__table", "corrects_shift"
    )
    return rows.filter(settled_at__isnull=True) if open_only else rows


@dataclass(frozen=True, slots=True)
class Receipt:
    """A visit's receipt: the closed settlement's lines, or what they would be now."""

    visit: Visit
    lines: list[SettlementLine]
    totals: dict[str, int]
    is_closed: bool
    closed_at: datetime | None
    games_in_progress: int


def receipt_of(visit: Visit) -> Receipt:
    """Reads the settlement of a closed visit; computes the provisional one of an open visit."""
    if visit.status == VisitStatus.CLOSED:
        settlement = visit.settlement
        lines = list(settlement.lines.select_related("game", "adjustment").order_by("position"))
        totals = {
            key: getattr(settlement, key)
            for key in ("points_yen", "chips_yen", "fees_yen", "adjustments_yen", "total_yen")
        }
        return Receipt(visit, lines, totals, True, settlement.closed_at, 0)
    return open_receipts([visit])[visit.pk]


def open_receipts(visits: Sequence[Visit]) -> dict[int, Receipt]:
    """The provisional receipt of each open visit (by visit id), in four queries however many
    visits and games (settlement_lines.visits_lines)."""
    found = visits_lines(visits)
    return {
        visit.pk: Receipt(
            visit,
            found[visit.pk].lines,
            lines_totals(found[visit.pk].lines),
            False,
            None,
            found[visit.pk].games_in_progress,
        )
        for visit in visits
    }


def visit_summary(visit: Visit) -> dict[str, Any]:
    return {
        "id": visit.public_id,
        "player": {
            "id": visit.player.public_id,
            "name": visit.player.name,
            "member_number": visit.player.member_number,
        },
        "status": visit.status,
        "checked_in_at": visit.checked_in_at,
        "checked_out_at": visit.checked_out_at,
        "last_game_called_at": visit.last_game_called_at,
        "last_game_id": visit.last_game.public_id if visit.last_game else None,
        "is_over": visit_is_over(visit),
        "wish": visit.wish,  # 希望: None for any table (parlor.domain.wishes)
    }


@dataclass(frozen=True, slots=True)
class StoreNet:
    """The parlor's own money for a business day (domain.house_money): fees taken, penalties
    that left the games, rounding and staff play (本走)."""

    day: date
    games: int
    fees_yen: int
    staff_play_yen: int  # points and chips money of the seats staff filled
    staff_play_games: int
    penalties_yen: int = 0  # points that left the game (a chombo to nobody, lost sticks)
    rounding_yen: int = 0  # what rounding each table's point money added

    @property
    def net_yen(self) -> int:
        return self.fees_yen + self.penalties_yen + self.rounding_yen + self.staff_play_yen


def store_net(parlor: Parlor, day: date | None = None) -> StoreNet:
    """The parlor's lines of the games that ended in a business day (a query per game)."""
    day = day or business_day_of(parlor)
    start, end = day_range(parlor, day)
    games = Game.objects.filter(
        table__parlor=parlor,
        status=GameStatus.FINISHED,
        ended_at__gte=start,
        ended_at__lt=end,
        money__isnull=False,
    ).select_related("money")
    house = HouseLines()
    staff_games = count = 0
    for game in games:
        money = game_money_of(game)
        count += 1
        house = house + game_house_lines(Terms.of(game.money), tuple(money.values()))
        staff_games += any(m.is_staff_play for m in money.values())
    return StoreNet(
        day,
        count,
        house.fee_income_yen,
        house.staff_play_yen,
        staff_games,
        penalties_yen=house.left_game_yen,
        rounding_yen=house.rounding_yen,
    )
