"""Celery tasks: each takes ids, loads rows and calls one service. Retries live here.

Tasks sit above the services: a service enqueues one by its name, after its commit
(`parlor.services.verification.enqueue_verify_if_finished`), and never imports this module."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError

from parlor.services.backups import backup_take
from parlor.services.verification import game_verify


@shared_task(autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5)
def game_verify_task(game_id: int) -> bool:
    return game_verify(game_id=game_id)


@shared_task(autoretry_for=(OperationalError,), retry_backoff=True, max_retries=3)
def backup_take_task() -> str:
    """The scheduled backup (CELERY_BEAT_SCHEDULE). A failure (no pg_dump, a full or
    unwritable folder) raises, so the worker logs it as the task's error."""
    return str(backup_take().path)
