"""Why a correction or an undo made from an older screen is refused: what changed the hand
since, who did it and when.

A tablet shows a hand as it stood when the page was drawn. Another tablet may have corrected
or undone it since, or recorded a hand after it; the change that comes second names what it
was made from (the hand's `version`, or for an undo the hand's number), and is refused with a
409 naming the change it would silently overwrite. The caller holds the game's lock, so the
hands read here are the ones the refused change would have replaced.
"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from django.contrib.auth.models import User
from django.utils import timezone

from parlor.errors import Conflict, DomainError, NotFound
from parlor.models import Game, Hand, HandState


def _who(user: User | None) -> str:
    """The user as the history shows them ("" when nobody is known: an import, a deleted user)."""
    return str(user) if user is not None else ""


def _when(at: datetime | None, game: Game) -> str:
    """`at` on the parlor's clock, as staff read it on the history (2026-11-28 14:05)."""
    if at is None:
        return ""
    return timezone.localtime(at, ZoneInfo(game.table.parlor.time_zone)).strftime("%Y-%m-%d %H:%M")


def _by(who: str, when: str) -> str:
    return f"by {who or 'someone'} at {when}"


def hand_version_require(game: Game, hands: list[Hand], *, sequence: int, version: int) -> None:
    """Raises unless `version` is the current version of hand `sequence` of the locked `game`
    (`hands`: its current hands in order). Queries the versions of that hand only when it is
    not (the refusal names the change since)."""
    if 1 <= sequence <= len(hands) and hands[sequence - 1].version == version:
        return
    rows = list(
        game.hands.filter(sequence=sequence)
        .select_related("entered_by", "voided_by")
        .order_by("-version")
    )
    if not rows:
        return  # no such hand at all: the caller's own "no hand n" answers
    if version not in {row.version for row in rows}:
        raise NotFound(
            f"hand {sequence} has no version {version} (its latest is {rows[0].version}): "
            "reload the game",
            code="hand_version_not_found",
            field="version",
        )
    raise _changed_since(game, rows[0], shown=version)


def _changed_since(game: Game, latest: Hand, *, shown: int) -> DomainError:
    """The refusal of a change made from version `shown`, naming what `latest` did since."""
    sequence = latest.sequence
    if latest.state == HandState.UNDONE:
        who, when = _who(latest.voided_by), _when(latest.voided_at, game)
        return Conflict(
            f"hand {sequence} was undone {_by(who, when)} after version {shown} was read: "
            "reload the game",
            code="hand_undone_since",
            field="version",
            params={"sequence": sequence, "who": who, "when": when, "shown": shown},
        )
    who, when = _who(latest.entered_by), _when(latest.entered_at, game)
    how = "corrected" if latest.supersedes_id is not None else "entered again"
    return Conflict(
        f"hand {sequence} was {how} {_by(who, when)} after version {shown} was read (it is "
        f"version {latest.version} now): reload the hand and correct it again if it is "
        "still wrong",
        code="hand_changed_since",
        field="version",
        params={
            "sequence": sequence,
            "who": who,
            "when": when,
            "shown": shown,
            "version": latest.version,
        },
    )


def hand_undo_refusal(game: Game, hands: list[Hand], *, sequence: int) -> DomainError:
    """Why hand `sequence` cannot be undone (取消) when it is not the last of `hands`: undone
    already, hands recorded after it, or no such hand. Hides a query of the hand's versions
    when it is not among `hands`."""
    if sequence < len(hands):
        last = hands[-1]
        who, when = _who(last.entered_by), _when(last.entered_at, game)
        return Conflict(
            f"hand {sequence} is no longer the last hand: hand {last.sequence} was recorded "
            f"{_by(who, when)}; only the last hand ({last.sequence}) can be undone: undo it "
            f"first, or correct hand {sequence}",
            code="not_last_hand",
            field="sequence",
            params={"sequence": sequence, "last": last.sequence, "who": who, "when": when},
        )
    latest = (
        game.hands.filter(sequence=sequence)
        .select_related("voided_by")
        .order_by("-version")
        .first()
    )
    if latest is not None and latest.state == HandState.UNDONE:
        who, when = _who(latest.voided_by), _when(latest.voided_at, game)
        return Conflict(
            f"hand {sequence} was already undone {_by(who, when)}; the game has "
            f"{len(hands)} hands now: reload the game",
            code="hand_already_undone",
            field="sequence",
            params={"sequence": sequence, "who": who, "when": when},
        )
    if not hands:
        return Conflict("the game has no hand to void", code="no_hand")
    return Conflict(
        f"the game has no hand {sequence}; only the last hand ({len(hands)}) can be undone",
        code="not_last_hand",
        field="sequence",
    )
