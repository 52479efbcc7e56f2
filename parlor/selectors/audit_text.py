"""An audit event as a person reads it, in the reader's language: the sentence of its kind
and what it changed (field label: old → new).

Events keep their kind ("hand.corrected") and its values (`data`); the sentence is made here
at read time, so the same event reads in Japanese or English. Events stored before kinds
have only their English `summary`, which is shown as it was written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.utils.translation import pgettext_lazy as p_

from parlor.models import AuditEvent
from parlor.models.adjustments import RESULT_CHANGED_REASON, VOIDED_GAME_REASON
from parlor.money_terms_text import snapshot_changes

KIND_TEXT: dict[str, Promise] = {
    "game.started": gettext_lazy("Table %(table)s: game started"),
    "game.imported": gettext_lazy("Table %(table)s: game imported from a record"),
    "game.finished": gettext_lazy("Table %(table)s: game closed by staff"),
    "game.voided": gettext_lazy("Table %(table)s: game voided"),
    "hand.recorded": gettext_lazy("Table %(table)s: hand %(sequence)s recorded"),
    "hand.corrected": gettext_lazy("Table %(table)s: hand %(sequence)s corrected (%(correction)s)"),
    "hand.voided": gettext_lazy("Table %(table)s: hand %(sequence)s undone"),
    "player.added": gettext_lazy("Player %(player)s added"),
    "player.changed": gettext_lazy("Player %(player)s changed"),
    "ruleset.added": gettext_lazy("Ruleset %(ruleset)s added"),
    "visit.checked_in": gettext_lazy("%(player)s checked in"),
    "visit_wish.changed": gettext_lazy("Wish of %(player)s changed"),
    "settlement.closed": gettext_lazy("Settlement of %(player)s closed: %(yen)s yen"),
    "adjustment.created": gettext_lazy("Adjustment of %(yen)s yen for %(player)s"),
    "adjustment.settled": gettext_lazy(
        "Adjustment of %(yen)s yen for %(player)s paid at the counter"
    ),
    "last_game.called": gettext_lazy("Last game (ラス半) called for %(player)s"),
    "last_game.taken_back": gettext_lazy("Last game (ラス半) taken back for %(player)s"),
    "stand_in.set": gettext_lazy("Stand-in (代走) for %(player)s at table %(table)s"),
    "money_settings.default_set": gettext_lazy(
        "Money terms for %(player_count)s-player games set (the default)"
    ),
    "money_settings.table_set": gettext_lazy(
        "Money terms for %(player_count)s-player games set for table %(table)s"
    ),
    "money_settings.table_removed": gettext_lazy(
        "Table %(table)s's own money terms removed: the default applies"
    ),
    "large_amount.set": gettext_lazy("Amount a manager confirms set"),
    "standings_settings.set": gettext_lazy("Standings settings set"),
    "day.closed": gettext_lazy(
        "Business day %(day)s closed: difference %(yen)s yen, confirmed by %(manager)s"
    ),
    "day.reopened": gettext_lazy("Business day %(day)s reopened"),
    "day.float_set": gettext_lazy("Opening float of %(day)s: %(yen)s yen"),
    "member.created": gettext_lazy("Account %(username)s created"),
    "member.role_changed": gettext_lazy("Role of %(username)s changed"),
    "member.password_reset": gettext_lazy("Password of %(username)s reset"),
    "member.reactivated": gettext_lazy("Account %(username)s reactivated"),
    "member.deactivated": gettext_lazy("Account %(username)s deactivated"),
    "member.seat_name_set": gettext_lazy("Seat name of %(username)s set to %(player)s"),
    "table.added": gettext_lazy("Table %(table)s added"),
    "table.changed": gettext_lazy("Table %(table)s changed"),
    "parlor.settings_set": gettext_lazy("Parlor settings set"),
    "game_back.set": gettext_lazy("Game back set"),
    "shift.signed_in": gettext_lazy("%(staff)s signed in with a float of %(yen)s yen"),
    "shift.signed_out": gettext_lazy(
        "%(staff)s signed out: float back %(yen)s yen, owes %(owed_yen)s yen"
    ),
    "league.created": gettext_lazy("League %(league)s created"),
    "league.stage_closed": gettext_lazy(
        "League %(league)s: %(stage)s closed, %(advancing)s go on and %(out)s are out"
    ),
    "league.finished": gettext_lazy("League %(league)s: %(stage)s closed, the league is over"),
}

# Amounts that may be negative read with their sign (+3,470 / -1,200).
SIGNED_KINDS = frozenset(
    {"settlement.closed", "adjustment.created", "adjustment.settled", "day.closed"}
)

FIELD_LABELS: dict[str, Promise] = {
    "name": p_("audit field", "Name"),
    "kana": p_("audit field", "Reading (kana)"),
    "kind": p_("audit field", "Kind"),
    "member_number": p_("audit field", "Member number"),
    "label": p_("audit field", "Table"),
    "ruleset_key": p_("audit field", "Ruleset"),
    "is_active": p_("audit field", "In service"),
    "role": p_("audit field", "Role"),
    "time_zone": p_("audit field", "Time zone"),
    "business_day_cutoff_hour": p_("audit field", "Business day starts at (hour)"),
    "game_back": p_("audit field", "Game back"),
    "large_amount_yen": p_("audit field", "Amount a manager confirms (yen)"),
    "is_public": p_("audit field", "Standings public"),
    "monthly_min_games": p_("audit field", "Monthly minimum games"),
    "float_yen": p_("audit field", "Float (yen)"),
    "wish": p_("audit field", "Wish"),
    "stand_in_by": p_("audit field", "Stand-in by"),
    "note": p_("audit field", "Note"),
    "deltas": p_("audit field", "Points moved"),
    "scores_after": p_("audit field", "Scores after"),
    "amount_yen": p_("audit field", "Amount (yen)"),
    "settled": p_("audit field", "Paid"),
}

VALUE_TEXT: dict[str, Promise] = {
    "member": p_("audit value", "Member"),
    "guest": p_("audit value", "Guest"),
    "manager": p_("audit value", "Manager"),
    "staff": p_("audit value", "Staff"),
    "full": p_("audit value", "Full back"),
    "half": p_("audit value", "Half back"),
    "none": p_("audit value", "No back"),
}


@dataclass(frozen=True, slots=True)
class Change:
    field: str  # the snapshot's key, e.g. "rate_yen_per_p"
    label: str
    old: str
    new: str

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "name": self.label, "old": self.old, "new": self.new}


def event_text(event: AuditEvent) -> str:
    """The event's sentence in the active language; its stored summary if its kind is unknown
    (events from before kinds, or a kind this version does not know)."""
    sentence = KIND_TEXT.get(event.kind)
    if sentence is None:
        return event.summary
    values = {k: _data_text(k, v, signed=event.kind in SIGNED_KINDS) for k, v in event.data.items()}
    if isinstance(event.data.get("new_version"), int):  # a hand's version, in a manager's words
        values["correction"] = correction_words(event.data["new_version"])
    try:
        return str(sentence) % values
    except (KeyError, TypeError, ValueError):  # data that does not fit its sentence
        return event.summary


def correction_words(version: int) -> str:
    """A hand's version as its correction (訂正): version 2 is the 1st correction, 「1回目の訂正」.

    >>> from django.utils import translation
    >>> with translation.override("en"):
    ...     [correction_words(v) for v in (2, 3, 4, 5, 12)]
    ['1st correction', '2nd correction', '3rd correction', '4th correction', '11th correction']
    """
    number = version - 1
    return _("%(ordinal)s correction") % {"ordinal": str(_ordinal_form(number)).format(number)}


ORDINAL_FORMS: dict[int, Promise] = {  # by the number's last digit; Japanese: the number alone
    1: p_("ordinal", "{}st"),
    2: p_("ordinal", "{}nd"),
    3: p_("ordinal", "{}rd"),
    0: p_("ordinal", "{}th"),
}


def _ordinal_form(number: int) -> Promise:
    """1st, 2nd, 3rd, 4th, 11th, 21st: the form of the number's ordinal."""
    if number % 100 in (11, 12, 13):
        return ORDINAL_FORMS[0]
    return ORDINAL_FORMS.get(number % 10, ORDINAL_FORMS[0])


def _data_text(key: str, value: Any, *, signed: bool) -> str:
    if isinstance(value, int) and not isinstance(value, bool) and key.endswith("yen"):
        return f"{value:+,}" if signed else f"{value:,}"
    return str(value)


def event_changes(event: AuditEvent) -> list[Change]:
    """What the event changed, field by field (old → new), in the active language; nothing
    for a create without a before, or for a subject whose fields have no label."""
    if event.subject_type == "money_settings":
        return [
            Change(field="", label=c.label, old=c.old, new=c.new)
            for c in snapshot_changes(event.before, event.after)
        ]
    before, after = event.before or {}, event.after or {}
    if event.subject_type == "hand":
        before, after = before.get("outcome") or {}, after.get("outcome") or {}
    if not before:
        return []
    return [
        Change(
            field=name,
            label=str(label),
            old=value_text(before.get(name)),
            new=value_text(after.get(name)),
        )
        for name, label in FIELD_LABELS.items()
        if (name in before or name in after) and before.get(name) != after.get(name)
    ]


def value_text(value: Any) -> str:
    """A snapshot's value as a person reads it: 1,000; はい/いいえ; — for nothing."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return _("Yes") if value else _("No")
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, list | tuple):
        return " / ".join(value_text(v) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k}: {value_text(v)}" for k, v in value.items() if v not in (None, ""))
    label = VALUE_TEXT.get(str(value))
    return str(label) if label is not None else str(value)


def adjustment_reason_text(reason: str) -> str:
    """An adjustment's reason as a person reads it: the ones the product writes itself (a
    finished game voided, a result changed; stored in English) in the reader's language; a
    person's own reason as they wrote it.

    Also a receipt line's description, which copies its adjustment's reason."""
    if reason.startswith(VOIDED_GAME_REASON):
        return _("Game voided: %(reason)s") % {"reason": reason.removeprefix(VOIDED_GAME_REASON)}
    if reason == RESULT_CHANGED_REASON:
        return _("The game's result changed")
    return reason
