"""Who pays whom for a win, a draw or a chombo: the building blocks of a hand's ledger."""

from __future__ import annotations

from scoring.facts import Hand, TableState, Win
from scoring.ledger import Reason, Transfer
from scoring.ruleset import OpenRiichiDealin, PaoRon, PaoRonHonba, Ruleset
from scoring.values import ron_amount, tsumo_amounts

# Payments a wareme seat pays and receives double; honba, no-ten money, sticks and the
# tobi payment never double (rules README §3.4).
WAREME_DOUBLES = frozenset({Reason.RON, Reason.TSUMO, Reason.NAGASHI, Reason.OPEN_RIICHI})


def seats_in_play(seats: int, sit_out: int | None) -> tuple[int, ...]:
    return tuple(s for s in range(seats) if s != sit_out)


def turn_order_from(start: int, active: tuple[int, ...], *,
                    include_start: bool = False) -> tuple[int, ...]:
    """Seats in turn order after ``start`` (its shimocha first).

    >>> turn_order_from(2, (0, 1, 2, 3))
    (3, 0, 1)
    """
    ordered = sorted(active, key=lambda s: (s < start, s))
    return tuple(s for s in ordered if include_start or s != start)


def wareme_seat(state: TableState, hand: Hand, active: tuple[int, ...]) -> int | None:
    """The wareme seat; a dice offset is counted from the dealer in turn order."""
    if hand.wareme is None or hand.wareme >= 0:
        return hand.wareme
    offset = -1 - hand.wareme
    return turn_order_from(state.dealer, active, include_start=True)[offset % len(active)]


def doubled(amount: int, payer: int, payee: int, reason: Reason, *, wareme: int | None,
            ruleset: Ruleset) -> int:
    if ruleset.wareme is None or wareme not in (payer, payee):
        return amount
    if reason in WAREME_DOUBLES or (reason is Reason.CHOMBO and
                                    ruleset.wareme.applies_to_chombo):
        return amount * ruleset.wareme.factor
    return amount


def deals_into_open_riichi(hand: Hand, win: Win, loser: int, ruleset: Ruleset) -> bool:
    rule = ruleset.open_riichi
    return (rule is not None and rule.dealin_by_non_riichi is OpenRiichiDealin.YAKUMAN
            and win.winner in hand.open_riichi and loser not in hand.riichi)


def pao_part(win: Win, ruleset: Ruleset) -> Win:
    """The share of ``win`` the liable player covers: the pao yakuman only, where the
    win names its yakuman; otherwise the whole hand."""
    if not win.yakuman_names or ruleset.pao is None:
        return win
    names = tuple(n for n in win.yakuman_names if n in ruleset.pao.yaku)
    return Win(winner=win.winner, yakuman=len(names), yakuman_names=names)


def pay_win_ron(state: TableState, hand: Hand, win: Win, loser: int, *, ruleset: Ruleset,
                honba: bool) -> list[Transfer]:
    active = seats_in_play(len(state.scores), hand.sit_out)
    wareme = wareme_seat(state, hand, active)
    is_dealer = win.winner == state.dealer
    value, reason = ron_amount(win, winner_is_dealer=is_dealer, ruleset=ruleset), Reason.RON
    if deals_into_open_riichi(hand, win, loser, ruleset):
        # オープンリーチへの放銃: a player not in riichi pays a yakuman, or more.
        yakuman = ron_amount(Win(winner=win.winner, yakuman=1), winner_is_dealer=is_dealer,
                             ruleset=ruleset)
        value, reason = max(value, yakuman), Reason.OPEN_RIICHI
    amount = doubled(value, loser, win.winner, reason, wareme=wareme, ruleset=ruleset)
    honba_amount = state.honba * ruleset.honba_ron if honba else 0
    honba_payer = loser
    liable = 0
    if win.pao is not None and win.pao != loser and ruleset.pao is not None:
        covered = doubled(ron_amount(pao_part(win, ruleset), winner_is_dealer=is_dealer,
                                     ruleset=ruleset),
                          loser, win.winner, Reason.RON, wareme=wareme, ruleset=ruleset)
        if ruleset.pao.ron is PaoRon.FULL:
            liable = covered
        else:
            unit = ruleset.point_unit
            liable = covered // 2 - (covered // 2) % unit
            if (covered - 2 * liable and
                    ruleset.pao.ron_odd_unit_paid_by is PaoRonHonba.PAO):
                liable += unit
        if ruleset.pao.ron_honba_paid_by is PaoRonHonba.PAO:
            honba_payer = win.pao
    transfers = [Transfer(loser, win.winner, amount - liable, reason)]
    if liable:
        transfers.append(Transfer(win.pao, win.winner, liable, Reason.PAO))
    if honba_amount:
        transfers.append(Transfer(honba_payer, win.winner, honba_amount, Reason.HONBA))
    return [t for t in transfers if t.amount]


def pay_win_tsumo(state: TableState, hand: Hand, win: Win, *, ruleset: Ruleset,
                  active: tuple[int, ...], honba: bool) -> tuple[Transfer, ...]:
    wareme = wareme_seat(state, hand, active)
    payers = tuple(s for s in active if s != win.winner)

    def shares(of: Win) -> dict[int, int]:
        return {p: doubled(a, p, win.winner, Reason.TSUMO, wareme=wareme, ruleset=ruleset)
                for p, a in tsumo_amounts(of, dealer=state.dealer, payers=payers,
                                          ruleset=ruleset).items()}

    amounts = shares(win)
    honba_each = state.honba * ruleset.honba_tsumo_per_payer if honba else 0
    liable, part = tsumo_liability(win, ruleset)
    if liable is None:
        transfers = [Transfer(p, win.winner, a, Reason.TSUMO) for p, a in amounts.items()]
        transfers += [Transfer(p, win.winner, honba_each, Reason.HONBA) for p in payers]
        return tuple(t for t in transfers if t.amount)
    # 包 on a tsumo: the liable player pays the covered share of everyone, honba included.
    covered = shares(part)
    transfers = [Transfer(p, win.winner, a - covered[p], Reason.TSUMO)
                 for p, a in amounts.items()]
    transfers.append(Transfer(liable, win.winner, sum(covered.values()), Reason.PAO))
    transfers.append(Transfer(liable, win.winner, honba_each * len(payers), Reason.HONBA))
    return tuple(t for t in transfers if t.amount)


def tsumo_liability(win: Win, ruleset: Ruleset) -> tuple[int | None, Win]:
    """Who pays a tsumo in everyone's place, and for which part of it: the pao player for
    the pao yakuman (包), or the feeder of the open kan for the whole rinshan win
    (大明槓の責任払い) where the ruleset makes them liable; (None, win) for nobody."""
    if ruleset.pao is None:
        return None, win
    if win.pao is not None:
        return win.pao, pao_part(win, ruleset)
    if win.daiminkan_feeder is not None and ruleset.pao.daiminkan_rinshan:
        return win.daiminkan_feeder, win
    return None, win


def noten_transfers(tenpai: tuple[int, ...], active: tuple[int, ...],
                    total: int) -> tuple[Transfer, ...]:
    """不聴罰符: each noten seat pays total/noten, each tenpai seat gets total/tenpai.

    >>> [t.amount for t in noten_transfers((0, 2), (0, 1, 2, 3), 3000)]
    [1500, 1500]
    """
    noten = [s for s in active if s not in tenpai]
    if not tenpai or not noten:
        return ()
    owed = {s: total // len(noten) for s in noten}
    due = {s: total // len(tenpai) for s in tenpai}
    transfers = []
    for payer in noten:  # match payers to receivers, filling each in turn
        for payee in tenpai:
            amount = min(owed[payer], due[payee])
            if amount:
                transfers.append(Transfer(payer, payee, amount, Reason.NOTEN))
                owed[payer] -= amount
                due[payee] -= amount
    return tuple(transfers)


def take_sticks(winner: int, pot: int, ruleset: Ruleset) -> tuple[Transfer, ...]:
    """The ``pot`` sticks on the table (供託) paid to ``winner``."""
    if not pot:
        return ()
    return (Transfer(None, winner, pot * ruleset.riichi_stick, Reason.STICKS),)
