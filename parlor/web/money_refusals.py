"""The money settings' refusals (料金設定) in the manager's language: the sentences web/errors.py
adds to its table of refusal sentences. The service (services/money.py) raises them in English
with a code and the bound it quotes; the money page shows these beside the field instead.
And a line beyond the amount a manager confirms (確認が必要な金額), as staff read it."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from parlor.domain.money_guard import GuardedLine
from parlor.selectors.audit_text import adjustment_reason_text


def money_refusals() -> dict[str, str]:
    return {
        "top_prize_needs_top_fee": _(
            "A top prize goes only with the fee model where the top also pays a top prize: "
            "choose that one, or set the top prize to 0."
        ),
    }


def money_refusals_with_params() -> dict[str, str]:
    return {
        "rate_out_of_range": _("Enter a rate of 0 to %(max)s yen."),
        "amount_out_of_range": _("Enter 0 to %(max)s yen."),
        "large_amount_out_of_range": _("Enter 1 to %(max)s yen, or leave it empty."),
        "top_prize_needs_top_fee": _(
            "Table %(table)s sets its own top prize and follows this default: a top prize goes "
            "only with the fee model where the top also pays a top prize."
        ),
    }


def large_amount_text(line: GuardedLine) -> str:
    """The line beyond the parlor's bound, named as staff read it, in their language."""
    values = {"amount": f"{line.amount_yen:+,}", "bound": f"{line.bound_yen:,}"}
    if line.table_label:
        when = timezone.localtime(line.played_at).strftime("%H:%M") if line.played_at else ""
        text = _(
            "The game at table %(table)s (started %(time)s) comes to %(amount)s yen, beyond "
            "the %(bound)s yen no game reaches: a manager confirms it with their username and "
            "password."
        )
        return text % {**values, "table": line.table_label, "time": when}
    text = _(
        "The adjustment “%(reason)s” comes to %(amount)s yen, beyond the %(bound)s yen no "
        "game reaches: a manager confirms it with their username and password."
    )
    return text % {**values, "reason": adjustment_reason_text(line.description)}
