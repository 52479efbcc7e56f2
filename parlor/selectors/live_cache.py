"""The live view's answers kept in Django's cache (Redis in production, local memory in the
embedded default), so a poll that finds nothing new touches no database.

Each seat draw (the key a live link signs) has a *version*: a random word in the cache, made
again on commit of every change a viewer would see (services.live_views). The answer's ETag is
the version and the language, so a poll whose ETag is current is one cache read and a 304; the
body of each version and language is kept beside it, built from the database by the first poll
that misses it.

Why a version and not just a deleted body: a poll that read the database before a change
committed may store its (old) body after the change's commit dropped the cache. It stores it
under the version it read *before* reading the database, which the commit has replaced, so no
later poll reads it. Both keys expire after LIVE_CACHE_SECONDS, the bound on how long a change
made outside the services (the admin, a table's new label, SQL) can stay unseen.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from uuid import UUID

from django.core.cache import cache

LIVE_CACHE_SECONDS = 5 * 60


def _version_key(draw_id: UUID) -> str:
    return f"live:v:{draw_id.hex}"


def _body_key(draw_id: UUID, version: str, language: str) -> str:
    return f"live:b:{draw_id.hex}:{version}:{language}"


def live_version(draw_id: UUID) -> str:
    """The seat draw's current version (one cache read; a second and an add when it has none)."""
    key = _version_key(draw_id)
    version = cache.get(key)
    if version is None:
        fresh = secrets.token_hex(8)
        # Two workers may miss at once: the first add wins and both use its word.
        if cache.add(key, fresh, LIVE_CACHE_SECONDS):
            return fresh
        version = cache.get(key, fresh)
    return str(version)


def live_etag(version: str, language: str) -> str:
    return f'"{version}-{language}"'


def live_body(draw_id: UUID, version: str, language: str) -> bytes | None:
    """The answer stored for this version and language, if a poll built it already."""
    body = cache.get(_body_key(draw_id, version, language))
    return body if isinstance(body, bytes) else None


def live_body_store(draw_id: UUID, version: str, language: str, body: bytes) -> None:
    """Keeps the answer built from the database under the version read *before* that read."""
    cache.set(_body_key(draw_id, version, language), body, LIVE_CACHE_SECONDS)


def live_versions_renew(draw_ids: Iterable[UUID]) -> None:
    """New versions for these seat draws: the next poll of each builds its answer again."""
    cache.set_many(
        {_version_key(draw_id): secrets.token_hex(8) for draw_id in draw_ids}, LIVE_CACHE_SECONDS
    )
