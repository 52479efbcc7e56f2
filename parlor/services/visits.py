"""Visits (来店): check-in, games attached while checked in, ラス半, 代走 and check-out.

Lock order, to keep two requests from deadlocking: a check-out locks the visit, then its games
(by id); a game start locks the table, then its players and their users (people_lock), then
the visits of its players; a stand-in (代走) locks the visit's game link, then the staff's
user; a hand correction locks its game only. Nobody locks a visit while holding a game.

One open game per person is kept by parlor.services.people_in_games; a starting game joins
its players' visits in parlor.services.game_visits.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils import timezone

from parlor.domain.wishes import Wish
from parlor.errors import Conflict, InvalidInput
from parlor.models import (
    Adjustment,
    Game,
    GameStatus,
    Parlor,
    Player,
    PlayerKind,
    Settlement,
    Visit,
    VisitGame,
    VisitStatus,
)
from parlor.models.users import Actor, actor_row
from parlor.security.text import text_check
from parlor.selectors.visits import visit_is_over
from parlor.services.audit_log import (
    audit_last_game_call,
    audit_stand_in,
    audit_visit_checked_in,
    stand_in_snapshot,
)
from parlor.services.day_open import day_open_require
from parlor.services.people_in_games import open_game_refuse, people_lock
from parlor.services.players import player_create
from parlor.services.settlements import settlement_build
from parlor.services.wishes import wish_require

# The column's length (models.VisitGame.stand_in_note).
STAND_IN_NOTE_MAX_LENGTH = 200


def _visit_lock(visit: Visit) -> Visit:
    return (
        Visit.objects.select_for_update(of=("self",))
        .select_related("player", "parlor")
        .get(pk=visit.pk)
    )


def _require_open(visit: Visit) -> None:
    if visit.status != VisitStatus.OPEN:
        raise Conflict(
            f"{visit.player.name} has already checked out; the receipt is closed",
            code="visit_closed",
        )


@transaction.atomic
def visit_check_in(*, player: Player, by: Actor, wish: Wish | None = None) -> Visit:
    """Checks a player in, with what they want to play (希望) if staff asked. A player has one
    open visit at most."""
    wanted = wish_require(parlor=player.parlor, wish=wish) if wish else Wish()
    if Visit.objects.filter(player=player, status=VisitStatus.OPEN).exists():
        raise _already_in(player)
    try:
        with transaction.atomic():
            visit = Visit.objects.create(
                parlor=player.parlor,
                player=player,
                checked_in_by=actor_row(by),
                wish=wanted.to_json(),
            )
    except IntegrityError as exc:  # a second tablet checked the same player in meanwhile
        raise _already_in(player) from exc
    audit_visit_checked_in(visit, by=by)
    return visit


def _already_in(player: Player) -> Conflict:
    return Conflict(f"{player.name} is already checked in", code="visit_already_open")


@transaction.atomic
def visit_walk_in(
    *,
    parlor: Parlor,
    name: str,
    kana: str = "",
    member_number: str = "",
    wish: Wish | None = None,
    by: Actor,
) -> Visit:
    """A walk-in (飛び込み) registered and checked in at once: a member with a member number,
    a guest without one. A number that is already someone's is refused, naming whose it is and
    whether they are in, so staff check that player in instead of creating a twin.
    """
    member_number = member_number.strip()
    holder = (
        Player.objects.filter(parlor=parlor, member_number=member_number).first()
        if member_number
        else None
    )
    if holder is not None and Visit.objects.filter(player=holder, status=VisitStatus.OPEN).exists():
        raise Conflict(
            f"member number {member_number} is {holder.name}, who is already checked in",
            code="visit_already_open",
            field="member_number",
        )
    player = player_create(
        parlor=parlor,
        name=name,
        kana=kana,
        member_number=member_number,
        kind=PlayerKind.MEMBER if member_number else PlayerKind.GUEST,
        by=by,
    )
    return visit_check_in(player=player, by=by, wish=wish)


@transaction.atomic
def visit_last_game_call(*, visit: Visit, called: bool = True, by: Actor = None) -> Visit:
    """ラス半: the game in progress (or the next one, if none is) is the player's last.

    `called=False` takes the call back while that game has not ended. A change is audited.
    """
    visit = _visit_lock(visit)
    _require_open(visit)
    was_called = visit.last_game_called_at is not None
    if not called:
        if visit_is_over(visit):
            raise Conflict("the last game is already over: check the player out", code="visit_over")
        visit.last_game_called_at, visit.last_game = None, None
    elif visit.last_game_called_at is None:
        visit.last_game_called_at = timezone.now()
        visit.last_game = (
            Game.objects.filter(visit_links__visit=visit, status=GameStatus.IN_PROGRESS)
            .order_by("-started_at", "-id")
            .first()
        )
    visit.save(update_fields=["last_game_called_at", "last_game"])
    if called != was_called:
        audit_last_game_call(visit, by=by, called=called)
    return visit


@transaction.atomic
def visit_stand_in(*, visit: Visit, game: Game, by: Actor, note: str = "") -> VisitGame:
    """代走: a member of staff played some hands for the player; the result stays the player's.

    Like every change of a visit, refused once the visit is closed (its receipt is written);
    audited."""
    _require_open(_visit_lock(visit))
    # Only the link row: its default ordering joins the game, which FOR UPDATE would lock too.
    link = (
        VisitGame.objects.select_for_update(of=("self",))
        .filter(visit=visit, game=game)
        .order_by("pk")
        .first()
    )
    if link is None:
        raise InvalidInput(
            "the player did not play that game during this visit",
            code="game_not_in_visit",
            field="game",
        )
    user = actor_row(by)
    if user is not None and game.status == GameStatus.IN_PROGRESS:
        people_lock(players=[], user_ids=[user.pk])
        open_game_refuse(user_ids=[user.pk], stand_in_game_id=game.pk, field="game")
    before = stand_in_snapshot(link)
    note = text_check(
        note.strip(), field="note", max_length=STAND_IN_NOTE_MAX_LENGTH, one_line=False
    )
    link.stand_in_by, link.stand_in_note = user, note
    link.save(update_fields=["stand_in_by", "stand_in_note"])
    audit_stand_in(link, by=by, before=before)
    return link



@transaction.atomic
def visit_check_out(*, visit: Visit, by: Actor, confirmed_by: Actor = None) -> Settlement:
    """Check-out (精算): closes the visit and writes its settlement, which never changes after.
    A line beyond the parlor's bound needs a manager: `by`, or `confirmed_by`.

    The visit's games are locked first, so a correction running at the same moment either
    lands before the settlement reads the results or after it, as an adjustment.
    """
    day_open_require(visit.parlor, what="a check-out")  # the parlor's row, before the visit's
    visit = _visit_lock(visit)
    _require_open(visit)
    game_ids = list(VisitGame.objects.filter(visit=visit).values_list("game_id", flat=True))
    games = list(Game.objects.select_for_update().filter(pk__in=game_ids).order_by("pk"))
    playing = [g for g in games if g.status == GameStatus.IN_PROGRESS]
    if playing:
        raise Conflict(
            f"{visit.player.name} is still playing at table {playing[0].table.label}: "
            "finish the game first (or call ラス半)",
            code="visit_game_in_progress",
        )
    now = timezone.now()
    visit.status, visit.checked_out_at = VisitStatus.CLOSED, now
    visit.checked_out_by = actor_row(by)
    visit.save(update_fields=["status", "checked_out_at", "checked_out_by"])
    return settlement_build(visit=visit, by=by, at=now, confirmed_by=confirmed_by)


@transaction.atomic
def adjustments_pay_out(*, player: Player, by: Actor, confirmed_by: Actor = None) -> Settlement:
    """Pays out (or collects) a player's open adjustments at the counter, with a receipt.
    One beyond the parlor's bound needs a manager: `by`, or `confirmed_by`.

    The receipt is that of a visit opened and closed at once with no game: its settlement has
    one line per adjustment, written by settlement_build as at any check-out, so the receipt,
    its PDF and the daily report read it like any other. All the player's open adjustments go
    on it: the money changes hands once. A player who is checked in may be paid out too; the
    adjustments then leave their provisional receipt.
    """
    day_open_require(player.parlor, what="a pay-out")
    # Locked here and again by settlement_build: a check-out of the same player waits.
    owed = list(
        Adjustment.objects.select_for_update().filter(player=player, settled_at__isnull=True)
    )
    if not owed:
        raise Conflict(
            f"{player.name} has no open adjustment to pay out", code="no_open_adjustment"
        )
    now = timezone.now()
    visit = Visit.objects.create(
        parlor=player.parlor,
        player=player,
        status=VisitStatus.CLOSED,
        checked_in_by=actor_row(by),
        checked_out_at=now,
        checked_out_by=actor_row(by),
    )
    return settlement_build(visit=visit, by=by, at=now, confirmed_by=confirmed_by)
