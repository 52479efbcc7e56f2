"""The client's address, as the sign-in rate limit and the login lockout see it.

The address is the connection's (REMOTE_ADDR) unless that connection comes from a proxy the
deployment trusts (settings.TRUSTED_PROXIES, addresses or networks). Only then is
X-Forwarded-For read, from the right: each trusted hop is skipped and the first address that is
not a trusted proxy is the client. Whatever a client writes to the left of that, or in a header
sent straight to gunicorn, decides nothing: a header is only as true as the hop that added it.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from functools import cache
from typing import Any

from django.conf import settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def proxy_networks(entries: Iterable[str]) -> tuple[Network, ...]:
    """The networks of TRUSTED_PROXIES entries ("10.0.0.5", "10.0.0.0/8", "::1").

    >>> proxy_networks(["127.0.0.1", "10.0.0.0/8"])
    (IPv4Network('127.0.0.1/32'), IPv4Network('10.0.0.0/8'))

    Raises ValueError naming the entry that is neither an address nor a network.
    """
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError as exc:
            raise ValueError(
                f"TRUSTED_PROXIES: {entry!r} is not an IP address or network (e.g. 10.0.0.0/8)"
            ) from exc
    return tuple(networks)


@cache
def _trusted(entries: tuple[str, ...]) -> tuple[Network, ...]:
    return proxy_networks(entries)


def _is_trusted(address: str, networks: tuple[Network, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def address_from(remote_addr: str, forwarded_for: str, networks: tuple[Network, ...]) -> str:
    """The client address from the connection's address and X-Forwarded-For.

    >>> proxies = proxy_networks(["10.0.0.1"])
    >>> address_from("203.0.113.9", "1.2.3.4", proxies)  # not from the proxy: header ignored
    '203.0.113.9'
    >>> address_from("10.0.0.1", "1.2.3.4, 198.51.100.7", proxies)  # the hop the proxy saw
    '198.51.100.7'
    """
    if not forwarded_for or not _is_trusted(remote_addr, networks):
        return remote_addr
    hop = remote_addr
    for entry in reversed([e.strip() for e in forwarded_for.split(",")]):
        try:
            ipaddress.ip_address(entry)
        except ValueError:
            return hop  # garbage written by someone: the last hop we can vouch for
        hop = entry
        if not _is_trusted(entry, networks):
            return entry
    return hop


def client_address(request: Any) -> str:
    """The address of the client that sent `request` ("" without a request)."""
    if request is None:
        return ""
    meta = request.META
    networks = _trusted(tuple(settings.TRUSTED_PROXIES))
    return address_from(
        str(meta.get("REMOTE_ADDR") or ""), str(meta.get("HTTP_X_FORWARDED_FOR") or ""), networks
    )
