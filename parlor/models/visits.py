"""Visits (来店), their settlements (精算) and the adjustments made after a settlement closed.

A settlement and its lines are written once, at check-out, and never change: a later
correction of a game becomes an Adjustment, settled on the player's next visit or by staff.
"""

from __future__ import annotations

import uuid
from typing import Any, NoReturn

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from parlor.domain.units import Result, SettlementUnit
from parlor.models.games import Game
from parlor.models.hands import Hand
from parlor.models.parlors import Parlor, Player


class VisitStatus(models.TextChoices):
    OPEN = "open", "Checked in"
    CLOSED = "closed", "Checked out"


class Visit(models.Model):
    """One player's stay at the parlor, from check-in to check-out.

    A last-game call (ラス半) names the game in progress (or the next one) as the last: once it
    is over the visit takes no more games and waits for check-out.
    """

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="visits")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="visits")
    status = models.CharField(max_length=8, choices=VisitStatus.choices, default=VisitStatus.OPEN)
    checked_in_at = models.DateTimeField(auto_now_add=True)
    checked_in_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    last_game_called_at = models.DateTimeField(null=True, blank=True)  # ラス半
    last_game = models.ForeignKey(
        Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # 希望: what the guest wants to play while waiting (parlor.domain.wishes.Wish.to_json);
    # None: any table.
    wish = models.JSONField(null=True, blank=True)
    checked_out_at = models.DateTimeField(null=True, blank=True)
    checked_out_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = "来店 Visit"
        verbose_name_plural = "来店 Visits"
        ordering = ["-checked_in_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["player"], condition=Q(status="open"), name="visit_one_open_per_player"
            ),
            models.CheckConstraint(
                condition=Q(status__in=VisitStatus.values), name="visit_status_valid"
            ),
            models.CheckConstraint(
                condition=(Q(status="open") & Q(checked_out_at__isnull=True))
                | (Q(status="closed") & Q(checked_out_at__isnull=False)),
                name="visit_checked_out_at_iff_closed",
            ),
        ]

    def __str__(self) -> str:
        return f"visit of {self.player} from {self.checked_in_at:%Y-%m-%d %H:%M} ({self.status})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Refuses to reopen a checked-out visit (one query, only when an existing visit is
        saved as open with its status). A trigger refuses it from anywhere else (0019)."""
        fields = kwargs.get("update_fields")
        if (
            self.pk is not None
            and self.status != VisitStatus.CLOSED
            and (fields is None or "status" in fields)
            and Visit.objects.filter(pk=self.pk, status=VisitStatus.CLOSED).exists()
        ):
            raise VisitReopenRefused(
                f"visit {self.public_id} is checked out: it cannot be reopened; "
                "check the player in again for a new visit"
            )
        super().save(*args, **kwargs)


class VisitReopenRefused(ValueError):
    """Raised on saving a checked-out visit as open again: its receipt is closed for good."""


class VisitGame(models.Model):
    """A game the player of a visit sat in, and in which seat. 代走: staff stood in for a while."""

    visit = models.ForeignKey(Visit, on_delete=models.CASCADE, related_name="games")
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="visit_links")
    seat = models.PositiveSmallIntegerField()
    stand_in_by = models.ForeignKey(  # 代走: the result stays the player's
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    stand_in_note = models.CharField(max_length=200, blank=True)

    class Meta:
        verbose_name = "来店の対局 Visit game"
        verbose_name_plural = "来店の対局 Visit games"
        ordering = ["visit", "game__started_at", "game_id"]
        constraints = [
            models.UniqueConstraint(fields=["visit", "game"], name="visit_game_unique_game"),
            models.UniqueConstraint(fields=["game", "seat"], name="visit_game_unique_seat"),
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} seat {self.seat} of visit {self.visit_id}"


class ReceiptImmutable(ValueError):
    """Raised on any attempt to change or delete a closed settlement or one of its lines."""


def _refuse(model: str, what: str) -> NoReturn:
    raise ReceiptImmutable(
        f"{model} rows are closed receipts, immutable: they cannot be {what}; make an adjustment"
    )


class ImmutableQuerySet(models.QuerySet[Any]):
    """No update() or delete() in bulk either (bulk_update goes through update())."""

    def update(self, **kwargs: Any) -> NoReturn:
        _refuse(self.model.__name__, "updated")

    def delete(self) -> NoReturn:
        _refuse(self.model.__name__, "deleted")


class ImmutableModel(models.Model):
    """Written once: a receipt never changes. The model and its querysets refuse changes and
    deletes, and a database trigger refuses them from anywhere else (migration 0007)."""

    objects = ImmutableQuerySet.as_manager()

    class Meta:
        abstract = True

    def save(self, *args: Any, **kwargs: Any) -> None:
        if self.pk is not None:  # a row that exists (new rows get their id on insert)
            _refuse(type(self).__name__, "changed")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> NoReturn:
        _refuse(type(self).__name__, "deleted")


class Settlement(ImmutableModel):
    """The closed money view of a visit (精算): what the player is paid (+) or pays (−)."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    visit = models.OneToOneField(Visit, on_delete=models.PROTECT, related_name="settlement")
    closed_at = models.DateTimeField()
    closed_by = models.ForeignKey(  # PROTECT: clearing it would change a closed receipt
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    points_yen = models.BigIntegerField()
    chips_yen = models.BigIntegerField()
    fees_yen = models.BigIntegerField()
    adjustments_yen = models.BigIntegerField()
    total_yen = models.BigIntegerField()  # + paid to the player, − paid by the player
    # The lines the receipt was closed with: a line beyond them is refused by a trigger
    # (migration 0019), so a closed receipt takes no new line.
    line_count = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = "精算 Settlement"
        verbose_name_plural = "精算 Settlements"
        ordering = ["-closed_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(
                    total_yen=F("points_yen")
                    + F("chips_yen")
                    - F("fees_yen")
                    + F("adjustments_yen")
                ),
                name="settlement_total_adds_up",
            ),
            models.CheckConstraint(
                condition=Q(fees_yen__gte=0), name="settlement_fees_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"settlement of visit {self.visit_id}: {self.total_yen:+} yen"


class AdjustmentKind(models.TextChoices):
    CORRECTION = "correction", "Correction of a settled game"
    PAYMENT = "payment", "Paid during the visit"
    OTHER = "other", "Other"


class Adjustment(models.Model):
    """Money owed to (+) or by (−) a player outside a visit's games.

    A correction of a game whose visit was closed creates one automatically, naming the game,
    the settlement it corrects and the corrected hand; so does a correction of a 本走 game
    whose staff member's shift was signed out, naming the shift. It stays open until the
    player's next check-out takes it, or staff settle it at the counter.
    """

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="adjustments")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="adjustments")
    kind = models.CharField(max_length=16, choices=AdjustmentKind.choices)
    amount_yen = models.BigIntegerField()
    reason = models.TextField()
    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, null=True, blank=True, related_name="adjustments"
    )
    correction = models.ForeignKey(  # the hand version whose correction caused it
        Hand, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    corrects_settlement = models.ForeignKey(
        Settlement, on_delete=models.PROTECT, null=True, blank=True, related_name="corrections"
    )
    corrects_shift = models.ForeignKey(  # a 本走 game's correction after sign-out: the shift
        "parlor.Shift", on_delete=models.PROTECT, null=True, blank=True, related_name="corrections"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    settled_in = models.ForeignKey(  # the settlement of the visit that took it
        Settlement, on_delete=models.PROTECT, null=True, blank=True, related_name="adjustments"
    )
    settled_at = models.DateTimeField(null=True, blank=True)
    settled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = "調整 Adjustment"
        verbose_name_plural = "調整 Adjustments"
        ordering = ["created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=AdjustmentKind.values), name="adjustment_kind_valid"
            ),
            models.CheckConstraint(condition=~Q(amount_yen=0), name="adjustment_amount_not_zero"),
            models.CheckConstraint(condition=~Q(reason=""), name="adjustment_has_reason"),
            models.CheckConstraint(
                condition=Q(settled_in__isnull=True) | Q(settled_at__isnull=False),
                name="adjustment_settled_in_has_time",
            ),
            models.CheckConstraint(
                condition=~Q(kind="correction") | Q(game__isnull=False),
                name="adjustment_correction_names_game",
            ),
        ]

    def __str__(self) -> str:
        return f"adjustment {self.amount_yen:+} yen for {self.player} ({self.kind})"

    @property
    def is_open(self) -> bool:
        return self.settled_at is None


class LineKind(models.TextChoices):
    GAME = "game", "Game"
    ADJUSTMENT = "adjustment", "Adjustment"


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
        verbose_name = "精算明細 Settlement line"
        verbose_name_plural = "精算明細 Settlement lines"
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
        return f"line {self.position} of settlement {self.settlement_id}: {self.amount_yen:+} yen"
