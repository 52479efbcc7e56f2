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

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from scoring.facts import Hand, RecordedYaku, Ron, TableState, Tsumo
from scoring.final import FinalSettlement, in_unit
from scoring.flow import EndReason
from scoring.hand_input import read_hand
from scoring.next_hand import NextHand
from scoring.record import GameRecord, read_record_head
from scoring.ruleset import Ruleset
from scoring.step import GameState, HandOutcome, closed, final_settlement, step

REPLAY_FORMAT = "tenbo-replay/1"


@dataclass(frozen=True, slots=True)
class GameReplay:
    record: GameRecord
    hands: tuple[HandOutcome, ...]
    state: GameState  # after the last hand (and the staff's close, if the record says so)
    final: FinalSettlement | None

    @property
    def end(self) -> EndReason | None:
        return self.state.end

    @property
    def end_after(self) -> int | None:
        """The index of the hand after which the game ended (None: no hand, or not ended)."""
        return self.state.hands - 1 if self.state.end is not None and self.hands else None


def replay_game(record: GameRecord) -> GameReplay:
    """Settle every hand of a parsed record in order; raise RecordError on the first hand
    that cannot follow."""
    return replay_hands(record, record.hands)


def replay_hands(record: GameRecord, hands: Iterable[Hand]) -> GameReplay:
    """The fold of `step` over `hands` from the record's start. Each hand is taken only once
    the game has reached it, so the error names the earliest hand that cannot follow."""
    ruleset = record.ruleset
    state = GameState.start(record.start)
    outcomes: list[HandOutcome] = []
    for hand in hands:
        outcome, state = step(state, hand, ruleset=ruleset)
        outcomes.append(outcome)
    if record.finished:
        state = closed(state)
    return GameReplay(
        record=record,
        hands=tuple(outcomes),
        state=state,
        final=final_settlement(state, ruleset=ruleset),
    )


def replay_data(data: Any, *, presets: Mapping[str, Ruleset]) -> GameReplay:
    """Replay a ``tenbo-game/1`` record (parsed JSON), reading each hand when the game
    reaches it."""
    head, hands_data = read_record_head(data, presets=presets)
    hands = (
        read_hand(h, index=i, ruleset=head.ruleset, seats=head.seats)
        for i, h in enumerate(hands_data)
    )
    return replay_hands(head, hands)


def replay_record(data: Any, *, presets: Mapping[str, Ruleset]) -> dict[str, Any]:
    """Replay a ``tenbo-game/1`` record (parsed JSON) into a ``tenbo-replay/1`` dict."""
    return replay_to_dict(replay_data(data, presets=presets), ruleset_ref=data["ruleset"])


def replay_to_dict(game: GameReplay, *, ruleset_ref: Any) -> dict[str, Any]:
    ruleset = game.record.ruleset
    return {
        "format": REPLAY_FORMAT,
        "ruleset": ruleset_ref if isinstance(ruleset_ref, str) else ruleset.id,
        "hands": [
            hand_to_dict(h, sit_out=game.record.has_sit_out, chips=ruleset.chips is not None)
            for h in game.hands
        ],
        "end": (
            None if game.end is None else {"reason": game.end.value, "after_hand": game.end_after}
        ),
        "final": None if game.final is None else final_to_dict(game.final, ruleset),
    }


def hand_start_to_dict(table: TableState) -> dict[str, Any]:
    """A hand's round, dealer and honba, as the replay's `next` names the hand to play."""
    return NextHand.of(table).to_dict()


def next_hand_to_dict(h: HandOutcome, *, sit_out: bool) -> dict[str, Any] | None:
    """The replay's `next` after `h`: the next hand's start, with the seat sitting out (抜け番)
    where the game has one; None once the game ended."""
    if h.next_state is None:
        return None
    seat = h.next_sit_out(seats=len(h.before.scores)) if sit_out else None
    return NextHand.of(h.next_state, sit_out=seat).to_dict()


def hand_to_dict(h: HandOutcome, *, sit_out: bool, chips: bool) -> dict[str, Any]:
    before, settled = h.before, h.settled
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
        "scores_after": list(h.scores_after),
        "sticks_after": settled.sticks_after,
        "next": next_hand_to_dict(h, sit_out=sit_out),
        "notes": [note.text() for note in settled.notes],
    }
    if chips:
        out["chips"] = list(settled.chips) or [0] * len(before.scores)
    if any(settled.deductions):
        # 罰符 owed at the final settlement, in points: nothing moves at the table for them.
        out["deductions"] = list(settled.deductions)
    yaku = wins_yaku(h.hand)
    if yaku:
        out["yaku"] = yaku
    return out


def wins_yaku(hand: Hand) -> list[dict[str, Any]]:
    """The yaku recorded on the hand's wins, one entry per win that has them.

    >>> from scoring.facts import Draw, Win
    >>> wins_yaku(Hand(result=Tsumo(win=Win(winner=2, han=1, fu=30,
    ...                                     yaku=(RecordedYaku("tsumo", 1),)))))
    [{'winner': 2, 'yaku': [{'key': 'tsumo', 'han': 1}]}]
    >>> wins_yaku(Hand(result=Draw(tenpai=())))
    []
    """
    result = hand.result
    wins = (
        result.wins
        if isinstance(result, Ron)
        else (result.win,)
        if isinstance(result, Tsumo)
        else ()
    )
    return [{"winner": w.winner, "yaku": [yaku_to_dict(y) for y in w.yaku]} for w in wins if w.yaku]


def yaku_to_dict(yaku: RecordedYaku) -> dict[str, Any]:
    """A recorded yaku as the record writes it (docs/game-record.md)."""
    out: dict[str, Any] = {"key": yaku.key, "han": yaku.han}
    if yaku.is_yakuman:
        out["yakuman"] = True
    return out


def final_to_dict(final: FinalSettlement, ruleset: Ruleset) -> dict[str, Any]:
    def unit(values: tuple[int, ...]) -> list[int | float]:
        return [in_unit(v, ruleset) for v in values]

    return {
        "scores": list(final.scores),
        "ranks": list(final.ranks),
        "oka": unit(final.oka),
        "uma": unit(final.uma),
        "bonuses": unit(final.bonuses),
        "deductions": unit(final.deductions),
        "total_points": unit(final.total),
        "chips": list(final.chips),
    }
