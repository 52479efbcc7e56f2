"""Celery tasks: each takes ids, loads rows and calls one service. Retries live here."""

from __future__ import annotations

from functools import partial

from celery import shared_task
from django.db import OperationalError, transaction

from parlor.models import Game, GameStatus
from parlor.services.backups import backup_take
from parlor.services.verification import game_verify


@shared_task(autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5)
def game_verify_task(game_id: int) -> bool:
    return game_verify(game_id=game_id)


def enqueue_verify_if_finished(game: Game) -> None:
    """After the transaction commits, check a finished game against its log (in the worker)."""
    if game.status == GameStatus.FINISHED:
        transaction.on_commit(partial(game_verify_task.delay, game.pk))


@shared_task(autoretry_for=(OperationalError,), retry_backoff=True, max_retries=3)
def backup_take_task() -> str:
    """The scheduled backup (CELERY_BEAT_SCHEDULE). A failure (no pg_dump, a full or
    unwritable folder) raises, so the worker logs it as the task's error."""
    return str(backup_take().path)
