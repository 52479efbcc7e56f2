"""Tables (卓) and seat draws (場決め)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import pgettext, pgettext_lazy

from parlor.models.parlors import Parlor, Player
from parlor.security.text import OneLineText


class Table(models.Model):
    """A table at a parlor and the ruleset it plays, by its ruleset key (a preset's or one of
    the parlor's)."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="tables")
    label = models.CharField(  # e.g. "3" or "東1"
        pgettext_lazy("model", "Label"), max_length=20, validators=[OneLineText()]
    )
    ruleset_key = models.CharField(
        pgettext_lazy("model", "Ruleset"), max_length=50
    )  # a preset's or a parlor's
    is_active = models.BooleanField(pgettext_lazy("model", "In service"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "Table")
        verbose_name_plural = pgettext_lazy("model", "Tables")
        ordering = ["parlor", "label"]
        constraints = [
            models.UniqueConstraint(
                fields=["parlor", "label"], name="table_unique_label_per_parlor"
            ),
            models.CheckConstraint(condition=~Q(ruleset_key=""), name="table_has_ruleset"),
        ]

    def __str__(self) -> str:
        return pgettext("model", "%(parlor)s table %(label)s") % {
            "parlor": self.parlor,
            "label": self.label,
        }


class SeatDrawMethod(models.TextChoices):
    RANDOM = "random", pgettext_lazy("model", "Random draw")
    GIVEN = "given", pgettext_lazy("model", "Seats given by staff")
    IMPORTED = "imported", pgettext_lazy("model", "Imported game record")


class SeatDraw(models.Model):
    """Who sits where at a table until the next draw; positions run in turn order (反時計回り)."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seat_draws")
    method = models.CharField(max_length=16, choices=SeatDrawMethod.choices)
    drawn_at = models.DateTimeField(auto_now_add=True)
    drawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    players = models.ManyToManyField(Player, through="SeatDrawPosition", related_name="+")

    class Meta:
        verbose_name = pgettext_lazy("model", "Seat draw")
        verbose_name_plural = pgettext_lazy("model", "Seat draws")
        ordering = ["-drawn_at", "-id"]
        get_latest_by = ["drawn_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(method__in=SeatDrawMethod.values), name="seat_draw_method_valid"
            ),
        ]

    def __str__(self) -> str:
        return pgettext("model", "seat draw %(at)s at %(table)s") % {
            "at": f"{timezone.localtime(self.drawn_at):%Y-%m-%d %H:%M}",
            "table": self.table,
        }


class SeatDrawPosition(models.Model):
    seat_draw = models.ForeignKey(SeatDraw, on_delete=models.CASCADE, related_name="positions")
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")

    class Meta:
        verbose_name = pgettext_lazy("model", "Seat draw position")
        verbose_name_plural = pgettext_lazy("model", "Seat draw positions")
        ordering = ["seat_draw", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["seat_draw", "position"], name="seat_draw_unique_position"
            ),
            models.UniqueConstraint(fields=["seat_draw", "player"], name="seat_draw_unique_player"),
            models.CheckConstraint(condition=Q(position__lte=3), name="seat_draw_position_0_3"),
        ]

    def __str__(self) -> str:
        return f"{self.position}: {self.player}"
