"""Tournaments (大会) on the parlor's tables: the event, its players, rounds, seats and penalties.

A round's games are ordinary games (半荘) started with the seats the round gives; the event's
score is read from their settled results (GameResult), less the referee's penalties. Nothing
here is ever rewritten: a substitute is a new seat in a later round, a penalty a new row.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import pgettext, pgettext_lazy

from parlor.models.adjustments import Adjustment
from parlor.models.games import Game
from parlor.models.parlors import Parlor, Player
from parlor.models.tables import Table
from parlor.security.text import OneLineText


class EventStatus(models.TextChoices):
    REGISTRATION = "registration", pgettext_lazy("model", "Registration")
    RUNNING = "running", pgettext_lazy("model", "Running")
    FINISHED = "finished", pgettext_lazy("model", "Finished")


class TimeUpRule(models.TextChoices):
    """What a table does when the round's time is up (時間打ち切り)."""

    FINISH_HAND = "finish_hand", pgettext_lazy("model", "Finish the current hand")
    MORE_HANDS = "more_hands", pgettext_lazy("model", "Play N more hands")


class Event(models.Model):
    """A tournament (大会): its players, rounds and tables, under one ruleset."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(max_length=100, validators=[OneLineText()])
    starts_on = models.DateField()
    ends_on = models.DateField()
    ruleset_key = models.CharField(max_length=50)
    round_count = models.PositiveSmallIntegerField()
    table_size = models.PositiveSmallIntegerField(default=4)  # 3 or 4 players a table
    round_minutes = models.PositiveSmallIntegerField(default=90)  # the timer of each round
    time_up_rule = models.CharField(
        max_length=16, choices=TimeUpRule.choices, default=TimeUpRule.FINISH_HAND
    )
    extra_hands = models.PositiveSmallIntegerField(default=0)  # N of MORE_HANDS
    entry_fee_yen = models.PositiveIntegerField(default=0)  # 参加費, taken at the counter
    prizes = models.TextField(blank=True)  # 賞品, recorded as written, never computed
    seed = models.PositiveIntegerField(default=0)  # the seating draw's seed, kept to show it again
    tables = models.ManyToManyField(Table, related_name="events")
    status = models.CharField(
        max_length=16, choices=EventStatus.choices, default=EventStatus.REGISTRATION
    )
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = pgettext_lazy("model", "Event")
        verbose_name_plural = pgettext_lazy("model", "Events")
        ordering = ["-starts_on", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(ends_on__gte=models.F("starts_on")), name="event_dates_in_order"
            ),
            models.CheckConstraint(
                condition=Q(round_count__gte=1), name="event_round_count_positive"
            ),
            models.CheckConstraint(condition=Q(table_size__in=[3, 4]), name="event_table_size_3_4"),
            models.CheckConstraint(
                condition=Q(status__in=EventStatus.values), name="event_status_valid"
            ),
            models.CheckConstraint(
                condition=Q(time_up_rule__in=TimeUpRule.values), name="event_time_up_rule_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.starts_on})"


class EventPlayer(models.Model):
    """A registered player of an event: a member or a guest, a substitute (補欠) or not."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="event_entries")
    is_substitute = models.BooleanField(default=False)  # 補欠: seated only in another's place
    registered_at = models.DateTimeField(auto_now_add=True)
    # A substitute seated in the place of a dropped player plays from the next round on.
    replaces = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="replaced_by"
    )
    dropped_after_round = models.PositiveSmallIntegerField(null=True, blank=True)  # 棄権
    drop_reason = models.TextField(blank=True)
    entry_fee = models.OneToOneField(  # the fee owed at the counter (参加費), if any
        Adjustment, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # For the EMA results file: the player's EMA number (8 digits) and country (ISO 3166-1
    # alpha-3, as the EMA's pages write it: JPN, DEU), blank for a player with none.
    ema_number = models.CharField(max_length=8, blank=True)
    country = models.CharField(max_length=3, blank=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "Event player")
        verbose_name_plural = pgettext_lazy("model", "Event players")
        ordering = ["event", "registered_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="event_player_unique"),
            models.CheckConstraint(
                condition=Q(ema_number="") | Q(ema_number__regex=r"^[0-9]{8}$"),
                name="event_player_ema_number_8_digits",
            ),
            models.CheckConstraint(
                condition=Q(country="") | Q(country__regex=r"^[A-Z]{3}$"),
                name="event_player_country_alpha_3",
            ),
        ]

    def __str__(self) -> str:
        return pgettext("model", "%(player)s at %(event)s") % {
            "player": self.player,
            "event": self.event,
        }

    @property
    def is_dropped(self) -> bool:
        return self.dropped_after_round is not None

    @property
    def is_seatable(self) -> bool:
        """Whether the next round seats this player: registered to play, or a substitute in
        a dropped player's place, and not dropped."""
        return not self.is_dropped and (not self.is_substitute or self.replaces_id is not None)


class RoundStatus(models.TextChoices):
    SEATED = "seated", pgettext_lazy("model", "Seated")
    PLAYING = "playing", pgettext_lazy("model", "Playing")
    FINISHED = "finished", pgettext_lazy("model", "Finished")


class EventRound(models.Model):
    """One round (回戦) of an event and its timer. The timer runs from `timer_started_at`,
    less the time it was paused; `paused_at` is set while it is paused."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()  # 1, 2, ...
    status = models.CharField(
        max_length=16, choices=RoundStatus.choices, default=RoundStatus.SEATED
    )
    is_given = models.BooleanField(default=False)  # seats set by the director, not generated
    timer_started_at = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)
    paused_seconds = models.PositiveIntegerField(default=0)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "Event round")
        verbose_name_plural = pgettext_lazy("model", "Event rounds")
        ordering = ["event", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="event_round_unique_number"),
            models.CheckConstraint(condition=Q(number__gte=1), name="event_round_number_positive"),
            models.CheckConstraint(
                condition=Q(status__in=RoundStatus.values), name="event_round_status_valid"
            ),
        ]

    def __str__(self) -> str:
        return pgettext("model", "%(event)s round %(n)s") % {"event": self.event, "n": self.number}


class RoundTable(models.Model):
    """A table of a round, its game once started, and its own extension of the timer (延長)."""

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    round = models.ForeignKey(EventRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()  # the generator's table, 1, 2, ...
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="+")
    game = models.OneToOneField(
        Game, on_delete=models.PROTECT, null=True, blank=True, related_name="event_table"
    )
    extension_seconds = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = pgettext_lazy("model", "Round table")
        verbose_name_plural = pgettext_lazy("model", "Round tables")
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="round_table_unique_number"),
            models.UniqueConstraint(fields=["round", "table"], name="round_table_unique_table"),
        ]

    def __str__(self) -> str:
        return pgettext("model", "%(round)s table %(n)s") % {"round": self.round, "n": self.number}


class RoundSeat(models.Model):
    """A player's seat at a round's table; seat 0 is the first dealer (起家, East)."""

    round_table = models.ForeignKey(RoundTable, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    entry = models.ForeignKey(EventPlayer, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        verbose_name = pgettext_lazy("model", "Round seat")
        verbose_name_plural = pgettext_lazy("model", "Round seats")
        ordering = ["round_table", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["round_table", "seat"], name="round_seat_unique_seat"),
            models.CheckConstraint(condition=Q(seat__lte=3), name="round_seat_seat_0_3"),
        ]

    def __str__(self) -> str:
        return pgettext("model", "%(table)s seat %(seat)s: %(player)s") % {
            "table": self.round_table,
            "seat": self.seat,
            "player": self.entry.player,
        }


class EventPenalty(models.Model):
    """Points taken off a player's event score by a referee (審判), with the reason. Never
    changed or deleted (the audit log has each one): a withdrawal (取消) is a record of its own,
    EventPenaltyWithdrawal, and the standings leave out a penalty that has one."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="penalties")
    entry = models.ForeignKey(EventPlayer, on_delete=models.PROTECT, related_name="penalties")
    round_number = models.PositiveSmallIntegerField(null=True, blank=True)
    points = models.PositiveIntegerField()  # taken off, in the event score's unit (p)
    reason = models.TextField()
    given_at = models.DateTimeField(auto_now_add=True)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = pgettext_lazy("model", "Event penalty")
        verbose_name_plural = pgettext_lazy("model", "Event penalties")
        ordering = ["event", "given_at", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(points__gte=1), name="event_penalty_positive"),
            models.CheckConstraint(condition=~Q(reason=""), name="event_penalty_has_reason"),
        ]

    def __str__(self) -> str:
        return f"{self.entry.player}: -{self.points} ({self.reason[:30]})"


class EventPenaltyWithdrawal(models.Model):
    """A referee's withdrawal of a penalty (ペナルティ取消), with who, when and why. One per
    penalty; the penalty itself stays as it was given."""

    penalty = models.OneToOneField(
        EventPenalty, on_delete=models.PROTECT, related_name="withdrawal"
    )
    reason = models.TextField()
    withdrawn_at = models.DateTimeField(auto_now_add=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = pgettext_lazy("model", "Penalty withdrawal")
        verbose_name_plural = pgettext_lazy("model", "Penalty withdrawals")
        constraints = [
            models.CheckConstraint(
                condition=~Q(reason=""), name="event_penalty_withdrawal_has_reason"
            ),
        ]

    def __str__(self) -> str:
        return pgettext("model", "withdrawn: %(penalty)s (%(reason)s)") % {
            "penalty": self.penalty,
            "reason": self.reason[:30],
        }
