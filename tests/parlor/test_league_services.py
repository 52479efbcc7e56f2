"""Leagues (リーグ戦) through their services, on the real tournament machinery: a league of
three stages cut 16 → 8 → 4, whose standings equal the sum of its sessions' game results, and
the refusals a director meets."""

from __future__ import annotations

from collections import Counter
from datetime import date
from typing import Any

import pytest
from django.utils import translation

from parlor.domain.league_cut import CarryOver, carried
from parlor.errors import Conflict, InvalidInput
from parlor.models import (
    AuditEvent,
    GameResult,
    GameStatus,
    League,
    LeagueEntry,
    LeagueSession,
    LeagueStage,
    LeagueStatus,
    MemberRole,
    Parlor,
    RoundTable,
    Table,
)
from parlor.selectors.audit_text import event_text
from parlor.selectors.leagues import stage_lines
from parlor.services.hands import hand_record
from parlor.services.league_sessions import league_session_open, league_stage_close
from parlor.services.leagues import StageSpec, league_create, league_register
from parlor.services.tournament_rounds import round_end, round_seat, round_start
from tests.parlor.factories import MemberFactory, PlayerFactory, TableFactory

DAY = date(2026, 11, 28)
STAGES = [
    StageSpec("予選", session_count=2, advance=8, carry_over=CarryOver.HALF),
    StageSpec("準決勝", session_count=1, advance=4, carry_over=CarryOver.FULL),
    StageSpec("決勝", session_count=1, advance=None),
]


@pytest.fixture
def manager(parlor: Parlor) -> Any:
    return MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user


@pytest.fixture
def tables(parlor: Parlor) -> list[Table]:
    return [
        TableFactory(parlor=parlor, label=f"L{n}", ruleset_key="standard") for n in (1, 2, 3, 4)
    ]


@pytest.fixture
def league(parlor: Parlor, tables: list[Table], manager: Any) -> League:
    return league_create(parlor=parlor, name="秋季リーグ", tables=tables, stages=STAGES, by=manager)


def play_session(league: League, manager: Any, salt: int) -> LeagueSession:
    """Opens the next session and plays its one round: one ron a table, a different winner
    and value at each table so the totals spread out."""
    session = league_session_open(league=league, starts_on=DAY, ends_on=DAY, by=manager)
    event_round = round_seat(event=session.event, by=manager)
    round_start(event_round=event_round, by=manager)
    for round_table in RoundTable.objects.filter(round=event_round).select_related("game"):
        winner = (salt + round_table.number) % 4
        han = 1 + (salt * 3 + round_table.number) % 5
        win = {"winner": winner, "han": han, "fu": 30}
        entry = {"result": {"kind": "ron", "loser": (winner + 1) % 4, "wins": [win]}}
        hand_record(game=round_table.game, sequence=1, entry=entry, by=manager)
    round_end(event_round=event_round, by=manager)
    return session


def results_by_player(stage: LeagueStage) -> Counter[int]:
    """Each player's settled game results in the stage's sessions, read straight from the games."""
    totals: Counter[int] = Counter()
    for player, total in GameResult.objects.filter(
        game__event_table__round__event__league_session__stage=stage,
        game__status=GameStatus.FINISHED,
    ).values_list("player_id", "total_tenths"):
        totals[player] += total
    return totals


def test_a_league_of_three_stages_cuts_16_to_8_to_4(league, parlor, manager):
    for player in PlayerFactory.create_batch(16, parlor=parlor):
        league_register(league=league, player=player, by=manager)
    stages = list(LeagueStage.objects.filter(league=league).order_by("order"))
    carried_in: dict[int, int] = Counter()
    salt = 0
    for stage, spec, size in zip(stages, STAGES, (16, 8, 4), strict=True):
        for _session in range(spec.session_count):
            salt += 1
            play_session(league, manager, salt)
        lines = stage_lines(stage)
        played = results_by_player(stage)
        assert len(lines) == size
        assert {line.player_id: line.total for line in lines} == {
            line.player_id: carried_in[line.player_id] + played[line.player_id] for line in lines
        }
        league_stage_close(league=league, by=manager)
        entries = {e.player_id: e for e in LeagueEntry.objects.filter(stage=stage)}
        if spec.advance is None:
            assert all(e.advanced is None and e.final_rank for e in entries.values())
            continue
        top = {line.player_id for line in lines[: spec.advance]}
        assert {p for p, e in entries.items() if e.advanced} == top
        assert all(e.is_out for p, e in entries.items() if p not in top)  # kept, marked out
        following = LeagueEntry.objects.filter(stage__league=league, stage__order=stage.order + 1)
        carried_in = {e.player_id: e.carried_in_tenths for e in following}
        totals = {line.player_id: line.total for line in lines}
        assert carried_in == {p: carried(totals[p], policy=spec.carry_over) for p in top}
    league.refresh_from_db()
    assert league.status == LeagueStatus.FINISHED
    audited = AuditEvent.objects.filter(subject_type="league", subject_id=str(league.public_id))
    assert audited.count() == 4  # created, and three stages closed
    first_cut = audited.filter(after__stage="予選").get()
    assert len(first_cut.after["advancing"]) == 8 and len(first_cut.after["out"]) == 8
    with translation.override("ja"):
        assert event_text(first_cut) == "秋季リーグ：予選を締めました（勝ち上がり8名、敗退8名）"


def test_a_session_needs_whole_tables_and_more_players_than_go_on(league, parlor, manager):
    for player in PlayerFactory.create_batch(6, parlor=parlor):
        league_register(league=league, player=player, by=manager)
    with pytest.raises(Conflict) as refused:  # 6 players: a table and a half
        league_session_open(league=league, starts_on=DAY, ends_on=DAY, by=manager)
    assert refused.value.code == "league_player_count"
    for player in PlayerFactory.create_batch(2, parlor=parlor):
        league_register(league=league, player=player, by=manager)
    with pytest.raises(Conflict) as refused:  # 8 players, and 8 go on: no cut
        league_session_open(league=league, starts_on=DAY, ends_on=DAY, by=manager)
    assert refused.value.code == "league_player_count"
    assert not LeagueSession.objects.exists()


def test_a_session_waits_for_the_last_one_and_a_stage_for_its_sessions(league, parlor, manager):
    for player in PlayerFactory.create_batch(16, parlor=parlor):
        league_register(league=league, player=player, by=manager)
    session = league_session_open(league=league, starts_on=DAY, ends_on=DAY, by=manager)
    assert session.event.entries.count() == 16 and session.event.round_count == 1
    with pytest.raises(Conflict) as refused:
        league_session_open(league=league, starts_on=DAY, ends_on=DAY, by=manager)
    assert refused.value.code == "session_open"
    with pytest.raises(Conflict) as refused:
        league_register(league=league, player=PlayerFactory(parlor=parlor), by=manager)
    assert refused.value.code == "league_started"
    event_round = round_seat(event=session.event, by=manager)
    round_start(event_round=event_round, by=manager)
    round_end(event_round=event_round, by=manager)
    with pytest.raises(Conflict) as refused:
        league_stage_close(league=league, by=manager)
    assert refused.value.code == "sessions_left"


@pytest.mark.parametrize(
    ("stages", "code"),
    [
        pytest.param(
            [StageSpec("予選", 2, advance=6), StageSpec("決勝", 1, None)],
            "stage_cut_size",
            id="cut-leaves-a-table-short",
        ),
        pytest.param(
            [
                StageSpec("予選", 2, advance=8),
                StageSpec("準決勝", 1, advance=8),
                StageSpec("決勝", 1, None),
            ],
            "stage_cut_size",
            id="cut-does-not-shrink",
        ),
        pytest.param(
            [StageSpec("予選", 2, advance=8), StageSpec("決勝", 1, advance=4)],
            "stage_cut_missing",
            id="last-stage-with-a-cut",
        ),
        pytest.param(
            [StageSpec("予選", 0, advance=8), StageSpec("決勝", 1, None)],
            "stage_sessions",
            id="no-sessions",
        ),
        pytest.param([StageSpec(" ", 1, None)], "stage_name", id="no-name"),
    ],
)
def test_it_refuses_stages_a_league_cannot_play(parlor, tables, manager, stages, code):
    with pytest.raises(InvalidInput) as refused:
        league_create(parlor=parlor, name="x", tables=tables, stages=stages, by=manager)
    assert refused.value.code == code
    assert not League.objects.exists()
