"""The stored state is the replay of the stored log: after any sequence of hands recorded,
corrected and voided, the game row's state, scores and next hand, and every current hand's
outcome, are what a full replay of its current hands gives."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from parlor.errors import DomainError
from parlor.models import Game, HandState
from parlor.services import engine
from parlor.services.games import game_start
from parlor.services.hand_corrections import hand_correct, hand_undo_last
from parlor.services.hands import hand_record
from parlor.services.replays import OUTCOME_FIELDS, current_hands, game_record_build
from parlor.services.seating import Seating
from rulesets.registry import PRESETS
from scoring.errors import ScoringError
from tests.parlor.factories import PlayerFactory, TableFactory
from tests.scoring.strategies import hand_entries

pytestmark = pytest.mark.django_db

# mleague: a chombo is deducted at the final settlement (罰符), not paid at the table.
RULESETS = ["standard", "seed-001", "seed-002", "seed-003", "seed-004", "tenhou-3p-hanchan",
            "mleague"]
TABLE_NUMBERS = itertools.count(1)


def _replayed(game: Game) -> dict[str, Any]:
    """What a full replay of the game's current hands says, as the row and outcomes store it."""
    replay = engine.replay(game_record_build(game))
    full = engine.replay_game(game_record_build(game))
    return {
        "state": full.state.to_dict(),
        "scores": list(full.state.table.scores),
        "hand_count": len(replay["hands"]),
        "end_reason": "" if full.end is None else full.end.value,
        "next": None if full.end is not None or not replay["hands"]
        else replay["hands"][-1]["next"],
        "outcomes": [[_as_stored(h, name) for name in OUTCOME_FIELDS] for h in replay["hands"]],
        "ledgers": [tuple(outcome.settled.transfers) for outcome in full.hands],
    }


def _as_stored(hand: dict[str, Any], name: str) -> Any:
    """A replayed hand's field as its outcome row stores it: the replay names the next hand
    `next`, and writes `deductions` only for a hand that owes one."""
    if name == "next_state":
        return hand["next"]
    if name == "deductions":
        return hand.get("deductions", [])
    return hand[name]


def _stored(game: Game) -> dict[str, Any]:
    game.refresh_from_db()
    hands = current_hands(game)
    return {
        "state": game.state,
        "scores": game.scores,
        "hand_count": game.hand_count,
        "end_reason": game.end_reason,
        "next": game.next_state if game.hand_count else None,  # before the first: the start
        "outcomes": [[getattr(h.outcome, name) for name in OUTCOME_FIELDS] for h in hands],
        # The stored ledger read back (HandOutcome.ledger) is the engine's, typed.
        "ledgers": [h.outcome.ledger for h in hands],
    }


@pytest.mark.parametrize("key", RULESETS)
@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_stored_state_is_the_replay_of_the_stored_log(
    key: str, data: Any, parlor: Any, staff_user: Any
) -> None:
    ruleset = PRESETS[key]
    table = TableFactory(parlor=parlor, label=f"p{next(TABLE_NUMBERS)}", ruleset_key=key)
    players = PlayerFactory.create_batch(ruleset.player_count, parlor=parlor)
    game = game_start(table=table, players=players, seating=Seating.GIVEN, by=staff_user)
    for _ in range(data.draw(st.integers(1, 14), label="changes")):
        game.refresh_from_db()
        action = data.draw(st.sampled_from(["record"] * 5 + ["correct", "void"]))
        try:
            if action == "record":
                entry = data.draw(hand_entries(ruleset, tuple(game.state["scores"]),
                                               game.state["honba"]))
                hand_record(game=game, sequence=game.hand_count + 1, entry=entry, by=staff_user)
            elif action == "correct" and game.hand_count:
                sequence = data.draw(st.integers(1, game.hand_count))
                hand = game.hands.get(sequence=sequence, state=HandState.CURRENT)
                scores = tuple(hand.outcome.scores_before)
                entry = data.draw(hand_entries(ruleset, scores, hand.outcome.honba))
                hand_correct(game=game, sequence=sequence, entry=entry, reason="test",
                             by=staff_user)
            elif action == "void" and game.hand_count and game.status == "in_progress":
                hand_undo_last(game=game, sequence=game.hand_count, reason="test",
                               by=staff_user)
        except (ScoringError, DomainError):
            pass  # refused, as staff would be told: nothing stored
        assert _stored(game) == _replayed(game)
    game.refresh_from_db()
    if game.status == "in_progress":  # free the players and the table for the next example
        game.status, game.ended_at = "cancelled", timezone.now()
        game.save(update_fields=["status", "ended_at"])
