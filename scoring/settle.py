"""Settling one hand: every payment as a ledger of transfers (rules README §3.1–§3.7).

>>> from scoring.ruleset_files import load_directory, default_preset_dir
>>> from scoring.facts import Ron, Win, Hand, TableState
>>> standard = load_directory(default_preset_dir())["standard"]
>>> state = TableState("E", 1, dealer=0, honba=0, sticks=0, scores=(25000,) * 4)
>>> hand = Hand(result=Ron(loser=2, wins=(Win(winner=1, han=3, fu=30),)))
>>> settle_hand(state, hand, ruleset=standard).deltas
(0, 3900, -3900, 0)
"""

from __future__ import annotations

from dataclasses import replace

from scoring.errors import HandError
from scoring.facts import Chombo, Draw, Hand, Ron, TableState, Tsumo, Win
from scoring.hand_settlement import HandSettlement, OutcomeKind, outcome_of
from scoring.ledger import Reason, Transfer, deltas_of
from scoring.notes import Note, NoteCode
from scoring.payments import (
    pay_win_ron,
    pay_win_tsumo,
    seats_in_play,
    take_sticks,
    turn_order_from,
)
from scoring.penalties import (
    check_dead_hands,
    chombo_deductions,
    deposit_transfers,
    penalty_chombo_transfers,
    recorded_chombo_offenders,
)
from scoring.ruleset import (
    MultiRon,
    MultiRonTo,
    Ruleset,
    TripleRon,
)
from scoring.settle_draw import settle_chombo, settle_draw
from scoring.tobi import tobi_after_noten, tobi_after_win


def settle_hand(state: TableState, hand: Hand, *, ruleset: Ruleset) -> HandSettlement:
    """Settle ``hand`` from ``state``: transfers, deltas and what the flow needs."""
    seats = len(state.scores)
    active = seats_in_play(seats, hand.sit_out)
    if hand.sit_out is not None and hand.sit_out == state.dealer:
        raise HandError(f"seat {state.dealer} deals this hand and cannot sit out",
                        field="sit_out", code="dealer_sits_out")
    check_riichi(state, hand, ruleset)
    check_dead_hands(hand, ruleset)
    result = hand.result
    if isinstance(result, Chombo):
        return with_recorded_chombo(
            state, hand, settle_chombo(state, hand, result, ruleset=ruleset, active=active),
            ruleset=ruleset, active=active)
    deposits = tuple(Transfer(s, None, ruleset.riichi_stick, Reason.RIICHI)
                     for s in hand.riichi) + deposit_transfers(hand, ruleset)
    pot = state.sticks + sum(t.amount for t in deposits) // ruleset.riichi_stick
    if isinstance(result, Ron):
        outcome = settle_ron(state, hand, result, ruleset=ruleset, active=active, pot=pot)
    elif isinstance(result, Tsumo):
        outcome = settle_tsumo(state, hand, result, ruleset=ruleset, active=active, pot=pot)
    elif isinstance(result, Draw):
        outcome = settle_draw(state, hand, result, ruleset=ruleset, active=active, pot=pot)
        if outcome.kind is OutcomeKind.CHOMBO:
            return with_recorded_chombo(state, hand, outcome, ruleset=ruleset, active=active)
    else:
        outcome = outcome_of(OutcomeKind.ABORTIVE, (), pot)
    return completed(state, hand, outcome, deposits, ruleset=ruleset, active=active)


def settle_tsumo(state: TableState, hand: Hand, tsumo: Tsumo, *, ruleset: Ruleset,
                 active: tuple[int, ...], pot: int) -> HandSettlement:
    note = check_min_han(state, tsumo.win, ruleset, field="result.win")
    transfers = pay_win_tsumo(state, hand, tsumo.win, ruleset=ruleset, active=active,
                              honba=True)
    transfers += take_sticks(tsumo.win.winner, pot, ruleset)
    return outcome_of(OutcomeKind.WIN, transfers, 0, (tsumo.win.winner,),
                      notes=(note,) if note is not None else ())


def completed(state: TableState, hand: Hand, outcome: HandSettlement,
              deposits: tuple[Transfer, ...], *, ruleset: Ruleset,
              active: tuple[int, ...]) -> HandSettlement:
    """The hand's whole ledger around its outcome (the riichi sticks and deposits put down,
    a chombo recorded in it, tobi), and what follows from it: deltas, bonuses, deductions
    and chips."""
    seats = len(state.scores)
    transfers = deposits + outcome.transfers + penalty_chombo_transfers(
        state, hand, ruleset=ruleset, active=active)
    extra, bonuses = tobi_transfers(state, hand, outcome, transfers, ruleset=ruleset,
                                    active=active)
    transfers += extra
    deducted = chombo_deductions(recorded_chombo_offenders(hand), hand, seats=seats,
                                 active=active, ruleset=ruleset)
    return HandSettlement(kind=outcome.kind, transfers=transfers,
                          deltas=deltas_of(transfers, seats),
                          sticks_after=outcome.sticks_after, winners=outcome.winners,
                          tenpai=outcome.tenpai, bonuses=bonuses, deductions=deducted,
                          notes=outcome.notes,
                          chips=chip_deltas(hand.result, outcome, seats=seats, active=active,
                                            ruleset=ruleset))


def with_recorded_chombo(state: TableState, hand: Hand, outcome: HandSettlement, *,
                         ruleset: Ruleset, active: tuple[int, ...]) -> HandSettlement:
    """A hand that ends in a chombo (its result, or a noten riichi at the draw) still owes
    the chombo recorded earlier in it (seed 003: 流局時に合わせてチョンボ代を精算)."""
    seats = len(state.scores)
    owed = penalty_chombo_transfers(state, hand, ruleset=ruleset, active=active)
    deducted = chombo_deductions(recorded_chombo_offenders(hand), hand, seats=seats,
                                 active=active, ruleset=ruleset)
    transfers = outcome.transfers + owed
    return replace(outcome, transfers=transfers, deltas=deltas_of(transfers, seats),
                   deductions=added(outcome.deductions or (0,) * seats, deducted))


def added(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def chip_deltas(result: object, outcome: HandSettlement, *, seats: int,
                active: tuple[int, ...], ruleset: Ruleset) -> tuple[int, ...]:
    """祝儀: a ron's chips come from the discarder, a tsumo's from each other player.
    A head-bumped claimant earns none."""
    if ruleset.chips is None:
        return ()
    chips = [0] * seats
    if outcome.kind is not OutcomeKind.WIN:
        return tuple(chips)
    if isinstance(result, Ron):
        for win in result.wins:
            if win.winner in outcome.winners:
                chips[result.loser] -= win.chips
                chips[win.winner] += win.chips
    elif isinstance(result, Tsumo):
        for seat in active:
            if seat != result.win.winner:
                chips[seat] -= result.win.chips
                chips[result.win.winner] += result.win.chips
    return tuple(chips)


def tobi_transfers(state: TableState, hand: Hand, outcome: HandSettlement,
                   transfers: tuple[Transfer, ...], *, ruleset: Ruleset,
                   active: tuple[int, ...]) -> tuple[tuple[Transfer, ...], tuple[int, ...]]:
    zero = (0,) * len(state.scores)
    if ruleset.tobi_payment is None:
        return (), zero
    if outcome.kind is OutcomeKind.WIN:
        return tobi_after_win(state.scores, transfers, outcome.winners, ruleset=ruleset)
    if outcome.kind is OutcomeKind.DRAW:
        return tobi_after_noten(state.scores, transfers, outcome.tenpai, active,
                                ruleset=ruleset), zero
    return (), zero


def check_riichi(state: TableState, hand: Hand, ruleset: Ruleset) -> None:
    for i, seat in enumerate(hand.riichi):
        score = state.scores[seat]
        if score < ruleset.riichi_min_points:
            raise HandError(
                f"seat {seat} has {score} points; riichi needs at least "
                f"{ruleset.riichi_min_points} in ruleset {ruleset.id}",
                field=f"riichi[{i}]", code="riichi_below_minimum")


def check_min_han(state: TableState, win: Win, ruleset: Ruleset, *,
                  field: str) -> Note | None:
    """From the ruleset's honba count a win needs more han, not counting dora or
    ippatsu (seed 000: 5本場から2飜縛り). Without a dora count the win is accepted
    and flagged for staff review: the returned note."""
    rule = ruleset.min_han_from_honba
    if rule is None or win.is_yakuman or win.han is None or state.honba < rule.honba:
        return None
    counted = win.han - (win.dora or 0) - (1 if win.ippatsu else 0)
    if win.dora is None and counted >= rule.han:
        return Note(NoteCode.MIN_HAN_UNCHECKED, seat=win.winner, honba=state.honba,
                    han=rule.han)
    if counted < rule.han:
        raise HandError(
            f"at {state.honba} honba a win needs {rule.han} han not counting dora or "
            f"ippatsu (二飜縛り); this hand has {counted}. Check 'han', 'dora' and "
            "'ippatsu', or record another result", field=f"{field}.han",
            code="below_min_han")
    return None


def head_order(ron: Ron, *, active: tuple[int, ...]) -> tuple[Win, ...]:
    """Claimants from the discarder's shimocha in turn order (上家取り)."""
    order = turn_order_from(ron.loser, active)
    return tuple(sorted(ron.wins, key=lambda w: order.index(w.winner)))


def settle_ron(state: TableState, hand: Hand, ron: Ron, *, ruleset: Ruleset,
               active: tuple[int, ...], pot: int) -> HandSettlement:
    wins = head_order(ron, active=active)
    notes: list[Note] = []
    if len(wins) >= 3:
        if ruleset.triple_ron is TripleRon.ABORTIVE_DRAW:
            return outcome_of(OutcomeKind.ABORTIVE, (), pot,
                              notes=(Note(NoteCode.TRIPLE_RON),))
        if ruleset.triple_ron is TripleRon.HEAD_BUMP:
            notes += [Note(NoteCode.HEAD_BUMP, seat=w.winner) for w in wins[1:]]
            wins = wins[:1]
    if len(wins) >= 2 and ruleset.multi_ron is MultiRon.HEAD_BUMP:
        notes += [Note(NoteCode.HEAD_BUMP, seat=w.winner) for w in wins[1:]]
        wins = wins[:1]
    transfers: list[Transfer] = []
    for i, win in enumerate(wins):
        note = check_min_han(state, win, ruleset, field=f"result.wins[{ron.wins.index(win)}]")
        if note is not None:
            notes.append(note)
        with_honba = i == 0 or ruleset.multi_ron_honba_to is MultiRonTo.EACH
        transfers += pay_win_ron(state, hand, win, ron.loser, ruleset=ruleset,
                                 honba=with_honba)
    winners = tuple(w.winner for w in wins)
    standing = tuple(s for s in hand.riichi if s not in hand.riichi_cancelled)
    transfers += share_sticks(winners, pot, riichi=standing, ruleset=ruleset)
    return outcome_of(OutcomeKind.WIN, tuple(transfers), 0, winners, notes=tuple(notes))


def share_sticks(winners: tuple[int, ...], pot: int, *, riichi: tuple[int, ...],
                 ruleset: Ruleset) -> tuple[Transfer, ...]:
    """The sticks on the table after a ron, winners in head order (multi_ron_sticks_to):
    all to the head winner (上家取り); split in whole sticks, an odd stick to the winners in
    head order; or each winner takes back the stick they put down and the head takes the rest.

    >>> from scoring.ruleset_files import load_directory, default_preset_dir
    >>> each = load_directory(default_preset_dir())["standard"].replace(
    ...     multi_ron_sticks_to=MultiRonTo.EACH)
    >>> [(t.payee, t.amount) for t in share_sticks((1, 3), 3, riichi=(), ruleset=each)]
    [(1, 2000), (3, 1000)]
    """
    rule = ruleset.multi_ron_sticks_to
    if len(winners) == 1 or rule is MultiRonTo.HEAD:
        return take_sticks(winners[0], pot, ruleset)
    if rule is MultiRonTo.EACH:
        counts = [pot // len(winners) + (i < pot % len(winners))
                  for i in range(len(winners))]
    else:
        counts = [1 if w in riichi else 0 for w in winners]
        counts[0] += pot - sum(counts)
    return tuple(t for w, n in zip(winners, counts, strict=True)
                 for t in take_sticks(w, n, ruleset))


