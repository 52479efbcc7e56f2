"""Tournaments (大会) through their services: who may give a penalty, the entry fee, drops and
substitutes between rounds, seats given by the director, and the round's clock."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest
import time_machine
from django.conf import settings
from django.contrib.auth.models import Group
from django.test import Client
from django.utils import timezone

from parlor.errors import Conflict, Forbidden, InvalidInput
from parlor.models import (
    Adjustment,
    AuditEvent,
    Event,
    EventPlayer,
    GameStatus,
    MemberRole,
    Parlor,
    Player,
    RoundSeat,
    RoundTable,
    Table,
)
from parlor.selectors.tournament_clock import clock_of
from parlor.selectors.tournaments import event_standings, round_tables_of
from parlor.services.hands import hand_record
from parlor.services.tournament_penalties import REFEREE_GROUP, penalty_give, penalty_withdraw
from parlor.services.tournament_rounds import (
    round_end,
    round_seat,
    round_seat_given,
    round_start,
    round_swap_seats,
    round_table_extend,
    round_timer_pause,
)
from parlor.services.tournaments import (
    entry_drop,
    entry_substitute,
    event_create,
    event_register,
)
from tests.parlor.conftest import client_for
from tests.parlor.factories import MemberFactory, PlayerFactory, TableFactory


@pytest.fixture
def manager(parlor: Parlor) -> Any:
    return MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user


@pytest.fixture
def tables(parlor: Parlor) -> list[Table]:
    return [TableFactory(parlor=parlor, label=f"T{n}", ruleset_key="standard") for n in (1, 2)]


def _new_event(parlor: Parlor, tables: list[Table], manager: Any, **kwargs: Any) -> Event:
    return event_create(
        parlor=parlor,
        starts_on=date(2026, 11, 28),
        ends_on=date(2026, 11, 28),
        tables=tables,
        round_minutes=60,
        by=manager,
        **{"name": "月例大会", "round_count": 2, **kwargs},
    )


@pytest.fixture
def event(parlor: Parlor, tables: list[Table], manager: Any) -> Event:
    return _new_event(parlor, tables, manager)


@pytest.fixture
def entries(event: Event, parlor: Parlor, manager: Any) -> list[EventPlayer]:
    return [
        event_register(event=event, player=p, by=manager)
        for p in PlayerFactory.create_batch(8, parlor=parlor)
    ]


def test_it_refuses_tables_of_two_rulesets(parlor, tables, manager):
    other = TableFactory(parlor=parlor, label="T3", ruleset_key="seed-004")
    with pytest.raises(InvalidInput) as refused:
        event_create(
            parlor=parlor,
            name="x",
            starts_on=date(2026, 1, 1),
            ends_on=date(2026, 1, 1),
            round_count=1,
            tables=[*tables, other],
            by=manager,
        )
    assert refused.value.code == "tables_rulesets"


def test_an_entry_fee_is_owed_at_the_counter(parlor, tables, manager):
    event = _new_event(parlor, tables, manager, name="有料大会", round_count=1, entry_fee_yen=3000)
    player = PlayerFactory(parlor=parlor)
    entry = event_register(event=event, player=player, by=manager)
    fee = Adjustment.objects.get(player=player)
    assert entry.entry_fee == fee and fee.amount_yen == -3000 and fee.settled_at is None


def test_staff_outside_the_referee_group_give_no_penalty(entries, staff_user, parlor):
    with pytest.raises(Forbidden):
        penalty_give(entry=entries[0], points=10, reason="遅刻", by=staff_user)
    staff_user.groups.add(Group.objects.get_or_create(name=REFEREE_GROUP)[0])
    penalty = penalty_give(entry=entries[0], points=10, reason="遅刻", by=staff_user)
    audited = AuditEvent.objects.get(subject_type="event", reason="遅刻")
    assert audited.actor == staff_user and audited.after["points"] == penalty.points == 10
    standing = {row.entry_id: row for row in event_standings(entries[0].event)}
    assert standing[entries[0].pk].score_tenths == -100


def test_a_penalty_needs_a_reason(entries, manager):
    with pytest.raises(InvalidInput) as refused:
        penalty_give(entry=entries[0], points=10, reason="  ", by=manager)
    assert refused.value.code == "penalty_reason_required"


def test_a_drop_leaves_a_table_short_until_a_substitute_takes_the_place(
    event, entries, manager, parlor
):
    first = round_seat(event=event, by=manager)
    round_start(event_round=first, by=manager)
    with pytest.raises(Conflict):  # not during a round
        entry_drop(entry=entries[0], reason="体調不良", by=manager)
    round_end(event_round=first, by=manager)
    entry_drop(entry=entries[0], reason="体調不良", by=manager)
    with pytest.raises(InvalidInput) as short:
        round_seat(event=event, by=manager)
    assert short.value.code == "seating_player_count"
    substitute = event_register(
        event=event, player=PlayerFactory(parlor=parlor), is_substitute=True, by=manager
    )
    entry_substitute(dropped=entries[0], substitute=substitute, by=manager)
    second = round_seat(event=event, by=manager)
    seated = set(
        RoundSeat.objects.filter(round_table__round=second).values_list("entry_id", flat=True)
    )
    assert substitute.pk in seated and entries[0].pk not in seated and len(seated) == 8


def test_the_director_gives_and_swaps_seats(event, entries, manager):
    ids = [e.pk for e in entries]
    with pytest.raises(InvalidInput):  # a player missing
        round_seat_given(event=event, tables=[ids[:4], [*ids[4:7], ids[0]]], by=manager)
    event_round = round_seat_given(event=event, tables=[ids[:4], ids[4:]], by=manager)
    round_swap_seats(event_round=event_round, first=ids[0], second=ids[7], by=manager)
    assert round_tables_of(event) == [((ids[7], *ids[1:4]), (*ids[4:7], ids[0]))]


def test_the_round_results_feed_the_standings(event, entries, manager):
    event_round = round_seat(event=event, by=manager)
    round_start(event_round=event_round, by=manager)
    for round_table in RoundTable.objects.filter(round=event_round).select_related("game"):
        entry = {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 3, "fu": 30}]}}
        hand_record(game=round_table.game, sequence=1, entry=entry, by=manager)
    round_end(event_round=event_round, by=manager)
    east = {t.seats.get(seat=0).entry_id for t in RoundTable.objects.filter(round=event_round)}
    games = [t.game for t in RoundTable.objects.filter(round=event_round).select_related("game")]
    assert all(g.status == GameStatus.FINISHED for g in games)
    standings = event_standings(event)
    assert {row.entry_id for row in standings[:2]} == east  # the two winners lead
    assert sum(row.score_tenths for row in standings) == 0  # uma and oka sum to zero


def test_the_clock_pauses_and_one_table_is_extended(event, entries, manager):
    event_round = round_seat(event=event, by=manager)
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        round_start(event_round=event_round, by=manager)
    first, second = RoundTable.objects.filter(round=event_round).order_by("number")
    round_table_extend(round_table=second, minutes=5, by=manager)
    with time_machine.travel(start + timedelta(minutes=30), tick=False):
        round_timer_pause(event_round=event_round, by=manager)
    with time_machine.travel(start + timedelta(minutes=50), tick=False):
        round_timer_pause(event_round=event_round, by=manager)  # resumed after 20 paused
    with time_machine.travel(start + timedelta(minutes=81), tick=False):
        clocks = [
            clock_of(RoundTable.objects.select_related("round__event").get(pk=t.pk))
            for t in (first, second)
        ]
    assert clocks[0] is not None and clocks[1] is not None
    assert clocks[0].seconds_left == -60 and clocks[0].is_time_up
    assert clocks[1].seconds_left == 4 * 60 and not clocks[1].is_time_up


def test_another_parlor_cannot_register_a_player(event, other_parlor, manager):
    stranger = Player.objects.create(parlor=other_parlor, name="外部")
    with pytest.raises(InvalidInput):
        event_register(event=event, player=stranger, by=manager)


def test_the_api_gives_penalties_to_referees_only_and_reads_the_standings(
    event, entries, manager, staff_user, other_parlor
):
    url = f"/api/events/{event.public_id}/"
    body = {"entry": entries[1].pk, "points": 5, "reason": "マナー"}
    refused = client_for(staff_user).post(url + "penalties/", body, format="json")
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "referee_required"
    given = client_for(manager).post(url + "penalties/", body, format="json")
    assert given.status_code == 201 and given.json()["points"] == 5
    standings = client_for(staff_user).get(url + "standings/").json()
    assert standings[-1]["entry"] == entries[1].pk and standings[-1]["score_tenths"] == -50
    stranger = MemberFactory(parlor=other_parlor, role=MemberRole.MANAGER).user
    assert client_for(stranger).get(url + "standings/").status_code == 404


def test_the_director_page_speaks_japanese_and_english_when_chosen(event, entries, manager):
    client = Client()
    client.force_login(manager)
    round_seat(event=event, by=manager)
    url = f"/manage/events/{event.public_id}/"
    japanese = client.get(url).content.decode()
    assert "次の回戦の組合せ" in japanese and "第1回戦" in japanese and "回戦を開始" in japanese
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    english = client.get(url).content.decode()
    assert "Seat the next round" in english and "Round 1" in english and "次の回戦" not in english


def test_a_refusal_reads_in_the_directors_language_and_in_english_over_the_api(
    event, entries, manager
):
    client = Client()
    client.force_login(manager)
    url = f"/manage/events/{event.public_id}/register/"
    again = client.post(url, {"player": entries[0].player_id})
    assert again.status_code == 409
    assert f"{entries[0].player.name}さんは登録済みです。" in again.content.decode()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    again = client.post(url, {"player": entries[0].player_id})
    assert f"{entries[0].player.name} is already registered." in again.content.decode()
    body = {"entry": entries[0].pk, "points": 5000, "reason": "遅刻"}
    api = client_for(manager).post(f"/api/events/{event.public_id}/penalties/", body)
    assert api.status_code == 400 and api.json()["error"]["code"] == "invalid"
    with pytest.raises(InvalidInput) as refused:
        penalty_give(entry=entries[0], points=5000, reason="遅刻", by=manager)
    assert refused.value.params == {"max": 1000} and refused.value.message.isascii()


def test_a_referee_withdraws_a_penalty_which_the_standings_drop_and_the_page_strikes_through(
    event, entries, manager, staff_user
):
    given = penalty_give(entry=entries[1], points=20, reason="遅刻", by=manager)
    assert [s.penalty_tenths for s in event_standings(event) if s.entry_id == entries[1].pk] == [
        200
    ]
    with pytest.raises(Forbidden):
        penalty_withdraw(penalty=given, reason="誤り", by=staff_user)
    with pytest.raises(InvalidInput) as blank:
        penalty_withdraw(penalty=given, reason=" ", by=manager)
    assert blank.value.code == "withdraw_reason_required"
    client = Client()
    client.force_login(manager)
    url = f"/manage/events/{event.public_id}/"
    sent = client.post(url + "penalty/withdraw/", {"penalty": given.pk, "reason": "審判の誤り"})
    assert sent.status_code == 302
    withdrawal = given.withdrawal
    assert withdrawal.withdrawn_by == manager and withdrawal.reason == "審判の誤り"
    assert all(s.penalty_tenths == 0 for s in event_standings(event))
    audited = AuditEvent.objects.filter(subject_id=str(event.public_id)).latest("id")
    assert audited.action == "void" and audited.reason == "審判の誤り"
    page = client.get(url).content.decode()
    assert f'data-penalty="{given.pk}" data-withdrawn' in page and "<del>遅刻</del>" in page
    assert "が取り消し: 審判の誤り" in page
    with pytest.raises(Conflict) as twice:
        penalty_withdraw(penalty=given, reason="再度", by=manager)
    assert twice.value.code == "penalty_withdrawn"
    again = client.post(url + "penalty/withdraw/", {"penalty": given.pk, "reason": "再度"})
    assert again.status_code == 409 and "すでに取り消されています" in again.content.decode()


def _ron(game: Any, sequence: int, by: Any) -> None:
    entry = {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": 0, "han": 1, "fu": 30}]}}
    hand_record(game=game, sequence=sequence, entry=entry, by=by)


def test_one_more_hand_is_counted_from_the_hands_recorded_after_time_up(parlor, tables, manager):
    event = _new_event(
        parlor, tables, manager, round_count=1, time_up_rule="more_hands", extra_hands=1
    )
    for _n in range(8):
        event_register(event=event, player=PlayerFactory(parlor=parlor), by=manager)
    event_round = round_seat(event=event, by=manager)
    start = timezone.now()
    with time_machine.travel(start, tick=False):
        round_start(event_round=event_round, by=manager)
    first = RoundTable.objects.select_related("game").filter(round=event_round).first()
    assert first is not None and first.game is not None

    def clock_at(minutes: int) -> Any:
        with time_machine.travel(start + timedelta(minutes=minutes), tick=False):
            return clock_of(
                RoundTable.objects.select_related("round__event", "game").get(pk=first.pk)
            )

    with time_machine.travel(start + timedelta(minutes=30), tick=False):
        _ron(first.game, 1, manager)  # before time-up: counts for nothing
    assert clock_at(61).hands_left == 2 and not clock_at(61).is_table_done
    with time_machine.travel(start + timedelta(minutes=62), tick=False):
        _ron(first.game, 2, manager)  # the hand that was in play at time-up
    assert clock_at(63).hands_left == 1
    client = Client()
    client.force_login(manager)
    with time_machine.travel(start + timedelta(minutes=63), tick=False):
        tablet = client.get(f"/tablet/games/{first.game.public_id}/").content.decode()
    assert 'data-hands-left="1"' in tablet and "この局が最後です。" in tablet
    with time_machine.travel(start + timedelta(minutes=70), tick=False):
        _ron(first.game, 3, manager)  # the one more hand (あと1局)
        page = client.get(f"/manage/events/{event.public_id}/").content.decode()
        board = client.get(f"/events/{event.public_id}/").content.decode()
    assert clock_at(71).is_table_done and clock_at(71).hands_left == 0
    assert page.count("data-table-done") == 1 and board.count("data-table-done") == 1
    assert "最終局終了" in page and 'data-hands-left="2"' in board  # the other table: none yet


def test_the_director_gives_a_whole_rounds_seats_in_one_form(event, entries, manager):
    client = Client()
    client.force_login(manager)
    url = f"/manage/events/{event.public_id}/"
    page = client.get(url).content.decode()
    assert 'name="seat-1-3"' in page and 'name="seat-2-0"' not in page
    ids = [e.pk for e in reversed(entries)]
    seats = {f"seat-{t}-{s}": ids[t * 4 + s] for t in range(2) for s in range(4)}
    mistaken = client.post(url + "round/given/", {**seats, "seat-1-3": ids[0]})
    assert mistaken.status_code == 400
    assert "この回戦のプレイヤー全員を1回ずつ" in mistaken.content.decode()
    assert round_tables_of(event) == []
    given = client.post(url + "round/given/", seats)
    assert given.status_code == 302
    assert round_tables_of(event) == [(tuple(ids[:4]), tuple(ids[4:]))]


def test_the_ema_file_carries_the_ema_number_and_country_the_director_recorded(
    event, entries, manager
):
    client = Client()
    client.force_login(manager)
    url = f"/manage/events/{event.public_id}/entry/ema/"
    wrong = client.post(url, {"entry": entries[0].pk, "ema_number": "123", "country": "jp"})
    assert wrong.status_code == 400 and "EMA番号は8桁の数字です" in wrong.content.decode()
    sent = client.post(url, {"entry": entries[0].pk, "ema_number": "19000123", "country": "jpn"})
    assert sent.status_code == 302
    entries[0].refresh_from_db()
    assert (entries[0].ema_number, entries[0].country) == ("19000123", "JPN")
    audited = AuditEvent.objects.filter(subject_id=str(event.public_id)).latest("id")
    assert "19000123" in audited.summary and audited.actor == manager
    ema = Client().get(f"/events/{event.public_id}/ema.csv").content.decode("utf-8-sig")
    row = next(line for line in ema.splitlines() if "19000123" in line)
    assert row.split(",")[3:5] == ["19000123", "JPN"]
    assert sum(1 for line in ema.splitlines() if ",,," in line) == len(entries) - 1


def test_the_api_withdraws_a_penalty_for_a_referee_with_a_reason(event, entries, manager):
    url = f"/api/events/{event.public_id}/penalties/"
    api = client_for(manager)
    given = api.post(url, {"entry": entries[2].pk, "points": 8, "reason": "遅刻"}, format="json")
    withdraw = f"{url}{given.json()['id']}/withdraw/"
    blank = api.post(withdraw, {"reason": " "}, format="json")
    assert blank.status_code == 400
    done = api.post(withdraw, {"reason": "誤り"}, format="json")
    assert done.status_code == 201 and done.json()["reason"] == "誤り"
    again = api.post(withdraw, {"reason": "誤り"}, format="json")
    assert again.status_code == 409 and again.json()["error"]["code"] == "penalty_withdrawn"
    missing = api.post(f"{url}999999/withdraw/", {"reason": "x"}, format="json")
    assert missing.status_code == 404
    assert all(s.penalty_tenths == 0 for s in event_standings(event))
