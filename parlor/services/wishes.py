"""A waiting guest's wish (希望): checked against the parlor's active tables, set at check-in
(services.visits.visit_check_in) or changed later at the counter, every change audited."""

from __future__ import annotations

from django.db import transaction

from parlor.domain.wishes import Wish, wish_refusal
from parlor.errors import Conflict, InvalidInput
from parlor.models import AuditAction, Parlor, Visit, VisitStatus
from parlor.models.users import Actor
from parlor.selectors.waiting import table_kinds
from parlor.services.audit_log import audit_record

_REFUSALS = {
    "wish_player_count_not_played": "no active table plays {wanted}-player games",
    "wish_ruleset_not_played": "no active table plays the ruleset {wanted}",
    "wish_rate_not_played": "no active table plays at the rate {wanted} yen",
    "wish_not_played": "no active table plays this combination",
}


def wish_require(*, parlor: Parlor, wish: Wish) -> Wish:
    """The wish when one of the parlor's active tables plays it, else InvalidInput naming the
    field no table plays and what the tables do play (three queries; none for "any")."""
    if wish.is_any:
        return wish
    offers = table_kinds(parlor)
    refusal = wish_refusal(wish, [offer.kind for offer in offers])
    if refusal is None:
        return wish
    wanted = getattr(wish, refusal.field, "") if refusal.field != "wish" else ""
    message = _REFUSALS[refusal.code].format(wanted=wanted)
    offered = ", ".join(refusal.offered)
    raise InvalidInput(
        f"{message}" + (f" (played: {offered})" if offered else ""),
        code=refusal.code,
        field=f"wish.{refusal.field}" if refusal.field != "wish" else "wish",
        params={"wanted": str(wanted), "offered": offered},
    )


@transaction.atomic
def visit_wish_set(*, visit: Visit, wish: Wish, by: Actor) -> Visit:
    """Changes what a checked-in guest wants to play; the change is audited, old and new."""
    visit = (
        Visit.objects.select_for_update(of=("self",))
        .select_related("player", "parlor")
        .get(pk=visit.pk)
    )
    if visit.status != VisitStatus.OPEN:
        raise Conflict(
            f"{visit.player.name} has already checked out", code="visit_closed", field="wish"
        )
    wish_require(parlor=visit.parlor, wish=wish)
    before, after = visit.wish, wish.to_json()
    if before == after:
        return visit
    visit.wish = after
    visit.save(update_fields=["wish"])
    audit_record(
        parlor=visit.parlor,
        by=by,
        action=AuditAction.CORRECT,
        subject_type="visit_wish",
        subject_id=str(visit.public_id),
        kind="visit_wish.changed",
        data={"player": str(visit.player)},
        summary=f"wish (希望) of {visit.player} changed",
        before={"wish": before},
        after={"wish": after},
    )
    return visit
