"""The guest's phone (お客様の画面): a signed link for one visit, and where the guest stands.

The link signs the visit's public id with a timestamp. It is not a login: whoever holds it
reads that guest's place in the waiting list and their table, nothing else, and can change
nothing. It stops working at check-out, and GUEST_LINK_MAX_AGE after the counter showed it.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from datetime import datetime, timedelta
from uuid import UUID

from django.core import signing
from django.utils import timezone

from parlor.domain.guest_status import (
    GuestStatus,
    SeatNow,
    WaitingPlace,
    ahead_for_kind,
    guest_status,
)
from parlor.errors import DomainError, NotFound
from parlor.models import GameSeat, GameStatus, Visit, VisitStatus
from parlor.selectors.visits import visit_is_over
from parlor.selectors.waiting import TableKindOffer, table_kinds, waiting_list

GUEST_LINK_MAX_AGE = timedelta(hours=24)  # the longest business day
_SALT = "parlor.guest-phone"


class GuestLinkExpired(DomainError):
    """The link was good once: it is older than its age."""

    status_code = 410
    code = "guest_link_expired"


class GuestCheckedOut(DomainError):
    """The visit is over: the guest has checked out."""

    status_code = 410
    code = "guest_checked_out"


def guest_token(visit: Visit) -> str:
    """The signed, timestamped token of a visit (no query): its public id in 22 characters."""
    short = base64.urlsafe_b64encode(visit.public_id.bytes).decode().rstrip("=")
    return signing.TimestampSigner(salt=_SALT).sign(short)


def guest_visit(token: str) -> Visit:
    """The open visit a guest link names (one query).

    Raises NotFound for a token never signed here, GuestLinkExpired for one too old and
    GuestCheckedOut once the visit is checked out.
    """
    signer = signing.TimestampSigner(salt=_SALT)
    try:
        short = signer.unsign(token, max_age=GUEST_LINK_MAX_AGE)
        public_id = UUID(bytes=base64.urlsafe_b64decode(short + "=="))
    except signing.SignatureExpired as exc:
        raise GuestLinkExpired("this guest link has expired") from exc
    except (signing.BadSignature, ValueError, binascii.Error) as exc:
        raise NotFound("no such guest link", code="guest_link_invalid") from exc
    visit = (
        Visit.objects.filter(public_id=public_id)
        .select_related("player", "parlor", "last_game")
        .defer("last_game__ruleset_snapshot", "last_game__start_state")
        .first()
    )
    if visit is None:
        raise NotFound("no such guest link", code="guest_link_invalid")
    if visit.status != VisitStatus.OPEN:
        raise GuestCheckedOut("this visit is checked out")
    return visit


@dataclass(frozen=True, slots=True)
class GuestView:
    visit: Visit
    status: GuestStatus
    offers: tuple[TableKindOffer, ...]  # the parlor's kinds of table, to name the wish


def guest_view(visit: Visit, *, now: datetime | None = None) -> GuestView:
    """Where the guest of an open visit stands now: one query at a table; five while waiting
    (the seat, the waiting list, the kinds of table)."""
    seat = (
        GameSeat.objects.filter(player=visit.player_id, game__status=GameStatus.IN_PROGRESS)
        .select_related("game__table")
        .only("game__table__label", "game__hand_count", "game__next_state", "game__status")
        .first()
    )
    seat_now = None
    if seat is not None:
        game = seat.game
        seat_now = SeatNow(game.table.label, game.hand_count, game.next_hand)
    offers: tuple[TableKindOffer, ...] = ()
    place = None
    over = visit_is_over(visit)
    if seat_now is None and not over:
        offers = tuple(table_kinds(visit.parlor))
        place = _place(visit, offers, now)
    status = guest_status(
        seat=seat_now,
        waiting=place,
        last_game_called=visit.last_game_called_at is not None,
        last_game_over=over,
    )
    return GuestView(visit, status, offers)


def _place(
    visit: Visit, offers: tuple[TableKindOffer, ...], now: datetime | None
) -> WaitingPlace | None:
    guests = waiting_list(visit.parlor, now=now or timezone.now())
    ids = [guest.visit_id for guest in guests]
    if str(visit.public_id) not in ids:
        return None
    index = ids.index(str(visit.public_id))
    me = guests[index]
    ahead = ahead_for_kind(
        (guest.wish for guest in guests[:index]), me.wish, [offer.kind for offer in offers]
    )
    return WaitingPlace(index + 1, me.waited_minutes, ahead, me.wish)
