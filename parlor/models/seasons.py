"""Seasons (シーズン): a parlor's named ranking periods, and the standings a closed one kept.

A season is a range of business days (a month, a year, or any range) for one kind of table
(a game type, a ruleset, a rate, or all of them), with its minimum of games (規定対局数).
Closing it stores its final standings as rows (SeasonStanding) that no later correction of a
game changes: the page shows the rows as they closed, and says when a game of the range was
corrected or voided since.
"""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import pgettext_lazy

from parlor.models.parlors import Parlor, Player
from parlor.security.text import OneLineText


class Season(models.Model):
    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    parlor = models.ForeignKey(Parlor, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(  # "2026年5月", "2026年間", "春季リーグ"
        max_length=60, validators=[OneLineText()]
    )
    first_day = models.DateField()  # the first business day (営業日)
    last_day = models.DateField()  # the last business day, included
    # The kind of table ranked; empty or null: every kind.
    player_count = models.PositiveSmallIntegerField(null=True, blank=True)  # 3 or 4 (三麻・四麻)
    ruleset_key = models.CharField(max_length=50, blank=True)  # ルール
    rate_yen_per_p = models.PositiveIntegerField(null=True, blank=True)  # レート
    min_games = models.PositiveSmallIntegerField(default=0)  # 規定対局数
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    closed_at = models.DateTimeField(null=True, blank=True)  # 締め: the standings were stored
    closed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = pgettext_lazy("model", "Season")
        verbose_name_plural = pgettext_lazy("model", "Seasons")
        ordering = ["-first_day", "name"]
        constraints = [
            models.UniqueConstraint(fields=["parlor", "name"], name="season_unique_name"),
            models.CheckConstraint(
                condition=Q(last_day__gte=F("first_day")), name="season_days_in_order"
            ),
            models.CheckConstraint(
                condition=Q(player_count__isnull=True) | Q(player_count__in=(3, 4)),
                name="season_player_count_3_4",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.first_day} – {self.last_day})"

    @property
    def is_closed(self) -> bool:
        return self.closed_at is not None


class SeasonStanding(models.Model):
    """One player's line of a closed season's standings, as it stood when the season closed."""

    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="standings")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    name = models.CharField(max_length=60)  # the player's name at the close
    player_count = models.PositiveSmallIntegerField()  # the game type
    is_point_count = models.BooleanField(default=False)  # ranked apart, in 点
    is_ranked = models.BooleanField()  # False: below the minimum of games (規定対局数未満)
    position = models.PositiveIntegerField()  # within the ranked, or within those below
    games = models.PositiveIntegerField()
    total_tenths = models.IntegerField()  # 成績 in tenths of p (of 点 in a point count)
    average_rank_hundredths = models.PositiveIntegerField()  # 平均着順 × 100
    tops = models.PositiveIntegerField()  # トップ回数

    class Meta:
        verbose_name = pgettext_lazy("model", "Season standing")
        verbose_name_plural = pgettext_lazy("model", "Season standings")
        ordering = ["season", "-player_count", "is_point_count", "-is_ranked", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["season", "player_count", "is_point_count", "player"],
                name="season_standing_unique_player",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.season}: {self.position}. {self.name}"
