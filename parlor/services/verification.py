"""Verification (検証): checks that what the parlor stored for a game is what its hand log
replays to. Not the audit log (services/audit_log.py), which records who did what."""

from __future__ import annotations

import logging
from functools import partial

from django.db import transaction
from django.db.models import prefetch_related_objects
from django.utils import timezone

from parlor.celery import app
from parlor.models import Game, GameStatus
from parlor.services import engine
from parlor.services.replays import (
    OUTCOME_FIELDS,
    current_hands,
    game_record_build,
    has_sit_out,
    outcome_row,
)
from scoring import in_tenths

log = logging.getLogger(__name__)

# The Celery task that runs `game_verify` in the worker (parlor/tasks.py). Tasks sit above the
# services and import them; a service enqueues a task by its registered name, so the import
# points one way. `ParlorConfig.ready` imports parlor.tasks, so the name is always registered.
GAME_VERIFY_TASK = "parlor.tasks.game_verify_task"


def enqueue_verify_if_finished(game: Game) -> None:
    """After the transaction commits, check a finished game against its log (in the worker)."""
    if game.status == GameStatus.FINISHED:
        transaction.on_commit(partial(app.tasks[GAME_VERIFY_TASK].delay, game.pk))


def game_matches_replay(game: Game) -> bool:
    """Whether the game's stored outcomes, state and results are what its log replays to.

    Reads (three queries) from the database `game` was loaded from, so a restore check runs it
    on a scratch copy (`Game.objects.using(alias)`); its results prefetched save one.
    """
    hands = current_hands(game)
    prefetch_related_objects(hands, "outcome")  # one query, not one per hand
    replay = engine.replay_game(game_record_build(game, [h.entry for h in hands]))
    ruleset, seats = replay.record.ruleset, replay.record.seats
    sit_out = has_sit_out(ruleset, seats)
    stored = [{key: getattr(h.outcome, key) for key in OUTCOME_FIELDS} for h in hands]
    expected = [
        {key: getattr(outcome_row(h, outcome, sit_out=sit_out), key) for key in OUTCOME_FIELDS}
        for h, outcome in zip(hands, replay.hands, strict=True)
    ]
    final = [] if replay.final is None else [in_tenths(v, ruleset) for v in replay.final.total]
    results = [r.total_tenths for r in sorted(game.results.all(), key=lambda r: r.seat)]
    return stored == expected and results == final and game.state == replay.state.to_dict()


def game_verify(*, game_id: int) -> bool:
    """Replays the game's log and compares every stored outcome and result with it.

    A match marks the game verified (once: a duplicate delivery changes nothing); a mismatch
    is logged as an error for the staff to look at and leaves the game unverified.
    """
    game = Game.objects.prefetch_related("results").get(pk=game_id)
    if not game_matches_replay(game):
        log.error("game %s: stored outcomes differ from the replay of its log", game.public_id)
        return False
    with transaction.atomic():
        Game.objects.filter(pk=game_id, status=GameStatus.FINISHED, verified_at=None).update(
            verified_at=timezone.now()
        )
    return True
