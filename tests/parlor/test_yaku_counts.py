"""Yaku counts per player, from the `yaku` recorded on wins: only the player's own paid wins
of finished games count, each yaku once per win, and the player page shows them."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from parlor.selectors.yaku_stats import yaku_stats_of_player
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.seating import Seating
from tests.parlor.factories import PlayerFactory, TableFactory

pytestmark = pytest.mark.django_db

RIICHI_PINFU = [{"key": "riichi", "han": 1}, {"key": "pinfu", "han": 1},
                {"key": "dora", "han": 1}]
RIICHI_TSUMO = [{"key": "riichi", "han": 1}, {"key": "menzen_tsumo", "han": 1}]


def ron(loser: int, *wins: dict[str, Any]) -> dict[str, Any]:
    return {"result": {"kind": "ron", "loser": loser, "wins": list(wins)}}


def play(parlor: Any, staff_user: Any, players: list[Any], hands: list[dict[str, Any]], *,
         ruleset_key: str = "standard", label: str = "Y", finish: bool = True) -> Any:
    """Plays `hands` at a new table through the services; returns the game."""
    table = TableFactory(parlor=parlor, label=label, ruleset_key=ruleset_key)
    game = game_start(table=table, players=players, seating=Seating.GIVEN, by=staff_user)
    for sequence, entry in enumerate(hands, start=1):
        hand_record(game=game, sequence=sequence, entry=entry, by=staff_user)
    if finish:
        game_finish(game=game, by=staff_user)
    game.refresh_from_db()
    return game


@pytest.fixture
def four(parlor) -> list[Any]:
    return PlayerFactory.create_batch(4, parlor=parlor)


def counts(player: Any) -> tuple[int, dict[str, int]]:
    stats = yaku_stats_of_player(player)
    return stats.yaku_wins, {row.key: row.wins for row in stats.yaku}


def test_each_yaku_counts_once_per_paid_win_of_the_player(parlor, staff_user, four):
    play(parlor, staff_user, four, [
        ron(0, {"winner": 1, "han": 3, "fu": 30, "yaku": RIICHI_PINFU}),
        {"result": {"kind": "tsumo", "win": {"winner": 1, "han": 2, "fu": 30,
                                             "yaku": RIICHI_TSUMO}}},
        ron(1, {"winner": 2, "han": 2, "fu": 30, "yaku": RIICHI_TSUMO[:1]}),  # not seat 1's
        ron(0, {"winner": 1, "han": 2, "fu": 30}),  # recorded without yaku
    ])
    assert counts(four[1]) == (2, {"riichi": 2, "pinfu": 1, "dora": 1, "menzen_tsumo": 1})
    assert counts(four[2]) == (1, {"riichi": 1})
    assert counts(four[0]) == (0, {})


def test_a_head_bumped_ron_and_an_unfinished_game_count_nothing(parlor, staff_user, four):
    # seed 002 plays head bump (頭ハネ): only the first claimant after the discarder is paid.
    play(parlor, staff_user, four, [ron(0, {"winner": 1, "han": 2, "fu": 30,
                                            "yaku": RIICHI_TSUMO[:1]},
                                       {"winner": 2, "han": 2, "fu": 30,
                                        "yaku": RIICHI_PINFU[:2]})],
         ruleset_key="seed-002", label="Z")
    assert counts(four[1]) == (1, {"riichi": 1})
    assert counts(four[2]) == (0, {})
    others = PlayerFactory.create_batch(4, parlor=parlor)
    play(parlor, staff_user, others, [ron(0, {"winner": 1, "han": 3, "fu": 30,
                                              "yaku": RIICHI_PINFU})], finish=False)
    assert counts(others[1]) == (0, {})


def test_the_player_page_lists_the_yaku_with_their_names(parlor, staff_user, four):
    play(parlor, staff_user, four, [ron(0, {"winner": 1, "han": 3, "fu": 30,
                                            "yaku": RIICHI_PINFU})])
    four[1].user = get_user_model().objects.create_user("baba", password="pw")
    four[1].save(update_fields=["user"])
    client = Client()
    client.force_login(four[1].user)
    page = client.get("/me/").content.decode()
    assert 'data-yaku="pinfu"' in page and "平和" in page and "立直" in page
