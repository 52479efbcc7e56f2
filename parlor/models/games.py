"""Games (半荘 / 東風戦), their seats and their results (成績)."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.fields.json import KeyTextTransform
from django.utils.translation import pgettext, pgettext_lazy

from parlor.domain.next_hand import stored_next_hand
from parlor.domain.snapshots import ruleset_of_snapshot
from parlor.domain.stored_results import state_of
from parlor.domain.units import SettlementUnit, settlement_unit_of
from parlor.models.parlors import Player
from parlor.models.tables import SeatDraw, Table
from scoring import EndReason, GameState, NextHand, Ruleset


class GameStatus(models.TextChoices):
    IN_PROGRESS = "in_progress", pgettext_lazy("model", "In progress")
    FINISHED = "finished", pgettext_lazy("model", "Finished")
    # A game that counts for nothing (無効): started by mistake, or voided by a manager after it
    # finished. Its hands stay in the log; it charges no fee, points or money.
    # The stored and published value stays "cancelled": the API's answers carry it (status).
    VOIDED = "cancelled", pgettext_lazy("model", "Voided")


class Game(models.Model):
    """One game at one table under one ruleset snapshot.

    The live-state columns (hand_count ... state) hold where the engine's steps over the current
    hands left the game, so a hand is stepped from `state` and reads need no replay; a
    correction or a void replays the log and rewrites them.
    """

    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="games")
    seat_draw = models.ForeignKey(SeatDraw, on_delete=models.PROTECT, related_name="games")
    number_in_seating = models.PositiveSmallIntegerField(default=1)  # nth game since the seat draw
    first_dealer_position = models.PositiveSmallIntegerField(
        default=0
    )  # 起家, a seat draw position
    ruleset_key = models.CharField(max_length=50)
    ruleset_snapshot = models.JSONField()  # Ruleset.to_dict() when the game started
    schema_version = models.PositiveSmallIntegerField()
    start_state = models.JSONField(null=True, blank=True)  # the record's "start", for resumed games
    is_closed_by_staff = models.BooleanField(default=False)  # the record's "finished" (強制終了)
    status = models.CharField(
        max_length=16, choices=GameStatus.choices, default=GameStatus.IN_PROGRESS
    )
    started_at = models.DateTimeField(auto_now_add=True)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    ended_at = models.DateTimeField(null=True, blank=True)
    verified_at = models.DateTimeField(null=True, blank=True)  # stored results match the log
    end_reason = models.CharField(max_length=32, blank=True)  # all_last, tobi, finished, ...
    void_reason = models.TextField(blank=True)  # why it was voided (無効の理由)
    voided_by = models.ForeignKey(  # who voided it
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The manager who confirmed voiding a game that had hands (or voided a finished game).
    void_confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    hand_count = models.PositiveIntegerField(default=0)
    hands_voided = models.PositiveIntegerField(default=0)  # hands voided (取消) in this game
    scores = models.JSONField(default=list)
    sticks = models.PositiveIntegerField(default=0)  # 供託, riichi sticks on the table
    next_state = models.JSONField(null=True, blank=True)  # round_wind, round_number, dealer, honba
    # The engine's state after the current hands (scoring.step.GameState, tenbo-state/1): the
    # next hand is stepped from it. The columns above are read from it for the floor.
    state = models.JSONField(null=True, blank=True)
    # Each seat's running stats over the current hands so far (hands, wins, deal-ins, riichi,
    # win points: services.seat_stats.STATS), kept with the state for the players' statistics.
    running_stats = models.JSONField(default=list, blank=True)

    class Meta:
        verbose_name = pgettext_lazy("model", "Game")
        verbose_name_plural = pgettext_lazy("model", "Games")
        ordering = ["-started_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(status="in_progress"),
                name="game_one_open_per_table",
            ),
            models.CheckConstraint(
                condition=Q(status__in=GameStatus.values), name="game_status_valid"
            ),
            models.CheckConstraint(
                condition=(Q(status="in_progress") & Q(ended_at__isnull=True))
                | (~Q(status="in_progress") & Q(ended_at__isnull=False)),
                name="game_ended_at_iff_over",
            ),
            models.CheckConstraint(
                condition=Q(number_in_seating__gte=1), name="game_number_in_seating_positive"
            ),
            models.CheckConstraint(
                condition=Q(first_dealer_position__lte=3), name="game_first_dealer_position_0_3"
            ),
        ]

    def __str__(self) -> str:
        return pgettext("model", "game %(id)s at %(table)s (%(status)s)") % {
            "id": self.public_id,
            "table": self.table,
            "status": self.get_status_display(),
        }

    @property
    def ruleset(self) -> Ruleset:
        """The engine's ruleset the game is played under, read from its snapshot (the
        snapshot's one reader: its title, player count, start points, ...)."""
        return ruleset_of_snapshot(self.ruleset_snapshot)

    @property
    def engine_state(self) -> GameState | None:
        """The engine's state after the latest hand, read from the `state` column (None for a
        game stored before migration 0009 filled it)."""
        return state_of(self.state) if self.state is not None else None

    @property
    def next_hand(self) -> NextHand | None:
        """The hand the game plays next (round, dealer, honba), read from the `next_state`
        column; None once the game ended."""
        return stored_next_hand(self.next_state)

    @property
    def result_unit(self) -> SettlementUnit:
        """The unit of this game's results (p, points or a point count's 点)."""
        return settlement_unit_of(self.ruleset_snapshot)

    @property
    def is_open(self) -> bool:
        return self.status == GameStatus.IN_PROGRESS

    @property
    def is_voided(self) -> bool:
        """Whether the game was voided (無効): it counts for nothing."""
        return self.status == GameStatus.VOIDED

    @property
    def end(self) -> EndReason | None:
        """Why the game ended, as the engine's value; None while it runs."""
        return EndReason(self.end_reason) if self.end_reason else None


def result_unit_in_sql(to_game: str = "") -> KeyTextTransform:
    """A game's result unit read by the database from its snapshot, for a query over many
    games (standings, a player's stats and results) that must not load every snapshot to parse
    it: `to_game` is the lookup path to the game ("game__" from a result). The one read of the
    snapshot outside domain.snapshots; `settlement_unit_of` reads its value."""
    return KeyTextTransform("settlement_unit", f"{to_game}ruleset_snapshot")


class GameSeat(models.Model):
    """A player in a seat for the whole game. Seat 0 is the first dealer (起家)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="game_seats")
    name = models.CharField(max_length=60)  # the name written into the game record
    # 本走: a member of staff fills the seat with the parlor's money (no fee, no ranking).
    is_staff_play = models.BooleanField(default=False)

    class Meta:
        verbose_name = pgettext_lazy("model", "Game seat")
        verbose_name_plural = pgettext_lazy("model", "Game seats")
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="game_seat_unique_seat"),
            models.UniqueConstraint(fields=["game", "player"], name="game_seat_unique_player"),
            models.CheckConstraint(condition=Q(seat__lte=3), name="game_seat_seat_0_3"),
        ]

    def __str__(self) -> str:
        return pgettext("model", "seat %(seat)s: %(name)s") % {"seat": self.seat, "name": self.name}


class GameResult(models.Model):
    """A seat's final result (成績) from the engine's `final`. Values in p are stored in tenths."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="results")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="results")
    final_score = models.IntegerField()  # points after leftover sticks
    rank = models.PositiveSmallIntegerField()  # 着順
    oka_tenths = models.IntegerField(default=0)  # オカ
    uma_tenths = models.IntegerField(default=0)  # ウマ
    bonus_tenths = models.IntegerField(default=0)  # tobi bonus and the like
    deduction_tenths = models.IntegerField(default=0)  # 罰符: chombo deducted at the settlement
    total_tenths = models.IntegerField()  # 成績 in tenths of the ruleset's unit
    chips = models.IntegerField(default=0)  # チップ

    class Meta:
        verbose_name = pgettext_lazy("model", "Game result")
        verbose_name_plural = pgettext_lazy("model", "Game results")
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="game_result_unique_seat"),
            models.CheckConstraint(
                condition=Q(rank__gte=1, rank__lte=4), name="game_result_rank_1_4"
            ),
        ]

    def __str__(self) -> str:
        return pgettext("model", "%(game)s seat %(seat)s: rank %(rank)s, %(total)s") % {
            "game": self.game_id,
            "seat": self.seat,
            "rank": self.rank,
            "total": f"{self.total_tenths / 10:+.1f}",
        }
