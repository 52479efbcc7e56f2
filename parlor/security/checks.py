"""System checks for what Django's own do not cover (most run with `manage.py check --deploy`)."""

from __future__ import annotations

import os
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core.checks import CheckMessage, Error, Tags, Warning, register
from django.http.request import split_domain_port, validate_host

from parlor.public_address import public_base_url_problem
from parlor.security.client_address import proxy_networks

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
                "sign-in rate limit are counted per gunicorn worker, and a phone's live view "
                "can show an old answer for up to five minutes after a change made through "
                "another worker.",
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


@register(Tags.security)
def trusted_proxies_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """TRUSTED_PROXIES must parse; behind a TLS proxy (DJANGO_SECURE) it must name that proxy,
    or every client shares the proxy's address in the sign-in limit and the lockout."""
    try:
        networks = proxy_networks(settings.TRUSTED_PROXIES)
    except ValueError as exc:
        return [Error(str(exc), hint="Comma-separated addresses or networks.", id="parlor.E803")]
    if os.environ.get("NUM_PROXIES"):
        return [
            Error(
                "NUM_PROXIES is no longer read: the client address comes from the connection.",
                hint="Name the proxies in front of gunicorn in TRUSTED_PROXIES instead.",
                id="parlor.E804",
            )
        ]
    if settings.SECURE_PROXY_SSL_HEADER and not networks:
        return [
            Warning(
                "DJANGO_SECURE says a proxy stands in front of gunicorn, but TRUSTED_PROXIES is "
                "empty: every client will share the proxy's address in the sign-in rate limit "
                "and the login lockout.",
                hint="Set TRUSTED_PROXIES to the proxy's address (e.g. 127.0.0.1).",
                id="parlor.W805",
            )
        ]
    return []


@register()
def public_base_url_check(app_configs: Any = None, **kwargs: Any) -> list[CheckMessage]:
    """PUBLIC_BASE_URL, when set, is an address a phone reaches and this server answers."""
    base = settings.PUBLIC_BASE_URL
    if not base:
        return []
    problem = public_base_url_problem(base)
    if problem:
        return [Error(problem, hint="e.g. http://192.168.1.20:8000", id="parlor.E806")]
    host = split_domain_port(urlsplit(base).netloc)[0]
    if not validate_host(host, settings.ALLOWED_HOSTS):
        # A warning, not an error: a proxy that sends every request on as 127.0.0.1 makes it
        # harmless, though naming the host costs nothing there either.
        return [
            Warning(
                f"PUBLIC_BASE_URL names {host}, which is not in ALLOWED_HOSTS: unless a proxy "
                "passes requests on under another host, every phone following a QR code gets "
                "400 Bad Request.",
                hint=f"Add {host} to ALLOWED_HOSTS.",
                id="parlor.W807",
            )
        ]
    return []
