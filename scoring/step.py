"""One hand at a time: (game state, hand) → (the hand's outcome, the next game state).

The replay of a record is a fold of `step` over its hands (scoring.replay), and a service
that records one hand steps the state it stored after the hand before: one code path.
`GameState` is a frozen value and serialises to JSON (`to_dict` / `from_dict`), so it can be
stored between two hands.

>>> from scoring.facts import TableState
>>> from scoring.hand_input import read_hand
>>> from scoring.ruleset_files import load_directory, default_preset_dir
>>> standard = load_directory(default_preset_dir())["standard"]
>>> state = GameState.start(TableState("E", 1, 0, 0, 0, (25000,) * 4))
>>> ron = read_hand({"result": {"kind": "ron", "loser": 2,
...                             "wins": [{"winner": 1, "han": 3, "fu": 30}]}},
...                 index=0, ruleset=standard, seats=4)
>>> outcome, after = step(state, ron, ruleset=standard)
>>> outcome.settled.deltas, after.table.dealer, after.hands
((0, 3900, -3900, 0), 1, 1)
>>> GameState.from_dict(after.to_dict()) == after
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from scoring.errors import RecordError, ScoringError
from scoring.facts import Hand, Ron, TableState, Tsumo
from scoring.final import FinalSettlement, settle_game
from scoring.flow import EndReason, advance
from scoring.hand_settlement import HandSettlement, OutcomeKind
from scoring.payments import seats_in_play
from scoring.ruleset import Ruleset
from scoring.settle import settle_hand

STATE_FORMAT = "tenbo-state/1"


@dataclass(frozen=True, slots=True)
class GameState:
    """Where a game stands between two hands.

    `table` is the next hand's table; once the game has ended, the scores and sticks as they
    stand with the last hand's round. `bonuses`, `deductions` (罰符: chombo deductions) and
    `chips` are what the final settlement adds up over the hands; `last_dealer` (親 of the
    last hand played) counts ties from the dealer; `sit_out` is the 抜け番 the flow expects
    next (four people at a three-player table).
    """

    table: TableState
    hands: int = 0  # hands played
    bonuses: tuple[int, ...] = ()  # settlement bonuses so far, in points (tobi bonus)
    deductions: tuple[int, ...] = ()  # 罰符 owed at the final settlement so far, in points
    chips: tuple[int, ...] = ()  # 祝儀 so far
    last_dealer: int | None = None
    sit_out: int | None = None  # 抜け番 of the next hand, where there is one
    end: EndReason | None = None  # why the game ended, once it has

    @classmethod
    def start(cls, table: TableState) -> GameState:
        seats = len(table.scores)
        return cls(table=table, bonuses=(0,) * seats, deductions=(0,) * seats,
                   chips=(0,) * seats)

    @property
    def seats(self) -> int:
        return len(self.table.scores)

    @property
    def ended(self) -> bool:
        return self.end is not None

    def to_dict(self) -> dict[str, Any]:
        table = self.table
        return {
            "format": STATE_FORMAT,
            "round_wind": table.round_wind,
            "round_number": table.round_number,
            "dealer": table.dealer,
            "honba": table.honba,
            "sticks": table.sticks,
            "scores": list(table.scores),
            "extension": table.extension,
            "hands": self.hands,
            "bonuses": list(self.bonuses),
            "deductions": list(self.deductions),
            "chips": list(self.chips),
            "last_dealer": self.last_dealer,
            "sit_out": self.sit_out,
            "end": None if self.end is None else self.end.value,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameState:
        """The state `to_dict` wrote (a stored column: trusted, not user input)."""
        if data.get("format") != STATE_FORMAT:
            raise ValueError(f"not a {STATE_FORMAT} game state: {data.get('format')!r}")
        table = TableState(
            round_wind=data["round_wind"], round_number=data["round_number"],
            dealer=data["dealer"], honba=data["honba"], sticks=data["sticks"],
            scores=tuple(data["scores"]), extension=data["extension"])
        end = data["end"]
        # A state stored before deductions were kept apart counted them in `bonuses`.
        deductions = data.get("deductions") or [0] * len(table.scores)
        return cls(table=table, hands=data["hands"], bonuses=tuple(data["bonuses"]),
                   deductions=tuple(deductions), chips=tuple(data["chips"]),
                   last_dealer=data["last_dealer"],
                   sit_out=data["sit_out"], end=None if end is None else EndReason(end))


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What one hand did: the table before it, its payments, and where the game went."""

    index: int  # 0 = the first hand
    hand: Hand
    before: TableState
    settled: HandSettlement
    next_state: TableState | None  # None: the game ended with this hand
    end: EndReason | None

    @property
    def scores_after(self) -> tuple[int, ...]:
        return tuple(s + d for s, d in zip(self.before.scores, self.settled.deltas))

    def next_sit_out(self, *, seats: int) -> int | None:
        """抜け番 of the next hand: after a ron the discarder, after a tsumo the winner's
        kamicha among the players of this hand; otherwise the same seat (staff may differ)."""
        result, kind = self.hand.result, self.settled.kind
        if kind is OutcomeKind.WIN and isinstance(result, Ron):
            return result.loser
        if kind is OutcomeKind.WIN and isinstance(result, Tsumo):
            active = seats_in_play(seats, self.hand.sit_out)
            return active[active.index(result.win.winner) - 1]
        return self.hand.sit_out


def step(state: GameState, hand: Hand, *, ruleset: Ruleset) -> tuple[HandOutcome, GameState]:
    """Settle `hand` from `state` and advance the game. Raises RecordError naming the hand
    (``hands[i]``) when it cannot follow: the game already ended, or the hand is invalid
    under the ruleset at this point."""
    index = state.hands
    if state.end is not None:
        raise RecordError(
            f"the game already ended after hand {index - 1} ({state.end.value}); "
            "remove this hand and the ones after it",
            hand=index, field=f"hands[{index}]", code="hand_after_end")
    before = state.table
    try:
        settled = settle_hand(before, hand, ruleset=ruleset)
        moved = advance(before, hand, settled, ruleset=ruleset)
    except RecordError:
        raise
    except ScoringError as e:
        raise RecordError(e.message, hand=index, field=f"hands[{index}].{e.field}",
                          code=e.code) from None
    outcome = HandOutcome(index=index, hand=hand, before=before, settled=settled,
                          next_state=moved.next_state, end=moved.end)
    if moved.next_state is None:
        table = replace(before, sticks=settled.sticks_after, scores=outcome.scores_after)
    else:
        table = moved.next_state
    seats = state.seats
    after = GameState(
        table=table,
        hands=index + 1,
        bonuses=tuple(a + b for a, b in zip(state.bonuses, settled.bonuses or (0,) * seats)),
        deductions=tuple(a + b for a, b in zip(state.deductions or (0,) * seats,
                                               settled.deductions or (0,) * seats)),
        chips=tuple(a + b for a, b in zip(state.chips, settled.chips or (0,) * seats)),
        last_dealer=before.dealer,
        sit_out=outcome.next_sit_out(seats=seats),
        end=moved.end)
    return outcome, after


def closed(state: GameState) -> GameState:
    """The game closed by staff (強制終了, the record's ``finished``): ended as it stands."""
    return state if state.end is not None else replace(state, end=EndReason.FINISHED)


def final_settlement(state: GameState, *, ruleset: Ruleset) -> FinalSettlement | None:
    """Ranks, oka, uma, bonuses, deductions and chips of an ended game; None while it goes
    on."""
    if state.end is None:
        return None
    # Ties counted from the dealer go by the dealer of the last hand played.
    dealer = state.table.dealer if state.last_dealer is None else state.last_dealer
    return settle_game(state.table.scores, sticks=state.table.sticks, ruleset=ruleset,
                       dealer=dealer, bonuses=state.bonuses, deductions=state.deductions,
                       chips=state.chips)
