"""The Celery follow-up: a finished game is checked against the replay of its hand log."""

from __future__ import annotations

import pytest

from parlor import tasks
from parlor.celery import app
from parlor.models import Game, HandOutcome
from parlor.services.verification import GAME_VERIFY_TASK, game_verify
from tests.parlor.conftest import RON_1_BY_0, ok

pytestmark = pytest.mark.django_db


def test_finishing_a_game_verifies_it_after_commit(
    table, start_game, record_hand, staff, django_capture_on_commit_callbacks
):
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0, sequence=1), 201)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        ok(staff.post(f"/api/games/{game['id']}/finish/"))
    assert Game.objects.get().verified_at is None  # not before the commit
    for callback in callbacks:  # the verification and the live view's renewal
        callback()
    assert Game.objects.get().verified_at is not None


def test_a_stored_outcome_that_differs_from_the_log_is_caught(
    table, start_game, record_hand, caplog
):
    game = start_game(table)
    ok(record_hand(game, RON_1_BY_0, sequence=1), 201)
    HandOutcome.objects.update(scores_after=[0, 0, 0, 0])
    assert game_verify(game_id=Game.objects.get().pk) is False
    assert "differ" in caplog.text
    assert Game.objects.get().verified_at is None


def test_the_services_enqueue_the_verification_by_the_tasks_registered_name():
    """Services name the task (tasks import services, never the reverse): the name is the
    task's own, and the task is registered in the web process too."""
    assert tasks.game_verify_task.name == GAME_VERIFY_TASK
    assert app.tasks[GAME_VERIFY_TASK].name == GAME_VERIFY_TASK
