"""Money settings (料金設定) per parlor and game type, and the terms each game was played under.

All amounts are integer yen; the words and the arithmetic are those of shared/spec/settlement.md.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import pgettext, pgettext_lazy

from parlor.domain import money as rules
from parlor.domain.own_terms import TERM_NAMES
from parlor.models.games import Game
from parlor.models.parlors import Parlor
from parlor.models.tables import Table


class FeeModel(models.TextChoices):
    """How the parlor takes its game fee (ゲーム代 / 場代): the values of domain.money.FeeModel,
    which the arithmetic reads, with the labels the forms show."""

    EACH = rules.FeeModel.EACH.value, "Each player pays the fee"
    EACH_PLUS_TOP = (
        rules.FeeModel.EACH_PLUS_TOP.value,
        "Each pays the fee; the top also pays the top prize",
    )
    TOP_ONLY = rules.FeeModel.TOP_ONLY.value, "Only the top pays, the whole table's fee"


MONEY_UNITS_YEN = (1, 10, 100)
# Bounds far above any real parlor (点ピン is 100 yen per 1p), so money always fits its columns.
MAX_RATE_YEN_PER_P = 100_000
MAX_TERM_YEN = 1_000_000  # a chip value, a game fee or a top prize


class MoneyTerms(models.Model):
    """The fields every set of money terms has; a game copies them when it starts."""

    rate_yen_per_p = models.PositiveIntegerField()  # レート: yen per 1p (点5 = 50, 点ピン = 100)
    chip_value_yen = models.PositiveIntegerField(default=0)  # チップ単価
    fee_model = models.CharField(max_length=16, choices=FeeModel.choices, default=FeeModel.EACH)
    # ゲーム代: each player's fee (each, each_plus_top) or the whole table's fee (top_only).
    game_fee_yen = models.PositiveIntegerField(default=0)
    top_prize_yen = models.PositiveIntegerField(
        default=0
    )  # トップ賞, paid by the top (each_plus_top)
    money_unit_yen = models.PositiveSmallIntegerField(default=10)  # round_money rounds to this

    class Meta:
        abstract = True

    def terms_dict(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in TERM_NAMES}


def _term_checks(prefix: str) -> list[models.BaseConstraint]:
    return [
        models.CheckConstraint(
            condition=Q(fee_model__in=FeeModel.values), name=f"{prefix}_fee_model_valid"
        ),
        models.CheckConstraint(
            condition=Q(money_unit_yen__in=MONEY_UNITS_YEN), name=f"{prefix}_money_unit_1_10_100"
        ),
        models.CheckConstraint(
            condition=Q(fee_model="each_plus_top") | Q(top_prize_yen=0),
            name=f"{prefix}_top_prize_only_each_plus_top",
        ),
    ]


class MoneySettings(models.Model):
    """A parlor's money terms for one game type (three- or four-player), or a table's own.

    A row without a table is the parlor's default for its game type; a row with a table is that
    table's own terms (a 点ピン table beside 点5 ones). Editing a row never changes a game already
    started: each game keeps a copy (GameMoney).
    """

    # A table's row stores only the terms the table sets itself; None is a term it inherits
    # from the parlor's default for its game type, so a later change of the default reaches it.
    # A default's row has every term (money_settings_default_has_every_term); the field defaults
    # are those a new default row starts with, and services.money sets every term anyway.
    rate_yen_per_p = models.PositiveIntegerField(null=True, blank=True)
    chip_value_yen = models.PositiveIntegerField(null=True, blank=True, default=0)
    fee_model = models.CharField(
        max_length=16, choices=FeeModel.choices, null=True, blank=True, default=FeeModel.EACH
    )
    game_fee_yen = models.PositiveIntegerField(null=True, blank=True, default=0)
    top_prize_yen = models.PositiveIntegerField(null=True, blank=True, default=0)
    money_unit_yen = models.PositiveSmallIntegerField(null=True, blank=True, default=10)
    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="money_settings")
    table = models.OneToOneField(
        Table, on_delete=models.CASCADE, null=True, blank=True, related_name="money_settings"
    )
    player_count = models.PositiveSmallIntegerField()  # the game type: 3 or 4 players
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "Money settings")
        verbose_name_plural = pgettext_lazy("model", "Money settings")
        ordering = ["parlor", "player_count", "table"]
        constraints = [
            models.UniqueConstraint(
                fields=["parlor", "player_count"],
                condition=Q(table__isnull=True),
                name="money_settings_one_default_per_game_type",
            ),
            models.CheckConstraint(
                condition=Q(player_count__in=[3, 4]), name="money_settings_player_count_3_4"
            ),
            models.CheckConstraint(
                condition=Q(table__isnull=False)
                | Q(
                    rate_yen_per_p__isnull=False,
                    chip_value_yen__isnull=False,
                    fee_model__isnull=False,
                    game_fee_yen__isnull=False,
                    top_prize_yen__isnull=False,
                    money_unit_yen__isnull=False,
                ),
                name="money_settings_default_has_every_term",
            ),
            *_term_checks("money_settings"),
        ]

    def terms_dict(self) -> dict[str, object]:
        """The stored terms by name: None where a table inherits the default's."""
        return {name: getattr(self, name) for name in TERM_NAMES}

    def __str__(self) -> str:
        rate = pgettext("model", "default") if self.rate_yen_per_p is None else self.rate_yen_per_p
        if self.table_id and self.table:
            text = pgettext("model", "%(parlor)s %(n)sp table %(table)s: %(rate)s yen/p")
        else:
            text = pgettext("model", "%(parlor)s %(n)sp default: %(rate)s yen/p")
        return text % {
            "parlor": self.parlor,
            "n": self.player_count,
            "table": self.table.label if self.table_id and self.table else "",
            "rate": rate,
        }


class GameMoney(MoneyTerms):
    """The money terms a game was played under, copied from the settings when it started."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="money")
    settings = models.ForeignKey(
        MoneySettings, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = pgettext_lazy("model", "Game money")
        verbose_name_plural = pgettext_lazy("model", "Game money")
        constraints = _term_checks("game_money")

    def __str__(self) -> str:
        return pgettext("model", "money of game %(game)s: %(rate)s yen/p") % {
            "game": self.game_id,
            "rate": self.rate_yen_per_p,
        }


class StandingsSettings(models.Model):
    """How a parlor's public standings page (ランキング) is shown."""

    parlor = models.OneToOneField(Parlor, on_delete=models.CASCADE, related_name="standings")
    is_public = models.BooleanField(default=True)
    monthly_min_games = models.PositiveSmallIntegerField(default=10)  # 月間ランキングの規定数

    class Meta:
        verbose_name = pgettext_lazy("model", "Standings settings")
        verbose_name_plural = pgettext_lazy("model", "Standings settings")

    def __str__(self) -> str:
        return pgettext("model", "standings of %(parlor)s: at least %(n)s games a month") % {
            "parlor": self.parlor,
            "n": self.monthly_min_games,
        }
