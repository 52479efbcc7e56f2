"""The signed-in player's own page (/me/): their games, visits, statistics, seasons and yaku."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from parlor.domain.units import Result, settlement_unit_of
from parlor.models import Player
from parlor.models.users import actor_row
from parlor.public.views import LOGIN
from parlor.selectors.games import results_of_player
from parlor.selectors.visits import visit_lines_of_player
from parlor.selectors.yaku_stats import share_text, win_style_label, yaku_stats_of_player
from parlor.services.seasons import seasons_of_player
from parlor.services.stats import player_stats
from parlor.view_helpers.pages import ruleset_titles
from parlor.view_helpers.present import signed, signed_result, stats_rows


@login_required(login_url=LOGIN)
def player_page(request: HttpRequest) -> HttpResponse:
    """The signed-in player's history and statistics, from their hand records."""
    user = actor_row(request.user)  # signed in (login_required): never None here
    player = (
        None if user is None else Player.objects.filter(user=user).select_related("parlor").first()
    )
    if player is None:
        raise PermissionDenied(_("This account has no player at any parlor."))
    visits = [
        {"visit": row.visit, "games": row.games, "total": signed(row.total_yen)}
        for row in visit_lines_of_player(player, limit=20)
    ]
    stats = [
        {"player_count": s.player_count, "is_point_count": s.is_point_count, **stats_rows(s)}
        for s in player_stats(player)
    ]
    return render(
        request,
        "public/player.html",
        {
            "player": player,
            "games": _games_context(player),
            "visits": visits,
            "stats": stats,
            "seasons": _seasons_context(player),
            **_yaku_context(player),
        },
    )


def _games_context(player: Player) -> list[dict[str, Any]]:
    """The player's last 50 games: the ruleset's title, their rank, result and chips."""
    results = results_of_player(player, limit=50)
    titles = ruleset_titles(player.parlor, {result.game.ruleset_key for result in results})
    return [
        {
            "game": result.game,
            "ruleset": titles[result.game.ruleset_key],
            "rank": result.rank,
            "result": signed_result(
                Result(
                    result.total_tenths,
                    settlement_unit_of(
                        {"settlement_unit": getattr(result, "settlement_unit", None)}
                    ),
                )
            ),
            "chips": signed(result.chips),
        }
        for result in results
    ]


def _seasons_context(player: Player) -> list[dict[str, Any]]:
    """The player's line in each season of their parlor."""
    return [
        {
            "season": line.season,
            "row": line.row,
            "is_ranked": line.is_ranked,
            "player_count": line.player_count,
            "is_point_count": line.is_point_count,
            "total": signed_result(line.row.total, with_unit=False),
            "average_rank": f"{line.row.average_rank:.2f}",
        }
        for line in seasons_of_player(player.pk, player.parlor)
    ]


def _yaku_context(player: Player) -> dict[str, Any]:
    """The player's yaku counts and riichi, dama and open shares of the wins with yaku."""
    stats = yaku_stats_of_player(player)
    return {
        "yaku": [{"row": row, "share": share_text(row.share_tenths)} for row in stats.yaku],
        "yaku_wins": stats.yaku_wins,
        "paid_wins": stats.paid_wins,
        "win_styles": [
            {
                "style": row.style.value,
                "label": win_style_label(row.style),
                "wins": row.wins,
                "share": share_text(row.share_tenths),
            }
            for row in stats.styles
        ],
    }
