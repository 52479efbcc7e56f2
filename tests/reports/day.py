"""One business day at a parlor, played through the services with the clock set by time-machine.

点棒クラブ (Asia/Tokyo, business day from 06:00), business day 2026-05-01:

- 19:00 five members check in; table 1 plays `standard` with chips (祝儀), table 2 the
  east-only `tenhou-4p-tonpuu`; money: 点5 (50 yen per 1p), chip 100 yen, fee 400 + top
  prize 200 (each_plus_top), rounded to 10 yen.
- 20:00-21:00 game 1 at table 1; 21:30 a member of staff corrects its first hand (with why).
- 23:00 a game at table 2 is started by mistake and cancelled.
- 23:30-00:30 (May 2nd) game 2 at table 2, a member of staff filling the fourth seat (本走).
- 01:00-02:00 (May 2nd) game 3 at table 1: it ended at 02:00, so it is still May 1st's.
- 02:30 two players check out (settlements of May 1st).
- 06:10-06:40 (May 2nd) game 4 at table 1: after the cutoff, so it is May 2nd's, like the
  last check-outs at 07:00.
- Also a game that ended at 05:00 on May 1st: the day before (April 30th).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import time_machine
from django.contrib.auth import get_user_model

from parlor.domain.money import Terms
from parlor.models import (
    Game,
    GameStatus,
    MemberRole,
    MoneySettings,
    Parlor,
    ParlorMember,
    Player,
    Table,
    Visit,
)
from parlor.services.games import game_start, game_void
from parlor.services.hand_corrections import hand_correct
from parlor.services.hands import hand_record
from parlor.services.rulesets import ruleset_create
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in, visit_check_out
from tests.parlor.game_driver import next_hand

TOKYO = ZoneInfo("Asia/Tokyo")
DAY = date(2026, 5, 1)
TERMS = Terms(
    rate_yen_per_p=50,
    chip_value_yen=100,
    fee_model="each_plus_top",
    game_fee_yen=400,
    top_prize_yen=200,
    money_unit_yen=10,
)
CHIPS = {
    "events": ["ippatsu", "ura_dora", "red_five"],
    "ron_paid_by": "discarder",
    "tsumo_paid_by": "each",
}
CORRECTION_REASON = "点数の入力ミス (30符→40符)"


def at(month: int, day: int, hour: int, minute: int = 0) -> datetime:
    return datetime(2026, month, day, hour, minute, tzinfo=TOKYO)


@dataclass
class DayOfGames:
    parlor: Parlor
    manager: Any
    staff: Any
    members: list[Player]
    staff_player: Player
    tables: dict[str, Table]
    games: dict[str, Game] = field(default_factory=dict)
    visits: dict[str, Visit] = field(default_factory=dict)
    day: date = DAY


def _user(username: str, parlor: Parlor, role: MemberRole) -> Any:
    user = get_user_model().objects.create_user(username, password="pw", first_name=username)
    ParlorMember.objects.create(parlor=parlor, user=user, role=role)
    return user


def play_game(
    table: Table, players: list[Player], *, start: datetime, end: datetime, by: Any
) -> Game:
    """Starts a game at `start` and plays it to its end at `end` (game_driver's hands, with a
    chip for every third win)."""
    with time_machine.travel(start, tick=False):
        game = game_start(table=table, players=players, seating=Seating.GIVEN, by=by)
    with time_machine.travel(end, tick=False):
        for number in range(80):
            game.refresh_from_db()
            if game.status != GameStatus.IN_PROGRESS:
                return game
            state = {
                "scores": game.scores,
                "next": game.next_state,
                "ruleset_key": "standard"
                if table.ruleset_key.endswith("chips")
                else table.ruleset_key,
            }
            hand = next_hand(state, number)
            if table.ruleset_key.endswith("chips") and number % 3 == 0:
                result = hand["result"]
                for win in result.get("wins", [result.get("win")]):
                    if win:
                        win["chips"] = 1
            hand_record(game=game, sequence=number + 1, entry=hand, by=by)
    raise AssertionError("the game did not end")


def play_day() -> DayOfGames:
    with time_machine.travel(at(4, 20, 12), tick=False):
        parlor = Parlor.objects.create(
            name="点棒クラブ 本店",
            slug="tenbo-honten",
            time_zone="Asia/Tokyo",
            business_day_cutoff_hour=6,
        )
        manager = _user("tencho", parlor, MemberRole.MANAGER)
        staff = _user("suzuki", parlor, MemberRole.STAFF)
        names = ["山田", "佐藤", "高橋", "田中", "伊藤"]
        members = [
            Player.objects.create(parlor=parlor, name=n, kind="member", member_number=f"{i:04d}")
            for i, n in enumerate(names, start=1)
        ]
        staff_player = Player.objects.create(parlor=parlor, name="鈴木 (スタッフ)", user=staff)
        ruleset_create(
            parlor=parlor,
            key="standard-chips",
            title="標準ルール 祝儀あり",
            definition={"base": "standard", "id": "standard-chips", "chips": CHIPS},
            by=manager,
        )
        # The row itself, not money_settings_set: its select_for_update orders by the nullable
        # table and PostgreSQL refuses FOR UPDATE on that outer join (reported to issue 6).
        MoneySettings.objects.create(parlor=parlor, player_count=4, **asdict(TERMS))
        tables = {
            "1": Table.objects.create(parlor=parlor, label="1", ruleset_key="standard-chips"),
            "2": Table.objects.create(parlor=parlor, label="2", ruleset_key="tenhou-4p-tonpuu"),
        }
    d = DayOfGames(parlor, manager, staff, members, staff_player, tables)
    a, b, c, e, f = members

    # The day before: checked in and out before 06:00 on May 1st.
    with time_machine.travel(at(5, 1, 4), tick=False):
        early = {p.name: visit_check_in(player=p, by=staff) for p in (a, b, c, e)}
    d.games["day_before"] = play_game(
        tables["1"], [a, b, c, e], start=at(5, 1, 4, 10), end=at(5, 1, 5), by=staff
    )
    with time_machine.travel(at(5, 1, 5, 10), tick=False):
        for visit in early.values():
            visit_check_out(visit=visit, by=staff)

    with time_machine.travel(at(5, 1, 19), tick=False):
        d.visits = {p.name: visit_check_in(player=p, by=staff) for p in members}
    d.games["g1"] = play_game(
        tables["1"], [a, b, c, e], start=at(5, 1, 20), end=at(5, 1, 21), by=staff
    )
    first = d.games["g1"].hands.get(sequence=1)
    fixed = _thirty_to_forty_fu(first.entry)
    with time_machine.travel(at(5, 1, 21, 30), tick=False):
        hand_correct(
            game=d.games["g1"], sequence=1, entry=fixed, reason=CORRECTION_REASON, by=staff
        )
    with time_machine.travel(at(5, 1, 23), tick=False):
        mistake = game_start(
            table=tables["2"], players=[a, b, c, f], seating=Seating.GIVEN, by=staff
        )
        game_void(game=mistake, reason="卓の入力間違い", by=staff)
    d.games["cancelled"] = mistake
    d.games["g2"] = play_game(
        tables["2"], [f, b, c, staff_player], start=at(5, 1, 23, 30), end=at(5, 2, 0, 30), by=staff
    )
    d.games["g3"] = play_game(
        tables["1"], [a, b, e, f], start=at(5, 2, 1), end=at(5, 2, 2), by=staff
    )
    with time_machine.travel(at(5, 2, 2, 30), tick=False):
        visit_check_out(visit=d.visits[a.name], by=staff)
        visit_check_out(visit=d.visits[b.name], by=staff)
    d.games["next_day"] = play_game(
        tables["1"], [c, e, f, staff_player], start=at(5, 2, 6, 10), end=at(5, 2, 6, 40), by=staff
    )
    with time_machine.travel(at(5, 2, 7), tick=False):
        for name in (c.name, e.name, f.name):
            visit_check_out(visit=d.visits[name], by=staff)
    for game in d.games.values():
        game.refresh_from_db()
    return d


def _thirty_to_forty_fu(entry: dict[str, Any]) -> dict[str, Any]:
    """The same hand with its win at 40 fu instead of 30: a small, safe change of points."""
    result = dict(entry["result"])
    if "wins" in result:
        result["wins"] = [{**w, "fu": 40} for w in result["wins"]]
    else:
        result["win"] = {**result["win"], "fu": 40}
    return {**entry, "result": result}


GAMES_OF_THE_DAY = ("g1", "g2", "g3")
