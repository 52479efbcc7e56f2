"""Numbers as the pages show them: signed, with thousands separators, and a true minus sign."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from parlor.domain.business_days import business_day_of
from parlor.domain.units import Result, rate_basis_of
from parlor.models import LineKind, Parlor, SettlementLine
from parlor.reports.render.text import clock, plain
from parlor.reports.sections import Local, local_time
from parlor.selectors.audit_text import adjustment_reason_text
from parlor.selectors.visits import Receipt
from parlor.services.stats import PlayerStats
from parlor.units_text import rate_text, result_text

MINUS = "−"  # U+2212, as printed receipts and score boards write it


def signed(value: int | float, *, decimals: int = 0) -> str:
    """+2,300 / −50 / 0; with decimals=1, +52.0 / −13.0.

    >>> signed(2300), signed(-50), signed(0), signed(-13, decimals=1)
    ('+2,300', '−50', '0', '−13.0')
    """
    text = f"{abs(value):,.{decimals}f}"
    if value > 0:
        return f"+{text}"
    return f"{MINUS}{text}" if value < 0 else text


def signed_result(result: Result, *, with_unit: bool = True) -> str:
    """A result with its unit, signed as the pages write numbers: +52.0p, −16,000点.

    >>> from parlor.domain.units import SettlementUnit
    >>> signed_result(Result(-130, SettlementUnit.P_1000), with_unit=False)
    '−13.0'
    """
    text = result_text(result) if with_unit else result.number()
    return text.replace("-", MINUS).replace("±", "")


def _fee(yen: int) -> str:
    """A fee is taken from the player: −400, or 0."""
    return f"{MINUS}{yen:,}" if yen else "0"


def percent(rate: float | None) -> str:
    return "—" if rate is None else f"{rate * 100:.1f}%"


@dataclass(frozen=True, slots=True)
class ReceiptLineView:
    is_game: bool
    table_label: str
    time: str  # a game's end (as the daily report lists it), an adjustment's date and time
    ruleset_title: str
    rank: int | None
    result: str
    rate: str  # the rate the result was paid at, with what it is per: 50 円/1,000点
    chips: str
    points: str
    chips_money: str
    fee: str
    amount: str
    description: str
    stand_in: bool
    penalty: str = (
        ""  # the part of the result that left the game: 「うちチョンボ罰符 −20.0p (店へ)」
    )


def receipt_lines(receipt: Receipt) -> list[ReceiptLineView]:
    """The receipt's lines as printed. Its times are the daily report's: the parlor's time
    zone, a game at its end, an adjustment when it was made (no query: the lines carry their
    game and adjustment)."""
    local = local_time(receipt.visit.parlor.time_zone)
    return [_line(line, local) for line in receipt.lines]


def _line_time(line: SettlementLine, local: Local) -> str:
    if line.kind == LineKind.GAME:
        ended = local(line.game.ended_at) if line.game else None
        return clock(ended) if ended else ""
    return plain(local(line.adjustment.created_at)) if line.adjustment else ""


def _line(line: SettlementLine, local: Local) -> ReceiptLineView:
    is_game = line.kind == LineKind.GAME
    return ReceiptLineView(
        is_game=is_game,
        table_label=line.table_label,
        time=_line_time(line, local),
        ruleset_title=line.ruleset_title,
        rank=line.rank,
        result=signed_result(line.result) if is_game else "",
        rate=rate_text(line.rate_yen_per_p, rate_basis_of(line.result.unit)) if is_game else "",
        chips=signed(line.chips) if is_game else "",
        points=signed(line.points_yen) if is_game else "",
        chips_money=signed(line.chips_yen) if is_game else "",
        fee=_fee(line.fee_yen) if is_game else "",
        amount=signed(line.amount_yen),
        description=adjustment_reason_text(line.description),
        stand_in=line.stand_in,
        penalty=_penalty(line) if is_game else "",
    )


def _penalty(line: SettlementLine) -> str:
    """A chombo deducted to nobody is in the player's result but paid to the parlor: the line
    says so, so the receipt explains why the table's money does not add up to zero."""
    if not line.left_game_tenths:
        return ""
    text = result_text(line.left_game).replace("-", MINUS)
    return pgettext("receipt", "of which chombo penalty %(result)s (to the parlor)") % {
        "result": text
    }


def receipt_times(receipt: Receipt, *, now: datetime | None = None) -> dict[str, str]:
    """The business day (営業日) and the visit's times, as the daily report writes them.

    A closed receipt belongs to the business day of its check-out, the day whose report lists
    its settlement; a provisional one to the business day of `now`.
    """
    parlor: Parlor = receipt.visit.parlor
    local = local_time(parlor.time_zone)
    return {
        "business_day": plain(business_day_of(parlor, receipt.closed_at or now)),
        "checked_in": plain(local(receipt.visit.checked_in_at)),
        "closed": plain(local(receipt.closed_at)),
    }


def receipt_totals(receipt: Receipt) -> dict[str, str | bool]:
    totals = receipt.totals
    yen = totals["total_yen"]
    if yen > 0:
        words = _("Player receives")  # お受け取り
    elif yen < 0:
        words = _("Player pays")  # お支払い
    else:
        words = _("Nothing to pay or receive")
    return {
        "points": signed(totals["points_yen"]),
        "chips": signed(totals["chips_yen"]),
        "fees": _fee(totals["fees_yen"]),
        "adjustments": signed(totals["adjustments_yen"]),
        "total": f"{abs(totals['total_yen']):,}",
        "player_receives": totals["total_yen"] > 0,
        "player_pays": totals["total_yen"] < 0,
        "words": words,
        "yen": f"¥{abs(yen):,}",
    }


def stats_rows(stats: PlayerStats) -> dict[str, str]:
    return {
        "games": str(stats.games),
        "average_rank": "—" if stats.average_rank is None else f"{stats.average_rank:.2f}",
        "top_rate": percent(stats.top_rate),
        "last_rate": percent(stats.last_rate),
        "win_rate": percent(stats.win_rate),
        "deal_in_rate": percent(stats.deal_in_rate),
        "riichi_rate": percent(stats.riichi_rate),
        "tobi_rate": percent(stats.tobi_rate),
        "average_win_points": "—"
        if stats.average_win_points is None
        else f"{stats.average_win_points:,}",
        "hands": str(stats.hands),
    }
