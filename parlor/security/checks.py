"""Deploy checks (`manage.py check --deploy`) for what Django's own checks do not cover."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Tags, Warning, register

LOCAL_CACHES = {
    "django.core.cache.backends.locmem.LocMemCache",
    "django.core.cache.backends.dummy.DummyCache",
}


@register(Tags.security, deploy=True)
def login_lockout_cache_check(app_configs: Any = None, **kwargs: Any) -> list[Warning]:
    """The login lockout counts failures in the default cache; a per-process cache gives each
    gunicorn worker its own count, multiplying the attempts an attacker gets."""
    backend = settings.CACHES.get("default", {}).get("BACKEND", "")
    if backend in LOCAL_CACHES:
        return [
            Warning(
                "The default cache is local to each process, so the login lockout and the "
                "sign-in rate limit are counted per gunicorn worker.",
                hint="Set REDIS_URL (e.g. redis://127.0.0.1:6379/1) to share them.",
                id="parlor.W801",
            )
        ]
    return []


@register(Tags.security, deploy=True)
def request_size_check(app_configs: Any = None, **kwargs: Any) -> list[Warning]:
    middleware = "parlor.security.middleware.RequestSizeLimitMiddleware"
    if middleware not in settings.MIDDLEWARE or settings.DATA_UPLOAD_MAX_MEMORY_SIZE is None:
        return [
            Warning(
                "Request bodies are not limited in size.",
                hint=f"Keep {middleware} in MIDDLEWARE and DATA_UPLOAD_MAX_MEMORY_SIZE set.",
                id="parlor.W802",
            )
        ]
    return []
