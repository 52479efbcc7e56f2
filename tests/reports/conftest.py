"""Fixtures of the daily report tests: one business day of a parlor, played through the services.

The worker test runs a real Celery worker in another process, which must read the test
database. On SQLite the test database is in memory by default, so it is put in a file here,
before pytest-django creates it (conftest modules are imported while tests are collected,
before any test runs). The file is named after this process, so parallel runs never share it.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from django.db import connections

from tests.reports.day import DayOfGames, play_day


def _sqlite_test_database_in_a_file() -> None:
    settings_dict = connections["default"].settings_dict
    if settings_dict["ENGINE"] != "django.db.backends.sqlite3":
        return
    test = settings_dict.setdefault("TEST", {})
    if test.get("NAME") in (None, "", ":memory:"):
        path = Path(tempfile.gettempdir()) / f"tenbo-test-{os.getpid()}.sqlite3"
        test["NAME"] = str(path)


_sqlite_test_database_in_a_file()


@pytest.fixture
def day_of_games(db: None) -> DayOfGames:
    return play_day()


@pytest.fixture
def live_day_of_games(transactional_db: None) -> DayOfGames:
    """The same day, committed, for tests whose worker reads it from another process."""
    return play_day()


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings: Any) -> None:
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
