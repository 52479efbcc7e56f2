"""The lines of a settlement (精算明細): one per game or adjustment, written once with it."""

from __future__ import annotations

from django.db import models
from django.db.models import F, Q
from django.utils.translation import pgettext, pgettext_lazy

from parlor.domain.units import Result, SettlementUnit
from parlor.models.adjustments import Adjustment
from parlor.models.games import Game
from parlor.models.settlements import ImmutableModel, Settlement


class LineKind(models.TextChoices):
    GAME = "game", pgettext_lazy("model", "Game")
    ADJUSTMENT = "adjustment", pgettext_lazy("model", "Adjustment")


class SettlementLine(ImmutableModel):
    """One line of a receipt: a game of the visit, or an adjustment it settled.

    The line copies what it shows (table, ruleset, result, terms), so the receipt reads the same
    whatever happens to the game later.
    """

    settlement = models.ForeignKey(Settlement, on_delete=models.PROTECT, related_name="lines")
    position = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=16, choices=LineKind.choices)
    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    adjustment = models.OneToOneField(
        Adjustment, on_delete=models.PROTECT, null=True, blank=True, related_name="line"
    )
    table_label = models.CharField(max_length=20, blank=True)
    played_at = models.DateTimeField(null=True, blank=True)
    ruleset_key = models.CharField(max_length=50, blank=True)
    ruleset_title = models.CharField(max_length=100, blank=True)
    rank = models.PositiveSmallIntegerField(null=True, blank=True)
    result_tenths = models.IntegerField(default=0)  # 成績 in tenths of result_unit
    result_unit = models.CharField(  # the ruleset's settlement unit: p, points or 点
        max_length=8, choices=[(u.value, u.value) for u in SettlementUnit], default="p_1000"
    )
    # The part of the result that left the game (a chombo deducted to nobody: the parlor's), in
    # tenths of result_unit; 0 for none (domain.house_money.left_game_by_seat).
    left_game_tenths = models.IntegerField(default=0)
    chips = models.IntegerField(default=0)
    rate_yen_per_p = models.PositiveIntegerField(default=0)  # per 1,000 points, or per 点
    chip_value_yen = models.PositiveIntegerField(default=0)
    points_yen = models.BigIntegerField(default=0)
    chips_yen = models.BigIntegerField(default=0)
    fee_yen = models.BigIntegerField(default=0)
    amount_yen = models.BigIntegerField()  # the game money, or the adjustment
    description = models.TextField(blank=True)
    stand_in = models.BooleanField(default=False)  # 代走 during this game

    class Meta:
        verbose_name = pgettext_lazy("model", "Settlement line")
        verbose_name_plural = pgettext_lazy("model", "Settlement lines")
        ordering = ["settlement", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["settlement", "position"], name="settlement_line_unique_position"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=LineKind.values), name="settlement_line_kind_valid"
            ),
            models.CheckConstraint(
                condition=~Q(kind="game")
                | Q(amount_yen=F("points_yen") + F("chips_yen") - F("fee_yen")),
                name="settlement_line_game_money_adds_up",
            ),
            models.CheckConstraint(
                condition=(Q(kind="game") & Q(game__isnull=False))
                | (Q(kind="adjustment") & Q(adjustment__isnull=False)),
                name="settlement_line_names_its_source",
            ),
        ]

    @property
    def result(self) -> Result:
        """The game's result (成績) in its unit."""
        return Result(self.result_tenths, SettlementUnit(self.result_unit))

    @property
    def left_game(self) -> Result:
        """The part of the result that left the game (罰符 to the parlor), in its unit."""
        return Result(self.left_game_tenths, SettlementUnit(self.result_unit))

    def __str__(self) -> str:
        return pgettext("model", "line %(n)s of settlement %(settlement)s: %(amount)s yen") % {
            "n": self.position,
            "settlement": self.settlement_id,
            "amount": f"{self.amount_yen:+,}",
        }
