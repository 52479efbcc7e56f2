"""Per-game money (shared/spec/settlement.md): points × rate, chips × chip value, fees.

    money_from_points = round_money(game_result × rate)
    money_from_chips  = chip_balance × chip_value
    game_money        = money_from_points + money_from_chips − fee

Everything is integer yen. Results are stored in tenths of the ruleset's unit, so a result
times a rate is an exact fraction with denominator 10 and rounding is done on integers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Q

from parlor.models import (
    MAX_RATE_YEN_PER_P,
    MAX_TERM_YEN,
    MONEY_UNITS_YEN,
    FeeModel,
    Game,
    GameMoney,
    GameResult,
    GameSeat,
    MoneySettings,
    Parlor,
    Table,
)
from parlor.services.audit_log import audit_money_settings, audit_money_settings_removed
from parlor.services.errors import InvalidInput
from parlor.services.rulesets import ruleset_resolve


@dataclass(frozen=True, slots=True)
class Terms:
    """The money terms of one game (a GameMoney or MoneySettings row, as values)."""

    rate_yen_per_p: int
    chip_value_yen: int
    fee_model: str
    game_fee_yen: int
    top_prize_yen: int
    money_unit_yen: int

    @classmethod
    def of(cls, row: GameMoney | MoneySettings | Mapping[str, object]) -> Terms:
        values = row if isinstance(row, Mapping) else row.terms_dict()
        return cls(**{name: values[name] for name in cls.__slots__})  # type: ignore[arg-type]


@dataclass(frozen=True, slots=True)
class SeatResult:
    seat: int
    rank: int  # 着順, 1 = top
    result_tenths: int  # 成績 in tenths of the ruleset's unit (p)
    chips: int  # the engine's final.chips for the seat
    is_staff_play: bool = False  # 本走: no fee


@dataclass(frozen=True, slots=True)
class SeatMoney:
    seat: int
    rank: int
    result_tenths: int
    chips: int
    points_yen: int
    chips_yen: int
    fee_yen: int
    is_staff_play: bool

    @property
    def game_money_yen(self) -> int:
        return self.points_yen + self.chips_yen - self.fee_yen


def round_money(numerator: int, denominator: int, *, unit: int) -> int:
    """numerator / denominator yen, rounded half away from zero to a multiple of `unit` yen.

    >>> [round_money(yen, 1, unit=100) for yen in (350, -350, -349)]
    [400, -400, -300]
    >>> round_money(45 * 50, 10, unit=10)  # +4.5p at 50 yen per 1p: 225 yen → 230
    230
    """
    scale = denominator * unit
    magnitude = (2 * abs(numerator) + scale) // (2 * scale)
    return (magnitude if numerator >= 0 else -magnitude) * unit


def fee_for(terms: Terms, *, rank: int, is_staff_play: bool) -> int:
    """What the parlor takes from one seat for one game; 本走 pays nothing."""
    if is_staff_play:
        return 0
    is_top = rank == 1
    if terms.fee_model == FeeModel.TOP_ONLY:
        return terms.game_fee_yen if is_top else 0
    if terms.fee_model == FeeModel.EACH_PLUS_TOP:
        return terms.game_fee_yen + (terms.top_prize_yen if is_top else 0)
    return terms.game_fee_yen


def game_money_compute(terms: Terms, seats: Sequence[SeatResult]) -> tuple[SeatMoney, ...]:
    """Every seat's money for one game.

    Point money is rounded per seat; where rounding cuts in, the top's line takes the
    difference (settlement.md), so the table's point money sums to the rounded sum of its
    results (zero when the results are zero-sum).

    >>> terms = Terms(50, 100, "each_plus_top", 400, 200, 10)
    >>> rows = [SeatResult(0, 1, 520, 3), SeatResult(1, 2, 70, 0), SeatResult(2, 3, -130, -1),
    ...         SeatResult(3, 4, -460, -2)]
    >>> [m.game_money_yen for m in game_money_compute(terms, rows)]
    [2300, -50, -1150, -2900]
    """
    unit = terms.money_unit_yen
    points = {
        s.seat: round_money(s.result_tenths * terms.rate_yen_per_p, 10, unit=unit) for s in seats
    }
    top = min(seats, key=lambda s: (s.rank, s.seat)) if seats else None
    if top is not None:
        exact_total = sum(s.result_tenths for s in seats) * terms.rate_yen_per_p
        others = sum(points[s.seat] for s in seats if s.seat != top.seat)
        points[top.seat] = round_money(exact_total, 10, unit=unit) - others
    return tuple(
        SeatMoney(
            seat=s.seat,
            rank=s.rank,
            result_tenths=s.result_tenths,
            chips=s.chips,
            points_yen=points[s.seat],
            chips_yen=s.chips * terms.chip_value_yen,
            fee_yen=fee_for(terms, rank=s.rank, is_staff_play=s.is_staff_play),
            is_staff_play=s.is_staff_play,
        )
        for s in sorted(seats, key=lambda s: s.seat)
    )


def game_money_of(game: Game) -> dict[int, SeatMoney]:
    """A finished game's money per seat, from its stored terms and results (three queries).

    Empty when the game has no money terms or no results (in progress, cancelled).
    """
    terms_row = GameMoney.objects.filter(game=game).first()
    if terms_row is None:
        return {}
    return games_money({game.pk: terms_row})[game.pk]


def games_money(terms: Mapping[int, GameMoney]) -> dict[int, dict[int, SeatMoney]]:
    """The money per seat of each game in `terms` (game id -> its stored terms), from its
    results: two queries whatever the number of games. A game without results gets {}."""
    staff = set(
        GameSeat.objects.filter(game_id__in=terms, is_staff_play=True).values_list(
            "game_id", "seat"
        )
    )
    rows: dict[int, list[SeatResult]] = {game_id: [] for game_id in terms}
    for r in GameResult.objects.filter(game_id__in=terms).order_by("game_id", "seat"):
        is_staff = (r.game_id, r.seat) in staff
        rows[r.game_id].append(
            SeatResult(r.seat, r.rank, r.total_tenths, r.chips, is_staff_play=is_staff)
        )
    return {
        game_id: {m.seat: m for m in game_money_compute(Terms.of(terms[game_id]), seats)}
        for game_id, seats in rows.items()
    }


def money_settings_for(table: Table, *, player_count: int) -> MoneySettings | None:
    """The table's own settings, else the parlor's default for the game type (one query)."""
    rows = MoneySettings.objects.filter(
        Q(table__isnull=True, parlor_id=table.parlor_id) | Q(table=table),
        player_count=player_count,
    )
    by_table = {row.table_id is not None: row for row in rows}
    return by_table.get(True) or by_table.get(False)


@transaction.atomic
def money_settings_set(
    *,
    parlor: Parlor,
    player_count: int,
    terms: Terms,
    table: Table | None = None,
    by: AbstractBaseUser | None = None,
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
def money_settings_table_remove(*, table: Table, by: AbstractBaseUser | None = None) -> bool:
    """Removes a table's own money terms (audited): its games started later are played under
    the parlor's default for their game type. Games already started keep their terms.
    False when the table had no terms of its own."""
    row = MoneySettings.objects.select_for_update(of=("self",)).filter(table=table).first()
    if row is None:
        return False
    audit_money_settings_removed(row, by=by)
    row.delete()
    return True
