"""tenbo 点棒: the parlor service (Django project and domain app)."""

from parlor.celery import app as celery_app

__all__ = ("celery_app",)
