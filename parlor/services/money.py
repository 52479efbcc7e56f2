"""Setting the money terms (料金設定) of a parlor or a table, and the parlor's bound on amounts
that need a manager, audited.

A default (a parlor's terms for a game type) has every term. A table's own terms are the terms
it sets; the others it inherits from the default, now and after the default changes
(domain.own_terms). The arithmetic on terms is domain.money's; reading them is selectors.money's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from parlor.domain.money import FeeModel, Terms
from parlor.domain.own_terms import TERM_NAMES, OwnTerms
from parlor.domain.units import RateBasis
from parlor.errors import InvalidInput
from parlor.models import (
    MAX_RATE_YEN_PER_P,
    MAX_TERM_YEN,
    MONEY_UNITS_YEN,
    MoneySettings,
    Parlor,
    Table,
)
from parlor.models.users import Actor
from parlor.selectors.money import default_rate_basis, table_rate_basis, tables_play
from parlor.selectors.rulesets import ruleset_resolve
from parlor.services.audit_log import (
    audit_large_amount_set,
    audit_money_settings,
    audit_money_settings_removed,
    money_settings_snapshot,
)


@dataclass(frozen=True, slots=True)
class MoneySettingsChange:
    """What a save changed: the terms stored before and after (a table's: None where it
    inherits), and both as the audit event keeps them (services.audit_log's
    money_settings_snapshot), which the page's confirmation reads too."""

    row: MoneySettings
    before: OwnTerms  # all None: there was no row (a table following the default)
    after: OwnTerms
    before_snapshot: dict[str, Any] | None  # None: a default set for the first time
    after_snapshot: dict[str, Any]

    @property
    def changed(self) -> tuple[str, ...]:
        """The terms whose stored value changed, in the order of Terms."""
        return tuple(
            name for name in TERM_NAMES if getattr(self.before, name) != getattr(self.after, name)
        )


def _check_values(terms: OwnTerms) -> None:
    """Each term set is within its bounds, named by its field."""
    rate = terms.rate_yen_per_p
    if rate is not None and not 0 <= rate <= MAX_RATE_YEN_PER_P:
        raise InvalidInput(
            f"the rate is 0 to {MAX_RATE_YEN_PER_P:,} yen per 1,000 points (or per 点)",
            code="rate_out_of_range",
            field="rate_yen_per_p",
            params={"max": f"{MAX_RATE_YEN_PER_P:,}"},
        )
    for name in ("chip_value_yen", "game_fee_yen", "top_prize_yen"):
        value = getattr(terms, name)
        if value is not None and not 0 <= value <= MAX_TERM_YEN:
            raise InvalidInput(
                f"{name} is 0 to {MAX_TERM_YEN:,} yen",
                code="amount_out_of_range",
                field=name,
                params={"max": f"{MAX_TERM_YEN:,}"},
            )
    if terms.money_unit_yen is not None and terms.money_unit_yen not in MONEY_UNITS_YEN:
        raise InvalidInput(
            "the money unit is 1, 10 or 100 yen", code="invalid", field="money_unit_yen"
        )
    if terms.fee_model is not None and terms.fee_model not in {m.value for m in FeeModel}:
        raise InvalidInput("choose a fee model from the list", code="invalid", field="fee_model")


def _check_coherent(terms: Terms, *, table: str = "") -> None:
    """`table`: the label of a table whose own top prize would inherit this default."""
    if terms.top_prize_yen and terms.fee_model != FeeModel.EACH_PLUS_TOP:
        where = f" (table {table} inherits this default)" if table else ""
        raise InvalidInput(
            f"a top prize goes with the each_plus_top fee model{where}",
            code="top_prize_needs_top_fee",
            field="top_prize_yen",
            params={"table": table} if table else None,
        )


def _default_row(parlor: Parlor, player_count: int) -> MoneySettings | None:
    return (
        MoneySettings.objects.select_for_update(of=("self",))
        .filter(parlor=parlor, table__isnull=True, player_count=player_count)
        .first()
    )


@transaction.atomic
def money_settings_set(
    *,
    parlor: Parlor,
    player_count: int,
    terms: Terms | OwnTerms,
    table: Table | None = None,
    by: Actor = None,
) -> MoneySettingsChange:
    """Sets the parlor's money terms for a game type, or a table's own terms (audited).

    A table's OwnTerms store the terms it sets (None: inherited from the default); a full Terms
    sets them all. A save that changes nothing stores and audits nothing. Games already
    started keep the terms they started with.
    """
    if player_count not in (3, 4):
        raise InvalidInput("a game type is 3 or 4 players", code="invalid", field="player_count")
    own = terms if isinstance(terms, OwnTerms) else OwnTerms.every(terms)
    _check_values(own)
    if table is not None:
        _table_plays_check(parlor, player_count, table)
    default_row = _default_row(parlor, player_count)
    default: Terms | None
    if table is None:
        default = _default_check(parlor, player_count, own)
        row, basis = default_row, _game_type_basis(parlor, player_count)
    else:
        default = Terms.of(default_row) if default_row is not None else None
        _table_terms_check(player_count, own, default)
        row = MoneySettings.objects.select_for_update(of=("self",)).filter(table=table).first()
        basis = table_rate_basis(parlor, table)
    if row is None:
        row = MoneySettings(parlor=parlor, table=table, player_count=player_count)
    return _store(row, own, default=default, basis=basis, by=by)


def _table_plays_check(parlor: Parlor, player_count: int, table: Table) -> None:
    """A table's terms are for the game type it plays."""
    plays = ruleset_resolve(parlor=parlor, key=table.ruleset_key).player_count
    if plays != player_count:
        raise InvalidInput(
            f"table {table.label} plays {plays}-player games",
            code="invalid",
            field="player_count",
        )


def _default_check(parlor: Parlor, player_count: int, own: OwnTerms) -> Terms:
    """The game type's new default terms: every term set, coherent, and coherent with the
    terms of each table that inherits some of them."""
    missing = own.missing()
    if missing:
        raise InvalidInput(
            f"the default for {player_count}-player games needs every term: "
            f"{missing[0]} is missing",
            code="required",
            field=missing[0],
        )
    default = own.over(None)
    assert default is not None  # every term is set
    _check_coherent(default)
    _check_tables_inheriting(parlor, player_count, default=default)
    return default


def _table_terms_check(player_count: int, own: OwnTerms, default: Terms | None) -> None:
    """A table's own terms over the default are coherent; with no default yet, it sets all."""
    merged = own.over(default)
    if merged is None:
        raise InvalidInput(
            f"{player_count}-player games have no default terms yet: set the default "
            "first, or every term of this table",
            code="required",
            field=own.missing()[0],
        )
    _check_coherent(merged)


def _store(
    row: MoneySettings, own: OwnTerms, *, default: Terms | None, basis: RateBasis, by: Actor
) -> MoneySettingsChange:
    """Stores `own` on the row (new or locked) and audits it, unless nothing changes."""
    created = row.pk is None
    before = OwnTerms() if created else OwnTerms.of(row.terms_dict())

    def snapshot(terms: OwnTerms) -> dict[str, Any]:
        return money_settings_snapshot(
            player_count=row.player_count, terms=terms.as_dict(), default=default, rate_basis=basis
        )

    is_new_default = created and row.table_id is None
    change = MoneySettingsChange(
        row, before, own, None if is_new_default else snapshot(before), snapshot(own)
    )
    if not change.changed:
        return change
    for name, value in own.as_dict().items():
        setattr(row, name, value)
    if created:
        row.save()
    else:
        row.save(update_fields=[*TERM_NAMES, "updated_at"])
    audit_money_settings(
        row,
        by=by,
        before=change.before_snapshot,
        after=change.after_snapshot,
        created=created,
    )
    return change


def _game_type_basis(parlor: Parlor, player_count: int) -> RateBasis:
    tables = list(Table.objects.filter(parlor=parlor))
    return default_rate_basis(tables_play(parlor.pk, tables).values(), player_count=player_count)


def _check_tables_inheriting(parlor: Parlor, player_count: int, *, default: Terms) -> None:
    """A new default must make sense with what each table of its game type sets itself (a top
    prize a table sets needs the each_plus_top fee model it may inherit)."""
    rows = MoneySettings.objects.filter(
        parlor=parlor, player_count=player_count, table__isnull=False
    ).select_related("table")
    for row in rows:
        merged = OwnTerms.of(row.terms_dict()).over(default)
        if merged is not None and row.table is not None:
            _check_coherent(merged, table=row.table.label)


@transaction.atomic
def money_settings_table_remove(*, table: Table, by: Actor = None) -> bool:
    """Removes a table's own money terms (audited): its games started later are played under
    the parlor's default for their game type. Games already started keep their terms.
    False when the table had no terms of its own."""
    row = MoneySettings.objects.select_for_update(of=("self",)).filter(table=table).first()
    if row is None:
        return False
    audit_money_settings_removed(row, by=by)
    row.delete()
    return True


@transaction.atomic
def large_amount_set(*, parlor: Parlor, bound_yen: int | None, by: Actor = None) -> bool:
    """Sets the amount beyond which a receipt line or an adjustment needs a manager
    (確認が必要な金額), or None for the bound derived from each game's rate (audited).
    False when nothing changed."""
    if bound_yen is not None and not 1 <= bound_yen <= MAX_TERM_YEN * 10:
        raise InvalidInput(
            f"the amount is 1 to {MAX_TERM_YEN * 10:,} yen, or empty for the bound each "
            "game's rate gives",
            code="large_amount_out_of_range",
            field="large_amount_yen",
            params={"max": f"{MAX_TERM_YEN * 10:,}"},
        )
    row = Parlor.objects.select_for_update().get(pk=parlor.pk)
    before = row.large_amount_yen
    if before == bound_yen:
        return False
    row.large_amount_yen = bound_yen
    row.save(update_fields=["large_amount_yen"])
    parlor.large_amount_yen = bound_yen
    audit_large_amount_set(row, by=by, before=before)
    return True
