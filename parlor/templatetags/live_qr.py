"""{% live_link game as live %}: the players' live view of the game's table, as a URL and a QR code;
{% guest_link visit as link %}: the guest's phone page of a visit (お客様の画面), the same way;
{% event_link event as link %}: a tournament's public standings;
{% league_link league as link %}: a league's public standings.
The URL is one a phone reaches (parlor/public_address.py), never the server's 127.0.0.1.

The QR code is an SVG drawn on the server (segno), so the tablet loads no script or image for it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import segno
from django import template
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe

from parlor.models import Event, Game, League, Visit
from parlor.public_address import public_url
from parlor.selectors.guest import guest_token
from parlor.selectors.live import live_token

register = template.Library()


@dataclass(frozen=True, slots=True)
class LiveLink:
    url: str
    svg: SafeString


@register.simple_tag(takes_context=True)
def live_link(context: Mapping[str, Any], game: Game) -> LiveLink:
    """The absolute URL of the live view of `game`'s table (one query: the game's seat draw)."""
    path = reverse("public:live", kwargs={"token": live_token(game.seat_draw)})
    return _link(context, path)


@register.simple_tag(takes_context=True)
def guest_link(context: Mapping[str, Any], visit: Visit) -> LiveLink:
    """The absolute URL of the guest's phone page of `visit` (no query)."""
    return _link(context, reverse("public:guest", kwargs={"token": guest_token(visit)}))


@register.simple_tag(takes_context=True)
def event_link(context: Mapping[str, Any], event: Event) -> LiveLink:
    """The absolute URL of a tournament's public standings (大会の順位, no query)."""
    return _link(context, reverse("public:event", kwargs={"event_id": event.public_id}))


@register.simple_tag(takes_context=True)
def league_link(context: Mapping[str, Any], league: League) -> LiveLink:
    """The absolute URL of a league's public standings (リーグの順位, no query)."""
    return _link(context, reverse("public:league", kwargs={"league_id": league.public_id}))


def _link(context: Mapping[str, Any], path: str) -> LiveLink:
    url = public_url(context["request"], path)
    qr = segno.make(url, error="m")
    # No width or height: the viewBox alone lets the dialog size the code.
    svg = qr.svg_inline(border=2, omitsize=True, svgclass="qr-code", title=url)
    # Safe: segno writes the SVG, and the only text in it is our own URL, escaped by segno.
    return LiveLink(url=url, svg=mark_safe(svg))
