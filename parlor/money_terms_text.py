"""Money terms as a manager reads them, in the active language: the field labels (the rate
with what it is per), a term's value, an inherited term (「標準: 50 円/1,000点」) and a change
old → new. The money settings page's confirmation and the audit log write them the same way."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from parlor.domain.money import FeeModel
from parlor.domain.own_terms import TERM_NAMES
from parlor.domain.units import RateBasis
from parlor.units_text import rate_basis_text, rate_text


def fee_model_text(value: str) -> str:
    """How the parlor takes its game fee, in words."""
    texts: dict[str, str] = {
        FeeModel.EACH.value: _("Each player pays the game fee"),
        FeeModel.EACH_PLUS_TOP.value: _("Each pays the game fee; the top also pays the top prize"),
        FeeModel.TOP_ONLY.value: _("Only the top pays, the whole table's game fee"),
    }
    return texts.get(value, value)


def term_label(name: str, basis: RateBasis) -> str:
    """A term's label; the rate's says what it is per (円/1,000点, 円/点)."""
    if name == "rate_yen_per_p":
        return _("Rate (%(basis)s)") % {"basis": rate_basis_text(basis)}
    return {
        "chip_value_yen": _("Chip value (yen)"),
        "fee_model": _("Fee model"),
        "game_fee_yen": _("Game fee (yen)"),
        "top_prize_yen": _("Top prize (yen)"),
        "money_unit_yen": _("Money unit (yen)"),
    }[name]


def term_value_text(name: str, value: object, basis: RateBasis) -> str:
    """A set term's value: 50 円/1,000点, 500円, the fee model in words."""
    if name == "rate_yen_per_p":
        return rate_text(int(str(value)), basis)
    if name == "fee_model":
        return fee_model_text(str(value))
    return pgettext("money", "%(yen)s yen") % {"yen": f"{int(str(value)):,}"}


def stored_text(name: str, value: object, *, inherited: object, basis: RateBasis) -> str:
    """A stored term: its value, or what it inherits (「標準: 50 円/1,000点」)."""
    if value is not None:
        return term_value_text(name, value, basis)
    if inherited is None:
        return pgettext("inherited term", "Default (not set)")
    return pgettext("inherited term", "Default: %(value)s") % {
        "value": term_value_text(name, inherited, basis)
    }


@dataclass(frozen=True, slots=True)
class TermChange:
    label: str
    old: str
    new: str


def snapshot_changes(
    before: Mapping[str, Any] | None, after: Mapping[str, Any] | None
) -> list[TermChange]:
    """The terms that differ between two audited snapshots (services.audit_log's
    money_settings_snapshot; older events without a default or a rate basis read too)."""
    before, after = before or {}, after or {}
    basis_value = after.get("rate_basis") or before.get("rate_basis")
    bases = {basis.value: basis for basis in RateBasis}
    basis = bases.get(str(basis_value), RateBasis.PER_1000_POINTS)

    def said(values: Mapping[str, Any], name: str) -> str:
        if not values:
            return "—"  # the terms did not exist before
        default = values.get("default") or {}
        return stored_text(name, values.get(name), inherited=default.get(name), basis=basis)

    return [
        TermChange(term_label(name, basis), said(before, name), said(after, name))
        for name in TERM_NAMES
        if (name in before or name in after) and before.get(name) != after.get(name)
    ]
