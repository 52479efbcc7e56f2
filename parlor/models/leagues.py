"""Leagues (リーグ戦): stages with cuts, each stage a number of sessions (節).

Each session is an ordinary tournament event (parlor.models.tournaments.Event), so its seating,
timer, penalties, standings and QR page are the tournament's; a LeagueSession only says which
stage and which session an event is. A stage's standings are the points carried in plus its
sessions' totals (parlor.domain.league_cut). Closing a stage applies the cut: the players who go
on get an entry in the next stage with the points they carry; the others keep their entry,
marked out (敗退). Nothing is deleted or rewritten.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import pgettext_lazy

from parlor.models.parlors import Parlor, Player
from parlor.models.tables import Table
from parlor.models.tournaments import Event, EventStatus
from parlor.security.text import OneLineText

# A league registers, runs and finishes as an event does: the same three states.
LeagueStatus = EventStatus


class CarryOverChoice(models.TextChoices):
    """Values of parlor.domain.league_cut.CarryOver (持ち越し)."""

    FULL = "full", pgettext_lazy("model", "Full")
    HALF = "half", pgettext_lazy("model", "Half")
    NONE = "none", pgettext_lazy("model", "None")


class League(models.Model):
    """A league (リーグ戦): its stages, its players and the tables its sessions use."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="leagues")
    name = models.CharField(max_length=100, validators=[OneLineText()])
    ruleset_key = models.CharField(max_length=50)
    tables = models.ManyToManyField(Table, related_name="leagues")
    status = models.CharField(
        max_length=16, choices=LeagueStatus.choices, default=LeagueStatus.REGISTRATION
    )
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = pgettext_lazy("model", "League")
        verbose_name_plural = pgettext_lazy("model", "Leagues")
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=LeagueStatus.values), name="league_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class LeagueStage(models.Model):
    """A stage (予選, 準決勝, 決勝): its sessions, how many go on, and what they carry."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="stages")
    order = models.PositiveSmallIntegerField()  # 1 for the first stage
    name = models.CharField(max_length=40, validators=[OneLineText()])
    session_count = models.PositiveSmallIntegerField()  # 節の数
    rounds_per_session = models.PositiveSmallIntegerField(default=1)  # 回戦 in each session
    advance = models.PositiveSmallIntegerField(null=True, blank=True)  # the cut; None: the last
    carry_over = models.CharField(
        max_length=8, choices=CarryOverChoice.choices, default=CarryOverChoice.FULL
    )
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "League stage")
        verbose_name_plural = pgettext_lazy("model", "League stages")
        ordering = ["league", "order"]
        constraints = [
            models.UniqueConstraint(fields=["league", "order"], name="league_stage_unique_order"),
            models.CheckConstraint(condition=Q(order__gte=1), name="league_stage_order_positive"),
            models.CheckConstraint(
                condition=Q(session_count__gte=1), name="league_stage_sessions_positive"
            ),
            models.CheckConstraint(
                condition=Q(rounds_per_session__gte=1), name="league_stage_rounds_positive"
            ),
            models.CheckConstraint(
                condition=Q(advance__isnull=True) | Q(advance__gte=1),
                name="league_stage_advance_positive",
            ),
            models.CheckConstraint(
                condition=Q(carry_over__in=CarryOverChoice.values),
                name="league_stage_carry_over_valid",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.league} {self.name}"

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None


class LeagueEntry(models.Model):
    """A player in a stage, with the points carried in; after the cut, where they finished
    and whether they went on or are out (敗退)."""

    stage = models.ForeignKey(LeagueStage, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="league_entries")
    carried_in_tenths = models.IntegerField(default=0)  # 持ち越し, tenths of the event unit
    registered_at = models.DateTimeField(auto_now_add=True)
    final_rank = models.PositiveSmallIntegerField(null=True, blank=True)  # set by the cut
    final_total_tenths = models.IntegerField(null=True, blank=True)
    advanced = models.BooleanField(null=True, blank=True)  # None until the stage closes

    class Meta:
        verbose_name = pgettext_lazy("model", "League entry")
        verbose_name_plural = pgettext_lazy("model", "League entries")
        ordering = ["stage", "registered_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["stage", "player"], name="league_entry_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.stage}"

    @property
    def is_out(self) -> bool:
        return self.advanced is False


class LeagueSession(models.Model):
    """A session (節) of a stage: one tournament event, played over a day or more."""

    stage = models.ForeignKey(LeagueStage, on_delete=models.CASCADE, related_name="sessions")
    number = models.PositiveSmallIntegerField()  # 1, 2, ... within the stage
    event = models.OneToOneField(Event, on_delete=models.PROTECT, related_name="league_session")

    class Meta:
        verbose_name = pgettext_lazy("model", "League session")
        verbose_name_plural = pgettext_lazy("model", "League sessions")
        ordering = ["stage", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["stage", "number"], name="league_session_unique_number"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="league_session_number_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.stage} session {self.number}"
