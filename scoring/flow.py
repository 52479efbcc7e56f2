"""Game flow: the dealer, the honba and the end of the game after each hand (§3.6)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from scoring.errors import HandError
from scoring.facts import WINDS, Hand, TableState
from scoring.hand_settlement import HandSettlement, OutcomeKind
from scoring.ranking import rank_order
from scoring.ruleset import (
    DealerRotation,
    Extension,
    GameLength,
    MultiRonRenchan,
    Ruleset,
    StopPolicy,
    Tobi,
)


class EndReason(StrEnum):
    ALL_LAST = "all_last"
    TOBI = "tobi"
    AGARI_YAME = "agari_yame"
    TENPAI_YAME = "tenpai_yame"
    SUDDEN_DEATH = "sudden_death"
    EXTENSION_END = "extension_end"
    FINISHED = "finished"


class Renchan(StrEnum):
    """Why the dealer keeps the deal."""

    WIN = "win"
    TENPAI = "tenpai"
    OTHER = "other"  # abortive draw, chombo replay, house rules on draws


@dataclass(frozen=True, slots=True)
class Advance:
    next_state: TableState | None
    end: EndReason | None


def advance(state: TableState, hand: Hand, settled: HandSettlement, *,
            ruleset: Ruleset) -> Advance:
    """The state of the next hand, or why the game ended.

    Long because it is one ladder of end conditions in the order the rules apply them (tobi,
    one-hand games, extensions, renchan, all-last): split, that order would be spread over
    several functions.
    """
    scores = tuple(s + d for s, d in zip(state.scores, settled.deltas, strict=True))
    last, extended = is_last_hand(state, ruleset), in_extension(state, ruleset)
    renchan = renchan_of(state, settled, ruleset=ruleset, is_last=last)
    nxt = next_state(state, settled, ruleset=ruleset, renchan=renchan, scores=scores)
    if is_tobi(scores, ruleset):
        return reject_stop(hand, Advance(None, EndReason.TOBI))
    if ruleset.game_length is GameLength.ONE_HAND:
        # 一局戦: a win or an exhaustive draw ends the game; a replay deals again.
        decided = settled.kind in (OutcomeKind.WIN, OutcomeKind.DRAW)
        return reject_stop(hand, Advance(None, EndReason.ALL_LAST) if decided
                           else Advance(nxt, None))
    if not (last or extended):
        return reject_stop(hand, Advance(nxt, None))
    if (extended and ruleset.extension is Extension.EXTRA_ROUND_SUDDEN_DEATH
            and target_reached(scores, ruleset)):
        # 延長戦サドンデス: the game ends the moment anyone reaches the target.
        return reject_stop(hand, Advance(None, EndReason.SUDDEN_DEATH))
    if extended and ruleset.extension is Extension.KAERI_TON_SUDDEN_DEATH:
        # 返り東: sudden death after every hand, a dealer's renchan included.
        if target_reached(scores, ruleset):
            return reject_stop(hand, Advance(None, EndReason.SUDDEN_DEATH))
        if renchan is not None:
            return Advance(None if (end := stop_after_renchan(
                state, hand, renchan, scores=scores, ruleset=ruleset)) else nxt, end)
        return reject_stop(hand, Advance(nxt, None))
    if renchan is not None:
        end = stop_after_renchan(state, hand, renchan, scores=scores, ruleset=ruleset)
        if (end and last and ruleset.extension is not Extension.NONE
                and not target_reached(scores, ruleset)):
            # The dealer's stop ends the scheduled hands, but with nobody at the target
            # the extension still follows (seed 000: 誰も3万点を超えない場合は返り東).
            return Advance(enter_extension(nxt, ruleset), None)
        return Advance(None if end else nxt, end)
    reject_stop(hand, Advance(nxt, None))
    reached = target_reached(scores, ruleset)
    if last:
        if ruleset.extension is Extension.NONE or reached:
            return Advance(None, EndReason.ALL_LAST)
        return Advance(enter_extension(nxt, ruleset), None)
    if reached:
        return Advance(None, EndReason.SUDDEN_DEATH)
    if state.round_number == (ruleset.extension_hands or ruleset.hands_per_round):
        return Advance(None, EndReason.EXTENSION_END)
    return Advance(nxt, None)


def reject_stop(hand: Hand, result: Advance) -> Advance:
    if hand.stop:
        raise HandError("'stop' is only for the all-last dealer after a win or tenpai",
                        field="stop", code="stop_not_allowed")
    return result


def dealer_won(state: TableState, settled: HandSettlement, ruleset: Ruleset) -> bool:
    if not settled.winners:
        return False
    if ruleset.multi_ron_renchan is MultiRonRenchan.HEAD_WINNER_DECIDES:
        return settled.winners[0] == state.dealer
    return state.dealer in settled.winners


def renchan_of(state: TableState, settled: HandSettlement, *, ruleset: Ruleset,
               is_last: bool) -> Renchan | None:
    kind = settled.kind
    if kind is OutcomeKind.WIN:
        if ruleset.dealer_rotation is DealerRotation.WINNER_BECOMES_DEALER:
            return Renchan.WIN if settled.winners[0] == state.dealer else None
        if dealer_won(state, settled, ruleset) and ruleset.renchan_on_dealer_win:
            return Renchan.WIN
        return None
    if kind is OutcomeKind.DRAW:
        if state.dealer in settled.tenpai and ruleset.renchan_on_dealer_tenpai:
            return Renchan.TENPAI
        if (ruleset.dealer_rotation is DealerRotation.WINNER_BECOMES_DEALER
                or ruleset.renchan_on_any_draw
                or (not settled.tenpai and ruleset.renchan_on_all_noten)
                or (is_last and ruleset.all_last_dealer_keeps_on_draw)):
            return Renchan.OTHER
        return None
    return Renchan.OTHER  # abortive draw, chombo replay


def next_state(state: TableState, settled: HandSettlement, *, ruleset: Ruleset,
               renchan: Renchan | None, scores: tuple[int, ...]) -> TableState:
    kind = settled.kind
    if kind is OutcomeKind.CHOMBO:
        honba = state.honba
    elif kind is OutcomeKind.WIN and renchan is None:
        honba = 0
    else:
        honba = state.honba + 1
    dealer = state.dealer
    if renchan is not None or ruleset.dealer_rotation is DealerRotation.WINNER_BECOMES_DEALER:
        if renchan is None and kind is OutcomeKind.WIN:
            dealer = settled.winners[0]
        return TableState(state.round_wind, state.round_number, dealer, honba,
                          settled.sticks_after, scores, state.extension)
    number, wind = state.round_number + 1, state.round_wind
    if state.extension and ruleset.extension is Extension.KAERI_TON_SUDDEN_DEATH:
        pass  # 返り東 counts on: East 5, East 6, ...
    elif number > ruleset.hands_per_round:
        number = 1
        if ruleset.round_wind_fixed is None:
            wind = WINDS[(WINDS.index(wind) + 1) % len(WINDS)]
    return TableState(wind, number, (dealer + 1) % ruleset.player_count, honba,
                      settled.sticks_after, scores, state.extension)


# The last round of a game of rounds: East, South or North. A one-hand game ends in advance.
LAST_ROUND_INDEX = {GameLength.TONPUU: 0, GameLength.HANCHAN: 1, GameLength.EAST_TO_NORTH: 3}


def last_round_index(ruleset: Ruleset) -> int | None:
    return LAST_ROUND_INDEX.get(ruleset.game_length)


def is_last_hand(state: TableState, ruleset: Ruleset) -> bool:
    """オーラス: the last scheduled hand (never in an extension or an open-ended game)."""
    last = last_round_index(ruleset)
    return (last is not None and not in_extension(state, ruleset)
            and WINDS.index(state.round_wind) == last
            and state.round_number == ruleset.hands_per_round)


def in_extension(state: TableState, ruleset: Ruleset) -> bool:
    last = last_round_index(ruleset)
    return state.extension or (last is not None and WINDS.index(state.round_wind) > last)


def enter_extension(nxt: TableState, ruleset: Ruleset) -> TableState:
    if ruleset.extension is Extension.KAERI_TON_SUDDEN_DEATH:
        return replace(nxt, round_wind="E", round_number=ruleset.hands_per_round + 1,
                       dealer=0, extension=True)
    return replace(nxt, extension=True)


def is_tobi(scores: tuple[int, ...], ruleset: Ruleset) -> bool:
    if ruleset.tobi is Tobi.BELOW_ZERO:
        return min(scores) < 0
    if ruleset.tobi is Tobi.AT_OR_BELOW_ZERO:
        return min(scores) <= 0
    return False


def target_reached(scores: tuple[int, ...], ruleset: Ruleset) -> bool:
    target = ruleset.extension_target
    if target is None:
        return False
    best = max(scores)
    return best > target.points if target.strict else best >= target.points


def stop_after_renchan(state: TableState, hand: Hand, renchan: Renchan, *,
                       scores: tuple[int, ...], ruleset: Ruleset) -> EndReason | None:
    """和了止め / 聴牌止め of the all-last dealer: automatic, chosen (``stop``) or none."""
    if renchan is Renchan.OTHER:
        reject_stop(hand, Advance(None, None))
        return None
    policy, reason = ((ruleset.agari_yame, EndReason.AGARI_YAME) if renchan is Renchan.WIN
                      else (ruleset.tenpai_yame, EndReason.TENPAI_YAME))
    top = rank_order(scores, ruleset=ruleset, dealer=state.dealer)[0] == state.dealer
    enough = ruleset.stop_min_points is None or scores[state.dealer] >= ruleset.stop_min_points
    qualifies = top and enough
    automatic = qualifies and policy in (StopPolicy.AUTOMATIC_IF_TOP,
                                         StopPolicy.AUTOMATIC_IF_TOP_OPTIONAL_OTHERWISE)
    if automatic:
        return reason
    optional = (policy is StopPolicy.OPTIONAL_ANY_RANK
                or policy is StopPolicy.AUTOMATIC_IF_TOP_OPTIONAL_OTHERWISE
                or (policy is StopPolicy.OPTIONAL_IF_TOP and qualifies))
    if hand.stop:
        if not optional:
            raise HandError(
                f"the dealer cannot stop here under ruleset {ruleset.id} "
                f"({policy.value}): remove 'stop'", field="stop", code="stop_not_allowed")
        return reason
    return None
