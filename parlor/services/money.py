"""Setting the money terms (料金設定) of a parlor or a table, audited.

The arithmetic on those terms is domain.money's; reading them is selectors.money's.
"""

from __future__ import annotations

from django.db import transaction

from parlor.domain.money import Terms
from parlor.errors import InvalidInput
from parlor.models import (
    MAX_RATE_YEN_PER_P,
    MAX_TERM_YEN,
    MONEY_UNITS_YEN,
    FeeModel,
    MoneySettings,
    Parlor,
    Table,
)
from parlor.models.users import Actor
from parlor.selectors.rulesets import ruleset_resolve
from parlor.services.audit_log import audit_money_settings, audit_money_settings_removed


@transaction.atomic
def money_settings_set(
    *,
    parlor: Parlor,
    player_count: int,
    terms: Terms,
    table: Table | None = None,
    by: Actor = None,
) -> MoneySettings:
    """Sets the parlor's money terms for a game type, or a table's own terms (audited).

    Games already started keep the terms they started with.
    """
    if player_count not in (3, 4):
        raise InvalidInput("a game type is 3 or 4 players", code="invalid", field="player_count")
    if not 0 <= terms.rate_yen_per_p <= MAX_RATE_YEN_PER_P:
        raise InvalidInput(
            f"the rate is 0 to {MAX_RATE_YEN_PER_P:,} yen per 1p",
            code="invalid",
            field="rate_yen_per_p",
        )
    for name in ("chip_value_yen", "game_fee_yen", "top_prize_yen"):
        if not 0 <= getattr(terms, name) <= MAX_TERM_YEN:
            raise InvalidInput(f"{name} is 0 to {MAX_TERM_YEN:,} yen", code="invalid", field=name)
    if terms.money_unit_yen not in MONEY_UNITS_YEN:
        raise InvalidInput(
            "the money unit is 1, 10 or 100 yen", code="invalid", field="money_unit_yen"
        )
    if terms.top_prize_yen and terms.fee_model != FeeModel.EACH_PLUS_TOP:
        raise InvalidInput(
            "a top prize goes with the each_plus_top fee model",
            code="invalid",
            field="top_prize_yen",
        )
    if table is not None:
        plays = ruleset_resolve(parlor=parlor, key=table.ruleset_key).player_count
        if plays != player_count:
            raise InvalidInput(
                f"table {table.label} plays {plays}-player games",
                code="invalid",
                field="player_count",
            )
    values: dict[str, object] = {name: getattr(terms, name) for name in Terms.__slots__}
    values["player_count"] = player_count
    rows = MoneySettings.objects.select_for_update(of=("self",))
    if table is not None:
        row = rows.filter(table=table).first()
    else:
        row = rows.filter(parlor=parlor, table__isnull=True, player_count=player_count).first()
    if row is None:
        row = MoneySettings.objects.create(parlor=parlor, table=table, **values)
        audit_money_settings(row, by=by, before=None)
        return row
    before = {"player_count": row.player_count, **row.terms_dict()}
    for name, value in values.items():
        setattr(row, name, value)
    row.save(update_fields=[*values, "updated_at"])
    audit_money_settings(row, by=by, before=before)
    return row


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
