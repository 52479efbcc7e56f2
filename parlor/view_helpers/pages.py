"""What the tablet screens show, shaped from the game row, a table state or a replay.

These read what the selectors and services returned and put it in the order and the words of
the screen. They decide no rule: payments, scores and the next hand come from the engine.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from parlor.models import Game, GameResult, Parlor
from parlor.selectors.counter import PlayerAtCounter
from parlor.selectors.game_seats import GameSeats
from parlor.selectors.games import TableNow
from parlor.selectors.rulesets import rulesets_resolve
from parlor.view_helpers import labels
from scoring import (
    Reason,
    Ruleset,
    SettlementUnit,
    Transfer,
    in_unit,
)


def points(value: int) -> str:
    """25,000: a score with the thousands grouped."""
    return f"{value:,}"


def signed(value: int) -> str:
    """+3,900 / -1,000 / 0: a change of score."""
    return f"{value:+,}" if value else "0"


def p_value(value: float) -> str:
    """+15 / -8.5 / +47,000: a settlement value in the ruleset's unit (at most one decimal),
    the thousands grouped like the scores beside it (われポン settles in points)."""
    if float(value).is_integer():
        return f"{int(value):+,d}" if value else "0"
    return f"{value:+,.1f}"


def final_amount(points: int, ruleset: Ruleset) -> str:
    """-20p / -20,000 points: an amount of the final settlement (given in points) in the
    ruleset's unit, signed."""
    value = in_unit(points, ruleset)
    if ruleset.settlement_unit is SettlementUnit.P_1000:
        return f"{p_value(value)}p"
    return _("%(points)s points") % {"points": signed(int(value))}


@dataclass(frozen=True, slots=True)
class DeductionLine:
    """One seat's 罰符 owed at the final settlement (a chombo deducted from the result, or a
    share of one), as the tablet shows it: never as a bonus, never as points moved now."""

    seat: int
    name: str
    points: int
    amount: str  # -20p, in the ruleset's unit

    @property
    def text(self) -> str:
        return _("%(amount)s at the end of the game") % {"amount": self.amount}

    @property
    def is_share(self) -> bool:
        """A share of another seat's deduction (where the ruleset splits it among the others)."""
        return self.points > 0


def deduction_lines(
    deductions: Iterable[int], names: list[str], ruleset: Ruleset
) -> list[DeductionLine]:
    """The seats that owe (or receive a share of) a deduction, in seat order; none for an
    empty list (a hand that owes none)."""
    return [
        DeductionLine(seat, names[seat], points, final_amount(points, ruleset))
        for seat, points in enumerate(deductions)
        if points
    ]


def ruleset_title(ruleset: Ruleset | None) -> str:
    """The ruleset's title in the active language; empty for None."""
    if ruleset is None:
        return ""
    return ruleset.title if (get_language() or "ja").startswith("ja") else ruleset.title_en


def ruleset_titles(parlor: Parlor, keys: Iterable[str]) -> dict[str, str]:
    """Each ruleset key's title in the active language (the key itself for a ruleset that no
    longer resolves). One query for the parlor's own rulesets."""
    resolved = rulesets_resolve(parlor_id=parlor.pk, keys=set(keys))
    return {
        key: ruleset_title(found) if isinstance(found, Ruleset) else key
        for key, found in resolved.items()
    }


# Where each seat is drawn, seat 0 first: turn order runs counter-clockwise as players sit,
# so the seat after the one at the bottom is on the right. The tablet turns this on the device.
TABLE_SIDES = ("bottom", "right", "top", "left")


@dataclass(frozen=True, slots=True)
class SeatTile:
    seat: int
    name: str
    score: int
    wind: str  # the seat's wind this hand (東 / E); empty where it is not known
    is_dealer: bool
    sits_out: bool
    side: str = ""  # bottom / right / top / left of the table drawn; empty past four seats
    # 罰符 owed at the final settlement so far (points, and in the ruleset's unit): the score
    # does not show it, so the seat does.
    deduction_points: int = 0
    deduction: str = ""

    @property
    def score_text(self) -> str:
        return points(self.score)


def game_names(game: Game) -> list[str]:
    return [seat.name for seat in game.seats.all()]


def seat_tiles(at_table: GameSeats, ruleset: Ruleset) -> list[SeatTile]:
    """The seats of a game, drawn as the table is (tablet/_seats.html: the game and the
    correction screens, the floor's cards), each with the 罰符 it owes at the end in the
    ruleset's unit: the score does not show it, so the seat does."""
    sides = TABLE_SIDES if len(at_table.seats) <= len(TABLE_SIDES) else ()
    return [
        SeatTile(
            seat=seat.seat,
            name=seat.name,
            score=seat.score,
            wind=labels.seat_wind(seat.wind) if seat.wind else "",
            is_dealer=seat.is_dealer,
            sits_out=seat.sits_out,
            side=sides[seat.seat] if sides else "",
            deduction_points=seat.deduction,
            deduction=final_amount(seat.deduction, ruleset) if seat.deduction else "",
        )
        for seat in at_table.seats
    ]


def table_card(state: TableNow) -> dict[str, Any]:
    """A floor-view card from selectors.games.table_state."""
    seating = state.seating
    card: dict[str, Any] = {
        "id": state.table.public_id,
        "label": state.table.label,
        "ruleset": ruleset_title(state.ruleset),
        "ruleset_error": state.ruleset_error,
        "games_played": seating.games_played if seating else 0,
        "interval": seating.interval if seating else None,
        # A seat change is due only where there are seats to change.
        "draw_required": bool(seating and seating.players and seating.is_draw_required),
        "game": None,
    }
    game, at_table = state.game, state.at_table
    if game is not None and at_table is not None:
        card["game"] = {
            "id": game.public_id,  # the card links straight to the game, with no redirect
            "round": labels.round_label(at_table.next_hand),
            "sticks": game.sticks,
            "hand_count": game.hand_count,
            "tiles": seat_tiles(at_table, game.ruleset),
        }
    return card


def start_picks(rows: list[PlayerAtCounter], picked: list[str]) -> list[dict[str, Any]]:
    """The players of the game start, each with their place among those picked (1, 2, ...) or
    None: the picks survive a check-in or a refused start."""
    order = {pid: at for at, pid in enumerate(picked, start=1)}
    return [
        {
            "player": row.player,
            "state": str(row.state),
            "can_play": row.can_play,
            "pick": order.get(str(row.player.public_id)),
            "seated_at": row.seated_at,
        }
        for row in rows
    ]


def transfer_rows(
    transfers: Iterable[Transfer], names: list[str], *, cancelled: Collection[int] = ()
) -> list[dict[str, str]]:
    """A hand's ledger, one row per payment: the engine's transfers (a stored outcome's are
    HandOutcome.ledger). The stick a seat of `cancelled` (the hand's riichi_cancelled) put on
    the table is its cancel fee (リーチ取消料), not a riichi stick."""
    table = _("Table")
    return [
        {
            "from": names[t.payer] if t.payer is not None else table,
            "to": names[t.payee] if t.payee is not None else table,
            "amount": points(t.amount),
            "reason": _("Riichi cancel fee")
            if t.reason == Reason.RIICHI and t.payer in cancelled
            else labels.reason_label(t.reason),
        }
        for t in transfers
    ]


def result_rows(results: list[GameResult], names: list[str]) -> list[dict[str, Any]]:
    """The stored results (成績) per seat, best rank first; p values from tenths."""
    rows = [
        {
            "seat": r.seat,
            "name": names[r.seat],
            "rank": r.rank,
            "score": points(r.final_score),
            "score_value": r.final_score,
            "oka": p_value(r.oka_tenths / 10),
            "uma": p_value(r.uma_tenths / 10),
            "bonus": p_value(r.bonus_tenths / 10),
            "deduction": p_value(r.deduction_tenths / 10),
            "has_deduction": bool(r.deduction_tenths),
            "total": p_value(r.total_tenths / 10),
            "chips": r.chips,
        }
        for r in results
    ]
    return sorted(rows, key=lambda row: (row["rank"], row["seat"]))
