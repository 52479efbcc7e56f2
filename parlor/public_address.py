"""The address a phone opens: every absolute link a player or a guest takes away from a
tablet (the live view's QR code, the guest's phone page, the check-in's `guest_url`) is built
here, so none of them carries an address only the tablet's own machine can reach.

The link uses the host the tablet used (behind a proxy, the Host the proxy passes on). When
that host is a loopback one (127.0.0.1, localhost, ::1: the tablet is the server's own
screen, or a proxy that does not pass the Host on) and the parlor's address is known
(settings.PUBLIC_BASE_URL; `scripts/serve.sh --lan` sets it to the machine's LAN address),
the link carries that address instead: a phone's 127.0.0.1 is the phone.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest
from django.http.request import split_domain_port


def public_url(request: HttpRequest, path: str) -> str:
    """The absolute URL of `path` (an absolute path, e.g. from reverse()) for a phone."""
    base = settings.PUBLIC_BASE_URL
    if base and is_loopback_host(request.get_host()):
        return base.rstrip("/") + path
    return request.build_absolute_uri(path)


def is_loopback_host(host: str) -> bool:
    """Whether `host` (a Host header: name or address, with or without a port) names the
    machine itself: localhost (and *.localhost), 127.0.0.0/8 or ::1."""
    name = split_domain_port(host)[0] or host.lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name.strip("[]")).is_loopback
    except ValueError:
        return False


def public_base_url_problem(base: str) -> str | None:
    """What is wrong with a PUBLIC_BASE_URL value, or None: it must be http(s)://host[:port]
    with no path, query or fragment, and not a loopback host (which no phone reaches)."""
    try:
        parts = urlsplit(base)
        parts.port  # noqa: B018  (raises ValueError on a port that is not a number)
    except ValueError:
        return f"PUBLIC_BASE_URL={base!r} is not a URL"
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return f"PUBLIC_BASE_URL={base!r} must start with http:// or https:// and name a host"
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        return f"PUBLIC_BASE_URL={base!r} must be only scheme, host and port"
    if is_loopback_host(parts.netloc):
        return f"PUBLIC_BASE_URL={base!r} is this machine's own address, which no phone reaches"
    return None
