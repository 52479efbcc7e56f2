"""A business day with one chombo game (the penalty leaves the game), played through the services.

The parlor and its people are tests/reports/day.py's kind; the table plays the ruleset given
(mleague, ema: a chombo is −20p deducted at the end to nobody), under the money terms given.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import date, datetime
from typing import Any

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
    Settlement,
    Table,
    Visit,
)
from parlor.services.games import game_start
from parlor.services.hands import hand_record
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in, visit_check_out
from tests.parlor.game_driver import next_hand
from tests.reports.day import at

DAY = date(2026, 5, 1)
CHOMBO = {"result": {"kind": "chombo", "offender": 2}}
NAMES = ["山田", "佐藤", "高橋", "田中"]


@dataclass
class ChomboDay:
    parlor: Parlor
    manager: Any
    staff: Any
    players: list[Player]
    table: Table
    game: Game
    visits: list[Visit]
    settlements: list[Settlement] = field(default_factory=list)
    day: date = DAY


def _user(username: str, parlor: Parlor, role: MemberRole, password: str) -> Any:
    user = get_user_model().objects.create_user(username, password=password, first_name=username)
    ParlorMember.objects.create(parlor=parlor, user=user, role=role)
    return user


def play_chombo_day(
    ruleset_key: str, terms: Terms, *, check_out: int = 4, password: str = "pw"
) -> ChomboDay:
    """Four members check in at 19:00, play one game from 20:00 whose first hand is seat 2's
    chombo, and the first `check_out` of them check out at 22:00 (business day 2026-05-01)."""
    with time_machine.travel(at(4, 20, 12), tick=False):
        parlor = Parlor.objects.create(
            name="点棒クラブ 本店",
            slug="tenbo-honten",
            time_zone="Asia/Tokyo",
            business_day_cutoff_hour=6,
        )
        manager = _user("tencho", parlor, MemberRole.MANAGER, password)
        staff = _user("suzuki", parlor, MemberRole.STAFF, password)
        players = [
            Player.objects.create(parlor=parlor, name=n, kind="member", member_number=f"{i:04d}")
            for i, n in enumerate(NAMES, start=1)
        ]
        MoneySettings.objects.create(parlor=parlor, player_count=4, **asdict(terms))
        table = Table.objects.create(parlor=parlor, label="1", ruleset_key=ruleset_key)
    with time_machine.travel(at(5, 1, 19), tick=False):
        visits = [visit_check_in(player=p, by=staff) for p in players]
    with time_machine.travel(at(5, 1, 20), tick=False):
        game = game_start(table=table, players=players, seating=Seating.GIVEN, by=staff)
    with time_machine.travel(at(5, 1, 21), tick=False):
        hand_record(game=game, sequence=1, entry=CHOMBO, by=staff)
        for number in range(1, 80):
            game.refresh_from_db()
            if game.status != GameStatus.IN_PROGRESS:
                break
            state = {"scores": game.scores, "next": game.next_state, "ruleset_key": ruleset_key}
            hand_record(game=game, sequence=number + 1, entry=next_hand(state, number), by=staff)
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    d = ChomboDay(parlor, manager, staff, players, table, game, visits)
    with time_machine.travel(at(5, 1, 22), tick=False):
        d.settlements = [visit_check_out(visit=v, by=staff) for v in visits[:check_out]]
    return d


def day_end() -> datetime:
    """After the business day's cutoff: the report is final."""
    return at(5, 2, 7)
