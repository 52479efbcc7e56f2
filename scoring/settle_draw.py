"""Settling a hand that ends without a win at the table: the exhaustive draw (荒牌流局) with its
no-ten money, nagashi mangan (流し満貫), and chombo (錯和), the hand then replayed."""

from __future__ import annotations

from scoring.errors import HandError
from scoring.facts import Chombo, Draw, Hand, TableState, Win
from scoring.hand_settlement import HandSettlement, OutcomeKind, outcome_of
from scoring.ledger import Reason, Transfer, deltas_of
from scoring.notes import Note, NoteCode
from scoring.payments import noten_transfers, pay_win_tsumo, take_sticks, turn_order_from
from scoring.penalties import (
    chombo_deductions,
    chombo_payments,
    chombo_replay_transfers,
    dead_seats,
)
from scoring.ruleset import NagashiTreatedAs, NagashiValue, NotenRiichi, Ruleset


def settle_draw(state: TableState, hand: Hand, draw: Draw, *, ruleset: Ruleset,
                active: tuple[int, ...], pot: int) -> HandSettlement:
    standing = [s for s in hand.riichi if s not in hand.riichi_cancelled]
    noten_riichi = [s for s in standing if s not in draw.tenpai and s not in draw.nagashi]
    if noten_riichi and not draw.nagashi:
        if ruleset.noten_riichi is NotenRiichi.INVALID:
            raise HandError(
                f"seat {noten_riichi[0]} is in riichi but not tenpai; ruleset {ruleset.id} "
                "cannot have a noten riichi: add the seat to 'tenpai'",
                field="result.tenpai", code="noten_riichi")
        # Each noten riichi is that seat's chombo; the hand is settled once for them all.
        return settle_chombo(state, hand, Chombo(offender=noten_riichi[0]), ruleset=ruleset,
                             active=active, note=Note(NoteCode.NOTEN_RIICHI_CHOMBO),
                             also=tuple(noten_riichi[1:]))
    dead = dead_seats(hand, ruleset)
    for seat in draw.tenpai:
        if seat in dead:
            raise HandError(f"seat {seat} has a dead hand (和了放棄) and counts as noten; "
                            "remove it from 'tenpai'", field="result.tenpai",
                            code="dead_hand_tenpai")
    tenpai = tuple(s for s in draw.tenpai if s in active)
    if draw.nagashi:
        return settle_nagashi(state, hand, draw, ruleset=ruleset, active=active, pot=pot)
    transfers = noten_transfers(tenpai, active, ruleset.noten_penalty_total)
    return outcome_of(OutcomeKind.DRAW, transfers, pot, tenpai=tenpai)


def settle_nagashi(state: TableState, hand: Hand, draw: Draw, *, ruleset: Ruleset,
                   active: tuple[int, ...], pot: int) -> HandSettlement:
    """流し満貫: paid like a tsumo of its value, instead of no-ten money. A ruleset without
    nagashi (``nagashi`` none, as EMA 2016) refuses the hand rather than paying it.

    >>> from scoring.ruleset_files import load_directory, default_preset_dir
    >>> ema = load_directory(default_preset_dir())["ema"]
    >>> state = TableState(round_wind="E", round_number=1, dealer=0, honba=0, sticks=0,
    ...                    scores=(30000,) * 4)
    >>> draw = Draw(tenpai=(), nagashi=(2,))
    >>> settle_nagashi(state, Hand(result=draw), draw, ruleset=ema, active=(0, 1, 2, 3), pot=0)
    Traceback (most recent call last):
    scoring.errors.HandError: ruleset ema does not allow nagashi mangan (its 'nagashi' is none)
    """
    nagashi = ruleset.nagashi
    if nagashi is None:
        raise HandError(f"ruleset {ruleset.id} does not allow nagashi mangan "
                        "(its 'nagashi' is none)", field="result.nagashi",
                        code="nagashi_not_allowed")
    as_win = nagashi.treated_as is NagashiTreatedAs.TSUMO_WIN
    order = turn_order_from(state.dealer, active, include_start=True)
    winners = tuple(sorted(draw.nagashi, key=order.index))
    transfers: list[Transfer] = []
    for i, seat in enumerate(winners):
        if nagashi.value is NagashiValue.YAKUMAN:
            value = Win(winner=seat, yakuman=1)
        else:
            value = Win(winner=seat, han=ruleset.limits[0].min_han)
        paid = pay_win_tsumo(state, hand, value, ruleset=ruleset, active=active,
                             honba=as_win and i == 0)
        transfers += [Transfer(t.payer, t.payee, t.amount,
                               Reason.NAGASHI if t.reason is Reason.TSUMO else t.reason)
                      for t in paid]
    tenpai = tuple(s for s in draw.tenpai if s in active)
    if as_win:
        transfers += take_sticks(winners[0], pot, ruleset)
        return outcome_of(OutcomeKind.WIN, tuple(transfers), 0, winners, tenpai=tenpai)
    return outcome_of(OutcomeKind.DRAW, tuple(transfers), pot, tenpai=tenpai)


def settle_chombo(state: TableState, hand: Hand, chombo: Chombo, *, ruleset: Ruleset,
                  active: tuple[int, ...], note: Note | None = None,
                  also: tuple[int, ...] = ()) -> HandSettlement:
    """錯和: the offender (and ``also``, further offenders) pays; the hand is replayed with
    its sticks handed back."""
    seats = len(state.scores)
    transfers = chombo_replay_transfers(state, hand, chombo, ruleset=ruleset, active=active)
    for seat in also:
        transfers += chombo_payments(state, hand, seat, ruleset=ruleset, active=active)
    return HandSettlement(kind=OutcomeKind.CHOMBO, transfers=transfers,
                          deltas=deltas_of(transfers, seats), sticks_after=state.sticks,
                          notes=(note,) if note is not None else (),
                          deductions=chombo_deductions((chombo.offender, *also), hand,
                                                       seats=seats, active=active,
                                                       ruleset=ruleset))
