"""The Celery app a worker test starts: parlor's own app, on the test's private broker.

The broker's transport options (a key prefix of the test's own, a short visibility timeout so
that a killed worker's message comes back within seconds) cannot be given in the environment,
so the worker test passes them as JSON and this module applies them before the worker starts:

    celery -A tests.reports.worker_app worker ...
"""

from __future__ import annotations

import json
import os

from parlor.celery import app

app.conf.broker_transport_options = json.loads(os.environ.get("TENBO_TEST_BROKER_OPTIONS", "{}"))

__all__ = ["app"]
