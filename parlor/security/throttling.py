"""The rate limit of the API's sign-in endpoint (parlor/api/sign_in.py): attempts per client
address, so one address cannot try passwords at speed."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from parlor.security.client_address import client_address


class LoginRateThrottle(SimpleRateThrottle):
    """Sign-in attempts per client address (REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["login"]),
    signed in or not, so one address cannot try passwords at speed."""

    scope = "login"

    def get_cache_key(self, request: Request, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": client_address(request)}
