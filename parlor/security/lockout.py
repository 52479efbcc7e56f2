"""Login lockout (ログイン制限): repeated failed sign-ins lock a username for a while.

Failures are counted in Django's cache: Redis in production (REDIS_URL), so all gunicorn
workers share one count, and local memory in development and tests. A username is locked
after `user_limit` failures within `window_seconds` *from one address*: the lock holds at that
address only, so a stranger who types a manager's name five times locks himself out, not the
manager at the counter (with no address, the username alone). An address is locked after
`address_limit` failures for any usernames (set high: a parlor's tablets often share one address
behind its router, and one mistyped password must not lock the whole parlor out). A lock lasts
`lockout_seconds` and is not extended by attempts made while it holds; a successful sign-in
clears the username's count at that address. Every lock is logged.

Keys hold a digest, never the username or the address itself. A manager lifting a username's
lock (lockout_clear) moves it to a new epoch, which orphans its keys at every address.
"""

from __future__ import annotations

import hashlib
import logging
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class LockoutPolicy:
    user_limit: int  # failures of one username before it is locked
    address_limit: int  # failures from one address before it is locked
    window_seconds: int  # failures older than this are forgotten
    lockout_seconds: int  # how long a lock holds


def lockout_policy() -> LockoutPolicy:
    raw = settings.LOGIN_LOCKOUT
    return LockoutPolicy(
        user_limit=int(raw["USER_LIMIT"]),
        address_limit=int(raw["ADDRESS_LIMIT"]),
        window_seconds=int(raw["WINDOW_SECONDS"]),
        lockout_seconds=int(raw["LOCKOUT_SECONDS"]),
    )


def _digest(value: str) -> str:
    return hashlib.sha256(value.strip().casefold().encode()).hexdigest()[:32]


def _epoch_key(username: str) -> str:
    return f"tenbo:login-epoch:{_digest(username)}"


def _user_digest(username: str, address: str) -> str:
    """The username at this address, in its current epoch (one cache read)."""
    epoch = cache.get(_epoch_key(username), 0)
    return _digest(f"{username.strip().casefold()}\n{address}\n{epoch}")


def _subjects(username: str, address: str, policy: LockoutPolicy) -> list[tuple[str, str, int]]:
    """(kind, digest, limit) for the username at the address and the address, whichever are
    known."""
    subjects = []
    if username.strip():
        subjects.append(("user", _user_digest(username, address), policy.user_limit))
    if address:
        subjects.append(("address", _digest(address), policy.address_limit))
    return subjects


def _fail_key(kind: str, digest: str) -> str:
    return f"tenbo:login-fail:{kind}:{digest}"


def _lock_key(kind: str, digest: str) -> str:
    return f"tenbo:login-lock:{kind}:{digest}"


def lockout_remaining(*, username: str, address: str) -> int:
    """Seconds until this username may sign in from this address again; 0 if it may now."""
    policy = lockout_policy()
    now = time.time()
    keys = [_lock_key(kind, digest) for kind, digest, _ in _subjects(username, address, policy)]
    until = [float(v) for v in cache.get_many(keys).values() if v is not None]
    return max((math.ceil(u - now) for u in until if u > now), default=0)


def login_failure_record(*, username: str, address: str) -> None:
    """Counts a failed sign-in; the failure that reaches a limit locks the username or address."""
    policy = lockout_policy()
    for kind, digest, limit in _subjects(username, address, policy):
        key = _fail_key(kind, digest)
        # add + incr: atomic in Redis and under the local-memory cache's lock, so two workers
        # counting at once never lose a failure. The window runs from the first failure.
        cache.add(key, 0, timeout=policy.window_seconds)
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=policy.window_seconds)
            count = 1
        if count >= limit:
            locked = cache.add(
                _lock_key(kind, digest),
                time.time() + policy.lockout_seconds,
                timeout=policy.lockout_seconds,
            )
            cache.delete(key)  # after the lock, counting starts again
            if locked:
                log.warning(
                    "sign-in locked for %s s: %d failed sign-ins for one %s (%s…)",
                    policy.lockout_seconds,
                    count,
                    "username at one address" if kind == "user" else kind,
                    digest[:8],
                )


def login_success_record(*, username: str, address: str) -> None:
    """A successful sign-in forgets the username's earlier failures at that address (not the
    address's own count)."""
    cache.delete(_fail_key("user", _user_digest(username, address)))


def lockout_clear(*, username: str) -> None:
    """Lifts a username's locks at every address and forgets its failures (for a manager, via
    the shell): its keys move to a new epoch, and the old ones expire unread."""
    key = _epoch_key(username)
    cache.add(key, 0, timeout=None)
    cache.incr(key)
    log.warning("sign-in lock lifted for one username (%s…)", _digest(username)[:8])
