"""What a hand would give before it counts: the next hand's preview and a correction's.

Both are the engine's answer on the stored game and store nothing; services.hands records
what they preview, by the same steps (hand_step, and the replay of the corrected log).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from parlor.domain.hand_entries import hand_of
from parlor.domain.json_shapes import HandEntry
from parlor.errors import Conflict, NotFound
from parlor.models import Game, GameStatus
from parlor.services import engine
from parlor.services.replays import (
    current_hands,
    game_record_build,
    has_sit_out,
    replay_money_changes,
)
from parlor.services.settlements import SettledMoneyChange
from scoring import (
    EndReason,
    FinalSettlement,
    GameReplay,
    GameState,
    HandOutcome,
    Ruleset,
    final_settlement,
    final_to_dict,
    hand_to_dict,
    step,
)


def game_open_require(game: Game) -> None:
    """Refuses a hand for a game that has ended or was voided (無効), saying which."""
    if game.status == GameStatus.FINISHED:
        raise Conflict(
            f"the game has ended ({game.end_reason} after hand {game.hand_count}): no more hands "
            "can be recorded; correct a hand instead",
            code="game_finished",
        )
    if game.status == GameStatus.VOIDED:
        raise Conflict("the game was voided (無効)", code="game_cancelled")


def game_not_voided_require(game: Game) -> None:
    """Refuses a change to the hands of a voided game (無効)."""
    if game.status == GameStatus.VOIDED:
        raise Conflict(
            "the game was voided (無効): its hands can no longer change", code="game_cancelled"
        )


def hand_step(game: Game, entry: HandEntry) -> tuple[HandOutcome, GameState, Ruleset]:
    """The engine's step of the game's stored state by `entry` (raises ScoringError)."""
    ruleset = game.ruleset
    state = game.engine_state
    if state is None:
        raise ValueError(f"{game} has no stored state (migration 0009 fills it)")
    hand = hand_of(entry, ruleset=ruleset, seats=state.seats, index=state.hands)
    outcome, after = step(state, hand, ruleset=ruleset)
    return outcome, after, ruleset


@dataclass(frozen=True, slots=True)
class HandPreview:
    """What recording a hand would give, as the engine's values: the hand's outcome, why the
    game would end after it (None: it goes on) and the final settlement where it ends."""

    outcome: HandOutcome
    end: EndReason | None
    final: FinalSettlement | None
    ruleset: Ruleset

    def to_dict(self) -> dict[str, Any]:
        """The API's answer: the hand as the replay document writes it, the end, the final
        settlement (docs/game-record.md)."""
        ruleset, outcome = self.ruleset, self.outcome
        sit_out = has_sit_out(ruleset, len(outcome.before.scores))
        return {
            "hand": hand_to_dict(outcome, sit_out=sit_out, chips=ruleset.chips is not None),
            **_end_and_final(self.end, outcome.index, self.final, ruleset),
        }


def _end_and_final(
    end: EndReason | None, after_hand: int | None, final: FinalSettlement | None, ruleset: Ruleset
) -> dict[str, Any]:
    """A preview's `end` and `final`, as the replay document writes them (replay_to_dict)."""
    return {
        "end": None if end is None else {"reason": end.value, "after_hand": after_hand},
        "final": None if final is None else final_to_dict(final, ruleset),
    }


def hand_preview(*, game: Game, entry: HandEntry) -> HandPreview:
    """What recording `entry` as the next hand would give: the engine's step of the stored
    state; stores nothing."""
    game_open_require(game)
    outcome, after, ruleset = hand_step(game, entry)
    final = final_settlement(after, ruleset=ruleset)
    return HandPreview(outcome, after.end, final, ruleset)


@dataclass(frozen=True, slots=True)
class CorrectionPreview:
    """What replacing hand `sequence` would give: the replay of the corrected log, and the
    adjustments the correction would make for players already checked out (and staff whose
    shift was signed out) in `settled`."""

    replay: GameReplay
    sequence: int
    settled: tuple[SettledMoneyChange, ...]

    @property
    def hand(self) -> HandOutcome:
        """The corrected hand."""
        return self.replay.hands[self.sequence - 1]

    @property
    def last(self) -> HandOutcome:
        """The game's last hand after the correction."""
        return self.replay.hands[-1]

    def to_dict(self) -> dict[str, Any]:
        """The replay document's parts, as HandPreview.to_dict writes them: `hand` the
        corrected hand, `last` the game's last hand after it, `end` and `final`."""
        replay = self.replay
        ruleset, sit_out = replay.record.ruleset, replay.record.has_sit_out
        chips = ruleset.chips is not None
        return {
            "hand": hand_to_dict(self.hand, sit_out=sit_out, chips=chips),
            "last": hand_to_dict(self.last, sit_out=sit_out, chips=chips),
            **_end_and_final(replay.end, replay.end_after, replay.final, ruleset),
        }


def correction_preview(*, game: Game, sequence: int, entry: HandEntry) -> CorrectionPreview:
    """What replacing hand `sequence` by `entry` would give: that hand and the game after it.

    The read-only twin of services.hand_corrections.hand_correct (same record, same replay);
    it stores nothing. Reads the current hands, the seats and, for a finished game, what its
    checked-out players were paid.
    """
    game_not_voided_require(game)
    hands = current_hands(game)
    if not 1 <= sequence <= len(hands):
        raise NotFound(
            f"the game has no hand {sequence} (it has {len(hands)})", code="hand_not_found"
        )
    entries = [hand.entry for hand in hands]
    entries[sequence - 1] = entry
    replayed = engine.replay_game(game_record_build(game, entries))
    return CorrectionPreview(replayed, sequence, tuple(replay_money_changes(game, replayed)))
