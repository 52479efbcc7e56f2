"""A business day's money (domain.house_money.DayMoney) from its ledger: the figures the daily
report's summary shows and the day close (締め) reads (expected drawer = float + paid in −
paid out)."""

from __future__ import annotations

from datetime import date

from parlor.domain.house_money import DayMoney, HouseLines, cash_paid, settled_bridge
from parlor.models import Parlor, Shift
from parlor.reports.selectors import DayLedger, day_ledger
from parlor.selectors.shifts import shift_cash


def shift_day_yen(shift: Shift) -> int:
    """A shift in the day's money (parlor's side): a closed shift's games as settled at
    sign-out (fees − back − result, from its stored figures), an open one's float still out."""
    if shift.is_open:
        return -shift.float_out_yen
    return (shift.fees_yen or 0) - (shift.back_yen or 0) - (shift.result_yen or 0)


def day_money_of(ledger: DayLedger) -> DayMoney:
    """The day's money from a ledger already read (no query)."""
    worth = {
        (line.game.pk, seat.player.pk): seat.game_money_yen
        for line in ledger.games
        for seat in line.seats
        if not seat.is_staff_play
    }
    in_day: dict[tuple[int, int], int] = {}
    earlier = 0
    for settled in ledger.settled_games:
        ended = settled.game_ended_at
        if ended is not None and ledger.starts_at <= ended < ledger.ends_at:
            key = (settled.game_id, settled.player_id)
            in_day[key] = in_day.get(key, 0) + settled.amount_yen
        else:  # a game of an earlier day, settled on a visit that ran past the cutoff
            earlier += settled.amount_yen
    not_settled, corrected = settled_bridge(worth, in_day)
    adjustments = [s.adjustments_yen for s in ledger.settlements]
    adjustments += [a.amount_yen for a in ledger.counter_adjustments]
    paid_in, paid_out = cash_paid(
        [s.total_yen for s in ledger.settlements]
        + [a.amount_yen for a in ledger.counter_adjustments]
        + [yen for shift in ledger.shifts for yen in shift_cash(shift)]
    )
    return DayMoney(
        house=HouseLines.total(line.house for line in ledger.games),
        not_settled_yen=not_settled,
        corrected_yen=corrected,
        earlier_games_yen=-earlier,
        adjustments_yen=-sum(adjustments),
        paid_in_yen=paid_in,
        paid_out_yen=paid_out,
        shifts_yen=sum(shift_day_yen(shift) for shift in ledger.shifts),
    )


def day_money(*, parlor: Parlor, day: date) -> DayMoney:
    """Business day `day`'s money at the parlor (reads the day's ledger: about fourteen queries)."""
    return day_money_of(day_ledger(parlor=parlor, day=day))
