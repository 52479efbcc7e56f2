"""The Celery app. Workers run `celery -A parlor worker`; settings are Django's CELERY_*."""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "parlor.settings")

app = Celery("parlor")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
