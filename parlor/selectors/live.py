"""The players' live view of a table (観戦リンク): a signed link and the game it shows.

The link signs the table's seat draw (場決め), so it follows the table's next games for the same
group of players and stops working at the next seat draw, when another group may sit down, or
LIVE_LINK_MAX_AGE after the tablet showed it, whichever comes first. It is not a login: whoever
holds it reads the scores of that table, nothing else, and can change nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import TYPE_CHECKING, TypedDict
from uuid import UUID

from django.core import signing
from django.db.models import Exists, OuterRef

from parlor.errors import DomainError, NotFound
from parlor.models import Game, GameSeat, Hand, HandState, SeatDraw

if TYPE_CHECKING:
    from django_stubs_ext import WithAnnotations

LIVE_LINK_MAX_AGE = timedelta(hours=12)  # a long evening at one table
_SALT = "parlor.live-view"


class LiveLinkExpired(DomainError):
    """The link was good once: a new seat draw at its table, or it is older than its age."""

    status_code = 410
    code = "live_link_expired"


class LiveGameCounts(TypedDict):
    """What live_game annotates on the game."""

    has_newer_draw: bool


@dataclass(frozen=True, slots=True)
class LiveGame:
    game: WithAnnotations[Game, LiveGameCounts]
    seats: list[GameSeat]
    last_hand: Hand | None  # the latest current hand, with its outcome


def live_token(seat_draw: SeatDraw) -> str:
    """The signed, timestamped token of a table's seat draw (no query)."""
    return signing.TimestampSigner(salt=_SALT).sign(seat_draw.public_id.hex)


def live_game(token: str) -> LiveGame:
    """The game a live link shows: the latest game of its seat draw (three queries).

    Raises NotFound for a token that was never signed here (or names no game) and
    LiveLinkExpired for one that is too old or whose table has drawn seats again since.
    """
    return live_game_of_draw(live_draw_id(token))


def live_draw_id(token: str) -> UUID:
    """The seat draw a live link signs (no query). Raises NotFound for a token that was never
    signed here and LiveLinkExpired for one older than LIVE_LINK_MAX_AGE."""
    signer = signing.TimestampSigner(salt=_SALT)
    try:
        return UUID(hex=signer.unsign(token, max_age=LIVE_LINK_MAX_AGE))
    except signing.SignatureExpired as exc:
        raise LiveLinkExpired("this live link has expired") from exc
    except (signing.BadSignature, ValueError) as exc:
        raise NotFound("no such live link", code="live_link_invalid") from exc


def live_game_of_draw(draw_id: UUID) -> LiveGame:
    """The latest game of the seat draw `draw_id` (three queries); see live_game. The game's
    ruleset (its player count: the winds) is read from its snapshot (Game.ruleset, parsed once
    per snapshot); only the first poll after a change reads the game (selectors.live_cache)."""
    newer_draw = SeatDraw.objects.filter(
        table=OuterRef("table_id"), pk__gt=OuterRef("seat_draw_id")
    )
    game = (
        Game.objects.filter(seat_draw__public_id=draw_id)
        .select_related("table")
        .defer("start_state")
        .annotate(has_newer_draw=Exists(newer_draw))
        .order_by("-pk")
        .first()
    )
    if game is None:
        raise NotFound("no game at this table yet", code="live_link_invalid")
    if game.has_newer_draw:
        raise LiveLinkExpired("the table has drawn seats again")
    last_hand = (
        Hand.objects.filter(game=game, state=HandState.CURRENT)
        .select_related("outcome")
        .order_by("-sequence")
        .first()
    )
    seats = list(game.seats.select_related("player"))  # game_seats names each seat's player
    return LiveGame(game=game, seats=seats, last_hand=last_hand)
