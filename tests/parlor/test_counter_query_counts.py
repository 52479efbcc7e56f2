"""The counter (GET /tablet/counter/) takes the same number of queries however many players are
checked in and however many games they played, and shows each open visit's provisional money
as the receipt of that visit alone would."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from parlor.domain.money import Terms
from parlor.models import AdjustmentKind, FeeModel, GameStatus, Parlor, Player, Visit
from parlor.selectors.counter import counter_rows
from parlor.selectors.visits import open_receipts, receipt_of
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.money import money_settings_set
from parlor.services.seating import Seating
from parlor.services.settlements import adjustment_create
from parlor.services.visits import visit_check_in
from tests.parlor.factories import PlayerFactory, TableFactory

pytestmark = pytest.mark.django_db

# The session, the user and their role; the open visits; their games with tables and money
# terms, those games' results, their staff seats, the open adjustments; the staff; the seats of
# the open games (where each player sits); the players; the parlor's open adjustments (the list
# to pay out); the waiting list, and the active tables, their rulesets and money settings
# (the kinds of table a wish names). Before the receipts were read together: 24 queries for the
# small day, 186 for the busy one.
COUNTER_MAX = 16

POINT_5 = Terms(
    rate_yen_per_p=50,
    chip_value_yen=100,
    fee_model=FeeModel.EACH_PLUS_TOP,
    game_fee_yen=500,
    top_prize_yen=300,
    money_unit_yen=10,
)
HANDS = [
    {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, "han": 3, "fu": 30}]}},
    {"result": {"kind": "tsumo", "win": {"winner": 2, "han": 4, "fu": 30}}},
    {"result": {"kind": "ron", "loser": 3, "wins": [{"winner": 0, "han": 2, "fu": 40}]}},
]


def _day(parlor: Parlor, staff_user: Any, *, tables: int, games: int) -> list[Visit]:
    """Four players per table checked in, `games` finished games each table and one in
    progress; one player of each table owes an adjustment; one table has staff play (本走)."""
    money_settings_set(parlor=parlor, player_count=4, terms=POINT_5)
    visits = []
    for number in range(tables):
        table = TableFactory(parlor=parlor, label=f"T{number}", ruleset_key="standard")
        players = PlayerFactory.create_batch(4, parlor=parlor)
        if number == 0:
            players[3].user = staff_user  # a member of staff fills the seat
            players[3].save(update_fields=["user"])
        else:
            visits.append(visit_check_in(player=players[3], by=staff_user))
        visits += [visit_check_in(player=p, by=staff_user) for p in players[:3]]
        for game_number in range(games + 1):
            seats = players[game_number % 4 :] + players[: game_number % 4]
            game = game_start(table=table, players=seats, seating=Seating.GIVEN, by=staff_user)
            for sequence, hand in enumerate(HANDS[: 1 + game_number % 3], start=1):
                hand_record(game=game, sequence=sequence, entry=hand, by=staff_user)
            if game_number < games:
                game_finish(game=game, by=staff_user)
        adjustment_create(
            player=players[0],
            kind=AdjustmentKind.PAYMENT,
            amount_yen=-1000,
            reason="drinks",
            by=staff_user,
        )
    return visits


@pytest.mark.parametrize(("tables", "games"), [(1, 1), (4, 3)], ids=["small", "busy"])
def test_the_counter_takes_the_same_queries_for_a_busy_day(
    tablet, parlor, staff_user, tables, games
):
    visits = _day(parlor, staff_user, tables=tables, games=games)
    assert len(visits) == 4 * tables - 1
    with CaptureQueriesContext(connection) as queries:
        page = tablet.get("/tablet/counter/")
    assert page.status_code == 200
    assert len(queries) <= COUNTER_MAX, "\n".join(q["sql"][:120] for q in queries)


def test_each_open_visit_shows_the_money_of_its_own_receipt(parlor, staff_user):
    visits = _day(parlor, staff_user, tables=3, games=3)
    together = open_receipts(visits)
    rows = {row.visit.pk: row for row in counter_rows(parlor) if row.visit is not None}
    assert set(rows) == {visit.pk for visit in visits}
    for visit in visits:
        alone = receipt_of(Visit.objects.get(pk=visit.pk))
        both = together[visit.pk]
        assert [
            (line.position, line.kind, line.game_id, line.adjustment_id, line.amount_yen)
            for line in both.lines
        ] == [
            (line.position, line.kind, line.game_id, line.adjustment_id, line.amount_yen)
            for line in alone.lines
        ]
        assert both.totals == alone.totals
        assert both.games_in_progress == alone.games_in_progress == 1
        assert rows[visit.pk].provisional_yen == alone.totals["total_yen"]
        assert rows[visit.pk].games == sum(1 for line in alone.lines if line.game_id)
    # Money moved: every finished game is on its players' receipts, the adjustments too.
    assert sum(r.totals["adjustments_yen"] for r in together.values()) == -3000
    assert all(r.totals["fees_yen"] > 0 for r in together.values())


def test_staff_play_pays_no_fee_on_the_receipts_of_the_others(parlor, staff_user):
    visits = _day(parlor, staff_user, tables=1, games=2)
    staff_player = Player.objects.get(user=staff_user)
    finished = staff_player.game_seats.filter(game__status=GameStatus.FINISHED)
    assert finished.count() == 2 and all(seat.is_staff_play for seat in finished)
    receipts = open_receipts(visits)
    fees = [line.fee_yen for r in receipts.values() for line in r.lines if line.game_id]
    assert len(fees) == 6 and all(fee >= POINT_5.game_fee_yen for fee in fees)
