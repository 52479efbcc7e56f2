"""The report worker's knobs, read from the environment when they are used.

REPORTS_LEASE_SECONDS   how long a worker's claim on a report holds before another delivery
                        may take it over (default 20); the building worker renews it every
                        quarter of that, so only a dead worker's claim runs out
REPORTS_SWEEP_SECONDS   how often beat queues again the reports whose claim ran out (default
                        20): with the lease, a report whose worker died is built again
                        within a minute
REPORTS_QUEUE           the Celery queue for report tasks (default: Celery's default queue)
REPORTS_TEST_DELAY_SECONDS
                        test only: the task holds a claimed report this long before writing
                        it, so a test can kill the worker in the middle of a report
"""

from __future__ import annotations

import os

from parlor.env import env_int, env_str


def lease_seconds() -> int:
    return max(1, env_int("REPORTS_LEASE_SECONDS", 20))


def renew_every_seconds() -> float:
    """How often a building worker renews its lease: four chances before it runs out."""
    return lease_seconds() / 4


def sweep_seconds() -> int:
    return max(1, env_int("REPORTS_SWEEP_SECONDS", 20))


def queue_name() -> str:
    return env_str("REPORTS_QUEUE", "")


def test_delay_seconds() -> float:
    raw = os.environ.get("REPORTS_TEST_DELAY_SECONDS", "").strip()
    return float(raw) if raw else 0.0
