"""Per seat stats of a finished game, for the standings and a player's statistics.

A derived copy of the game's results and hand log, kept so that reading a month of standings or
a regular's thousands of games is one aggregate query instead of a walk over every hand.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.utils.translation import pgettext_lazy

from parlor.models.games import Game
from parlor.models.parlors import Parlor, Player


class GameSeatStats(models.Model):
    """One seat of one finished game, as the standings and the statistics count it.

    services.seat_stats writes the rows of a game whenever its results are written (the game
    ends, a hand of a finished game is corrected) and deletes them when a correction reopens
    the game, in the same transaction and under the game's lock. Nobody edits them otherwise.
    """

    # No index of their own on the keys: the unique constraint and the indexes below lead with them.
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="seat_stats", db_index=False
    )
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+", db_index=False)
    parlor = models.ForeignKey(  # the table's
        Parlor, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    player_count = models.PositiveSmallIntegerField()  # the game type (the ruleset's)
    ended_at = models.DateTimeField()  # the game's
    is_staff_play = models.BooleanField(default=False)  # 本走: in no ranking, in no statistics
    rank = models.PositiveSmallIntegerField()  # 着順
    is_last = models.BooleanField(default=False)  # rank == the game's number of results
    is_tobi = models.BooleanField(default=False)  # 飛び: the game ended by bust with this seat
    total_tenths = models.IntegerField()  # 成績 in tenths of the ruleset's unit
    hands = models.PositiveIntegerField(default=0)  # hands dealt in (not sat out, 抜け番)
    wins = models.PositiveIntegerField(default=0)  # 和了
    deal_ins = models.PositiveIntegerField(default=0)  # 放銃
    riichi = models.PositiveIntegerField(default=0)  # 立直
    win_points = models.IntegerField(default=0)  # the wins' ron/tsumo/pao payments (打点)

    class Meta:
        verbose_name = pgettext_lazy("model", "Game seat stats")
        verbose_name_plural = pgettext_lazy("model", "Game seat stats")
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="game_seat_stats_unique_seat"),
            models.CheckConstraint(
                condition=Q(rank__gte=1, rank__lte=4), name="game_seat_stats_rank_1_4"
            ),
        ]
        indexes = [
            # The standings: one parlor, a period of ended games.
            models.Index(fields=["parlor", "ended_at"], name="game_seat_stats_parlor_ended"),
            # A player's statistics, per game type.
            models.Index(fields=["player", "player_count"], name="game_seat_stats_player"),
        ]

    def __str__(self) -> str:
        return f"game {self.game_id} seat {self.seat}: {self.hands} hands, rank {self.rank}"
