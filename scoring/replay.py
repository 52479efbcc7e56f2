"""Replaying a game record: every hand's payments, the flow, the end and the final
settlement, as a ``tenbo-replay/1`` document (shared/spec/game-record.md).

>>> from scoring.ruleset_files import load_directory, default_preset_dir
>>> presets = load_directory(default_preset_dir())
>>> record = {"format": "tenbo-game/1", "ruleset": "standard",
...           "players": ["A", "B", "C", "D"],
...           "hands": [{"result": {"kind": "ron", "loser": 2,
...                                 "wins": [{"winner": 1, "han": 3, "fu": 30}]}}]}
>>> replay_record(record, presets=presets)["hands"][0]["deltas"]
[0, 3900, -3900, 0]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring.errors import RecordError, ScoringError
from scoring.facts import Hand, Ron, TableState, Tsumo
from scoring.final import FinalSettlement, in_unit, settle_game
from scoring.flow import EndReason, advance
from scoring.payments import seats_in_play
from scoring.record import GameRecord, parse_record
from scoring.ruleset import Ruleset
from scoring.settle import HandSettlement, OutcomeKind, settle_hand

REPLAY_FORMAT = "tenbo-replay/1"


@dataclass(frozen=True, slots=True)
class HandReplay:
    index: int
    before: TableState
    settled: HandSettlement
    next_state: TableState | None


@dataclass(frozen=True, slots=True)
class GameReplay:
    record: GameRecord
    hands: tuple[HandReplay, ...]
    end: EndReason | None
    end_after: int | None
    final: FinalSettlement | None


def replay_game(record: GameRecord) -> GameReplay:
    """Settle every hand of a parsed record in order; raise RecordError on the first hand
    that cannot follow."""
    ruleset = record.ruleset
    state = record.start
    hands: list[HandReplay] = []
    end: EndReason | None = None
    bonuses = [0] * record.seats
    chips = [0] * record.seats
    for index, hand in enumerate(record.hands):
        if end is not None:
            raise RecordError(
                f"the game already ended after hand {index - 1} ({end.value}); "
                "remove this hand and the ones after it",
                hand=index, field=f"hands[{index}]", code="hand_after_end")
        settled, step = play_hand(state, hand, index=index, ruleset=ruleset)
        hands.append(HandReplay(index, state, settled, step.next_state))
        for seat, bonus in enumerate(settled.bonuses):
            bonuses[seat] += bonus
        for seat, chip in enumerate(settled.chips):
            chips[seat] += chip
        if step.next_state is None:
            end = step.end
            state = TableState(state.round_wind, state.round_number, state.dealer,
                               state.honba, settled.sticks_after,
                               tuple(s + d for s, d in zip(state.scores, settled.deltas)))
        else:
            state = step.next_state
    end_after = len(hands) - 1 if end is not None else None
    if end is None and record.finished:
        end, end_after = EndReason.FINISHED, (len(hands) - 1 if hands else None)
    final = None
    if end is not None:
        # Ties counted from the dealer go by the dealer of the last hand played.
        last_dealer = hands[-1].before.dealer if hands else record.start.dealer
        final = settle_game(state.scores, sticks=state.sticks, ruleset=ruleset,
                            dealer=last_dealer, bonuses=tuple(bonuses), chips=tuple(chips))
    return GameReplay(record=record, hands=tuple(hands), end=end, end_after=end_after,
                      final=final)


def play_hand(state: TableState, hand: Hand, *, index: int, ruleset: Ruleset):  # type: ignore[no-untyped-def]
    try:
        settled = settle_hand(state, hand, ruleset=ruleset)
        return settled, advance(state, hand, settled, ruleset=ruleset)
    except RecordError:
        raise
    except ScoringError as e:
        raise RecordError(e.message, hand=index, field=f"hands[{index}].{e.field}",
                          code=e.code) from None


def replay_record(data: Any, *, presets: Mapping[str, Ruleset]) -> dict[str, Any]:
    """Replay a ``tenbo-game/1`` record (parsed JSON) into a ``tenbo-replay/1`` dict."""
    record = parse_record(data, presets=presets)
    return replay_to_dict(replay_game(record), ruleset_ref=data["ruleset"])


def replay_to_dict(game: GameReplay, *, ruleset_ref: Any) -> dict[str, Any]:
    ruleset = game.record.ruleset
    return {
        "format": REPLAY_FORMAT,
        "ruleset": ruleset_ref if isinstance(ruleset_ref, str) else ruleset.id,
        "hands": [hand_to_dict(h, game.record.hands[h.index], sit_out=game.record.has_sit_out,
                               chips=ruleset.chips is not None)
                  for h in game.hands],
        "end": (None if game.end is None else
                {"reason": game.end.value, "after_hand": game.end_after}),
        "final": None if game.final is None else final_to_dict(game.final, ruleset),
    }


def hand_to_dict(h: HandReplay, hand: Hand, *, sit_out: bool, chips: bool) -> dict[str, Any]:
    before, settled, nxt = h.before, h.settled, h.next_state
    following: dict[str, Any] | None = None
    if nxt is not None:
        following = {"round_wind": nxt.round_wind, "round_number": nxt.round_number,
                     "dealer": nxt.dealer, "honba": nxt.honba}
        if sit_out:
            following["sit_out"] = next_sit_out(hand, settled, seats=len(before.scores))
    out = {
        "index": h.index,
        "round_wind": before.round_wind,
        "round_number": before.round_number,
        "honba": before.honba,
        "dealer": before.dealer,
        "sticks_before": before.sticks,
        "scores_before": list(before.scores),
        "transfers": [t.to_dict() for t in settled.transfers],
        "deltas": list(settled.deltas),
        "scores_after": [s + d for s, d in zip(before.scores, settled.deltas)],
        "sticks_after": settled.sticks_after,
        "next": following,
        "notes": list(settled.notes),
    }
    if chips:
        out["chips"] = list(settled.chips) or [0] * len(before.scores)
    return out


def next_sit_out(hand: Hand, settled: HandSettlement, *, seats: int) -> int | None:
    """抜け番 of the next hand: after a ron the discarder, after a tsumo the winner's
    kamicha among the players of this hand; otherwise the same seat (staff may differ)."""
    result = hand.result
    if settled.kind is OutcomeKind.WIN and isinstance(result, Ron):
        return result.loser
    if settled.kind is OutcomeKind.WIN and isinstance(result, Tsumo):
        active = seats_in_play(seats, hand.sit_out)
        return active[active.index(result.win.winner) - 1]
    return hand.sit_out


def final_to_dict(final: FinalSettlement, ruleset: Ruleset) -> dict[str, Any]:
    def unit(values: tuple[int, ...]) -> list[int | float]:
        return [in_unit(v, ruleset) for v in values]

    return {
        "scores": list(final.scores),
        "ranks": list(final.ranks),
        "oka": unit(final.oka),
        "uma": unit(final.uma),
        "bonuses": unit(final.bonuses),
        "total_points": unit(final.total),
        "chips": list(final.chips),
    }
