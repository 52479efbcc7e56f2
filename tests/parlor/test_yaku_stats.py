"""Riichi, dama and open wins as the recorded yaku tell them (selectors.yaku_stats): for the
player page, of the player's wins that recorded their yaku; a win entered by han and fu alone
is no part of the shares."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from parlor.domain.shares import share_tenths
from parlor.selectors.yaku import yaku_tables
from parlor.selectors.yaku_stats import WinStyle, win_style, yaku_stats_of_player
from parlor.services.rulesets import ruleset_create
from scoring import RecordedYaku
from scoring.errors import ScoringError
from scoring.hand_value import TENHOU_YAKU
from tests.parlor.factories import PlayerFactory
from tests.parlor.test_yaku_counts import play, ron


def y(key: str, han: int) -> dict[str, Any]:
    return {"key": key, "han": han}


def recorded(items: list[dict[str, Any]]) -> list[RecordedYaku]:
    """The yaku of a hand entry as the engine reads them (what win_style takes)."""
    return [RecordedYaku(i["key"], i["han"], is_yakuman=bool(i.get("yakuman"))) for i in items]


@pytest.mark.parametrize(("yaku", "expected"), [
    pytest.param([y("riichi", 1), y("pinfu", 1)], WinStyle.RIICHI, id="riichi"),
    pytest.param([y("double_riichi", 2), y("dora", 3)], WinStyle.RIICHI, id="double-riichi"),
    pytest.param([y("menzen_tsumo", 1), y("tanyao", 1)], WinStyle.DAMA,
                 id="menzen-tsumo-is-closed-only"),
    pytest.param([y("chiitoitsu", 2), y("dora", 2)], WinStyle.DAMA, id="seven-pairs-is-closed"),
    pytest.param([y("honitsu", 3), y("haku", 1)], WinStyle.DAMA,
                 id="honitsu-at-its-closed-han"),
    pytest.param([y("honitsu", 2), y("haku", 1)], WinStyle.OPEN,
                 id="honitsu-at-its-open-han-is-kuisagari"),
    pytest.param([y("chanta", 1)], WinStyle.OPEN, id="chanta-at-one-han"),
    pytest.param([y("tanyao", 1), y("dora", 1)], WinStyle.UNKNOWN,
                 id="a-tanyao-ron-does-not-tell"),
    pytest.param([y("toitoi", 2), y("chun", 1)], WinStyle.UNKNOWN, id="toitoi-is-worth-the-same"),
    pytest.param([{"key": "kokushi", "han": 1, "yakuman": True}], WinStyle.DAMA,
                 id="closed-only-yakuman"),
    pytest.param([{"key": "daisangen", "han": 1, "yakuman": True}], WinStyle.UNKNOWN,
                 id="a-yakuman-open-or-closed"),
    pytest.param([y("pinfu", 1), y("honitsu", 2)], WinStyle.UNKNOWN,
                 id="a-list-that-contradicts-itself"),
    pytest.param([y("no_such_yaku", 1)], WinStyle.UNKNOWN, id="an-unknown-key-tells-nothing"),
])
def test_the_yaku_tell_riichi_dama_or_open_under_the_standard_table(yaku, expected):
    assert win_style(recorded(yaku), TENHOU_YAKU) is expected


def test_the_house_table_decides_what_a_han_tells():
    honroutou = [y("toitoi", 2), y("honroutou", 2)]  # seed 001: 混老頭 3 closed, 2 open
    assert win_style(recorded(honroutou), TENHOU_YAKU) is WinStyle.UNKNOWN
    assert win_style(recorded(honroutou), yaku_tables()["seed-001"]) is WinStyle.OPEN


def test_a_share_is_rounded_half_up_in_tenths_of_a_percent():
    assert [share_tenths(n, 6) for n in range(7)] == [0, 167, 333, 500, 667, 833, 1000]
    assert share_tenths(1, 8) == 125 and share_tenths(1, 16) == 63  # 6.25 % → 6.3 %
    assert share_tenths(0, 0) is None


RIICHI_PINFU = [y("riichi", 1), y("pinfu", 1), y("dora", 1)]
# Seat 1 wins seven hands: two riichi, two dama, one open, one that the yaku do not tell, and
# one entered by han and fu alone; seat 2 wins one riichi hand.
HANDS = [
    {"riichi": [1], **ron(0, {"winner": 1, "han": 3, "fu": 30, "yaku": RIICHI_PINFU})},
    {"result": {"kind": "tsumo", "win": {"winner": 1, "han": 2, "fu": 30,
                                         "yaku": [y("menzen_tsumo", 1), y("tanyao", 1)]}}},
    ron(2, {"winner": 1, "han": 3, "fu": 30, "yaku": [y("honitsu", 2), y("haku", 1)]}),
    ron(0, {"winner": 1, "han": 3, "fu": 40, "yaku": [y("honitsu", 3)]}),
    ron(3, {"winner": 1, "han": 2, "fu": 30, "yaku": [y("tanyao", 1), y("dora", 1)]}),
    ron(0, {"winner": 1, "han": 2, "fu": 30}),
    {"riichi": [1], **ron(2, {"winner": 1, "han": 3, "fu": 40,
                              "yaku": [y("double_riichi", 2), y("dora", 1)]})},
    {"riichi": [2], **ron(1, {"winner": 2, "han": 2, "fu": 30,
                              "yaku": [y("riichi", 1), y("ippatsu", 1)]})},
]


def styles(player: Any) -> dict[str, tuple[int, int | None]]:
    return {row.style.value: (row.wins, row.share_tenths)
            for row in yaku_stats_of_player(player).styles}


@pytest.mark.django_db
def test_the_players_shares_are_of_their_wins_with_yaku(parlor, staff_user):
    four = PlayerFactory.create_batch(4, parlor=parlor)
    play(parlor, staff_user, four, HANDS)
    stats = yaku_stats_of_player(four[1])
    assert (stats.paid_wins, stats.yaku_wins) == (7, 6)  # the han-and-fu win is out of the shares
    assert styles(four[1]) == {"riichi": (2, 333), "dama": (2, 333), "open": (1, 167),
                               "unknown": (1, 167)}
    assert {row.key: (row.wins, row.share_tenths) for row in stats.yaku}["dora"] == (3, 500)
    assert styles(four[2]) == {"riichi": (1, 1000), "dama": (0, 0), "open": (0, 0),
                               "unknown": (0, 0)}
    assert styles(four[0]) == {"riichi": (0, None), "dama": (0, None), "open": (0, None),
                               "unknown": (0, None)}


@pytest.mark.django_db
def test_a_parlor_ruleset_reads_the_yaku_with_its_base_presets_table(parlor, staff_user):
    manager = get_user_model().objects.create_user("tencho", password="pw")
    ruleset_create(parlor=parlor, key="k-house", title="Kルール 店",
                   definition={"base": "seed-001", "id": "k-house"}, by=manager)
    honroutou = ron(0, {"winner": 1, "han": 4, "fu": 40,
                        "yaku": [y("toitoi", 2), y("honroutou", 2)]})
    house, standard = (PlayerFactory.create_batch(4, parlor=parlor) for _ in range(2))
    play(parlor, staff_user, house, [honroutou], ruleset_key="k-house", label="K")
    play(parlor, staff_user, standard, [honroutou], label="S")
    assert styles(house[1])["open"] == (1, 1000)
    assert styles(standard[1])["unknown"] == (1, 1000)


@pytest.mark.django_db
def test_the_player_page_shows_the_counts_and_shares_in_japanese(parlor, staff_user):
    four = PlayerFactory.create_batch(4, parlor=parlor)
    play(parlor, staff_user, four, HANDS)
    four[1].user = get_user_model().objects.create_user("baba", password="pw")
    four[1].save(update_fields=["user"])
    client = Client()
    client.force_login(four[1].user)
    page = client.get("/me/").content.decode()  # Japanese by default
    assert 'data-yaku-coverage="6" data-paid-wins="7"' in page
    rows = [("riichi", "リーチ", 2, "33.3%"), ("dama", "ダマ", 2, "33.3%"),
            ("open", "副露", 1, "16.7%"), ("unknown", "不明", 1, "16.7%")]
    for style, label, wins, share in rows:
        assert (f'<tr data-style="{style}"><th>{label}</th><td class="num" data-style-wins>'
                f'{wins}</td><td class="num" data-style-share>{share}</td></tr>') in page
    assert "リーチ・ダマ・副露" in page
    client.cookies["django_language"] = "en"
    english = client.get("/me/").content.decode()
    assert '<tr data-style="open"><th>Open</th>' in english
    assert "Riichi, dama and open wins" in english


@pytest.mark.parametrize(("yaku", "is_open", "expected"), [
    pytest.param([y("tanyao", 1), y("dora", 1)], False, WinStyle.DAMA,
                 id="a-closed-tanyao-ron-is-dama"),
    pytest.param([y("tanyao", 1), y("dora", 1)], True, WinStyle.OPEN,
                 id="an-open-tanyao-ron-is-open"),
    pytest.param([y("daisangen", 1)], True, WinStyle.OPEN, id="an-open-yakuman"),
    pytest.param([y("riichi", 1), y("tanyao", 1)], False, WinStyle.RIICHI,
                 id="riichi-still-from-the-yaku"),
    pytest.param([y("honitsu", 3)], True, WinStyle.OPEN, id="open-overrides-the-inference"),
    pytest.param([y("tanyao", 1)], None, WinStyle.UNKNOWN, id="absent-falls-back"),
    pytest.param([y("chiitoitsu", 2)], None, WinStyle.DAMA, id="absent-infers-closed"),
])
def test_a_recorded_open_decides_open_or_closed(yaku, is_open, expected):
    assert win_style(recorded(yaku), TENHOU_YAKU, is_open=is_open) is expected


TANYAO = [y("tanyao", 1), y("dora", 1)]
# Seat 1 wins four tanyao rons: recorded closed, recorded open, not recorded, and a closed
# honitsu at its closed han that the yaku alone would also call dama.
OPEN_HANDS = [
    ron(0, {"winner": 1, "han": 2, "fu": 30, "yaku": TANYAO, "open": False}),
    ron(2, {"winner": 1, "han": 2, "fu": 30, "yaku": TANYAO, "open": True}),
    ron(3, {"winner": 1, "han": 2, "fu": 30, "yaku": TANYAO}),
    ron(0, {"winner": 1, "han": 3, "fu": 40, "yaku": [y("honitsu", 3)], "open": False}),
]


@pytest.mark.django_db
def test_the_recorded_open_counts_where_the_yaku_do_not_tell(parlor, staff_user):
    four = PlayerFactory.create_batch(4, parlor=parlor)
    play(parlor, staff_user, four, OPEN_HANDS)
    assert styles(four[1]) == {"riichi": (0, 0), "dama": (2, 500), "open": (1, 250),
                               "unknown": (1, 250)}


@pytest.mark.django_db
def test_an_open_riichi_win_is_not_recorded(parlor, staff_user):
    four = PlayerFactory.create_batch(4, parlor=parlor)
    riichi_open = {"riichi": [1], **ron(0, {"winner": 1, "han": 2, "fu": 30, "open": True,
                                            "yaku": [y("riichi", 1), y("tanyao", 1)]})}
    with pytest.raises(ScoringError) as refused:
        play(parlor, staff_user, four, [riichi_open])
    assert refused.value.field == "hands[0].result.wins[0].open"
    assert refused.value.code == "open_with_closed_yaku"
