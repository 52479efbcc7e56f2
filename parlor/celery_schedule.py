"""Celery beat's schedule (`celery -A parlor beat`), read by the settings (CELERY_BEAT_SCHEDULE).

Every hour at :15 each parlor's last closed business
day gets its daily reports, so every parlor is reported soon after its own cutoff hour; and
every REPORTS_SWEEP_SECONDS a report whose worker died is queued again once its lease has
run out (parlor/reports/conf.py). Sent to REPORTS_QUEUE when set, like the reports.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from celery.schedules import crontab

from parlor.env import env_str
from parlor.reports import conf as reports_conf


def beat_schedule() -> dict[str, dict[str, Any]]:
    """The periodic tasks, with the environment's BACKUP_HOURS and the reports' queue."""
    queue = {"queue": reports_conf.queue_name()} if reports_conf.queue_name() else {}
    return {
        "daily-reports": {
            "task": "parlor.reports.tasks.daily_reports_nightly_task",
            "schedule": crontab(minute=15),
            "options": queue,
        },
        "daily-reports-sweep": {
            "task": "parlor.reports.tasks.daily_reports_sweep_task",
            "schedule": timedelta(seconds=reports_conf.sweep_seconds()),
            "options": queue,
        },
        # A backup of the whole database (parlor/services/backups.py) at :45 of the hours
        # BACKUP_HOURS names (a crontab hour field, UTC): by default 20:45 UTC, 05:45 in Japan,
        # after the night's last games and clear of the reports at :15.
        "backup": {
            "task": "parlor.tasks.backup_take_task",
            "schedule": crontab(minute=45, hour=env_str("BACKUP_HOURS", "20")),
        },
    }
