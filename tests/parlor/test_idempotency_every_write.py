"""The parlor's writes that went without an Idempotency-Key take one now, per parlor: a player,
a ruleset, a penalty and its withdrawal, a season and its close, a report request, the money
and the standings settings. The same key twice writes once and answers the first answer again;
the key with another request is a 409."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from parlor.models import (
    AuditEvent,
    EventPenalty,
    EventPenaltyWithdrawal,
    IdempotencyRecord,
    MemberRole,
    Parlor,
    Player,
    Season,
)
from parlor.reports.models import DailyReport
from parlor.services.seasons import season_create
from parlor.services.standings import TableKind
from parlor.services.tournament_penalties import penalty_give
from parlor.services.tournaments import event_create, event_register
from tests.parlor.conftest import client_for
from tests.parlor.factories import MemberFactory, PlayerFactory, TableFactory

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Write:
    """One write, ready to send: its method, URL and body; `other`, the URL and body of another
    request (sent with the same key, refused); `rows`, what the write adds one of."""

    method: str
    url: str
    body: dict[str, Any]
    other: tuple[str, dict[str, Any]]
    rows: Callable[[], int]


@dataclass(frozen=True)
class Scene:
    parlor: Parlor
    manager: Any


def _player(scene: Scene) -> Write:
    return Write(
        "post",
        "/api/players/",
        {"name": "山田"},
        ("/api/players/", {"name": "佐藤"}),
        Player.objects.filter(name="山田").count,
    )


def _ruleset(scene: Scene) -> Write:
    body = {"key": "house", "title": "ハウス", "definition": {"base": "standard"}}
    return Write(
        "post",
        "/api/rulesets/",
        body,
        ("/api/rulesets/", {**body, "key": "house-2"}),
        scene.parlor.rulesets.count,
    )


def _event(scene: Scene) -> Any:
    tables = [TableFactory(parlor=scene.parlor, label=f"T{n}") for n in (1, 2)]
    event = event_create(
        parlor=scene.parlor,
        name="月例大会",
        starts_on=date(2026, 11, 28),
        ends_on=date(2026, 11, 28),
        tables=tables,
        round_count=2,
        round_minutes=60,
        by=scene.manager,
    )
    players = PlayerFactory.create_batch(2, parlor=scene.parlor)
    return event, [event_register(event=event, player=p, by=scene.manager) for p in players]


def _penalty(scene: Scene) -> Write:
    event, entries = _event(scene)
    url = f"/api/events/{event.public_id}/penalties/"
    body = {"entry": entries[0].pk, "points": 20, "reason": "遅刻"}
    return Write(
        "post", url, body, (url, {**body, "entry": entries[1].pk}), EventPenalty.objects.count
    )


def _withdrawal(scene: Scene) -> Write:
    event, entries = _event(scene)
    penalty = penalty_give(entry=entries[0], points=20, reason="遅刻", by=scene.manager)
    url = f"/api/events/{event.public_id}/penalties/{penalty.pk}/withdraw/"
    body = {"reason": "審判の誤り"}
    return Write(
        "post", url, body, (url, {"reason": "別の理由"}), EventPenaltyWithdrawal.objects.count
    )


SEASON = {"name": "五月", "first_day": "2026-05-01", "last_day": "2026-05-07", "min_games": 1}


def _season(scene: Scene) -> Write:
    other = ("/api/seasons/", {**SEASON, "name": "六月"})
    return Write("post", "/api/seasons/", SEASON, other, Season.objects.count)


def _season_close(scene: Scene) -> Write:
    seasons = [
        season_create(
            parlor=scene.parlor,
            name=name,
            first_day=date(2026, 5, 1),
            last_day=date(2026, 5, 7),
            kind=TableKind(),
        )
        for name in ("五月", "五月後半")
    ]
    urls = [f"/api/seasons/{s.public_id}/close/" for s in seasons]
    closed = Season.objects.filter(closed_at__isnull=False).count
    return Write("post", urls[0], {}, (urls[1], {}), closed)


def _report(scene: Scene) -> Write:
    day = date.today() - timedelta(days=2)
    body = {"day": day.isoformat(), "formats": ["csv"]}
    other = ("/api/reports/", {**body, "day": (day - timedelta(days=1)).isoformat()})
    return Write("post", "/api/reports/", body, other, DailyReport.objects.count)


def _audited(subject_type: str) -> Callable[[], int]:
    return AuditEvent.objects.filter(subject_type=subject_type).count


def _money_settings(scene: Scene) -> Write:
    body = {"player_count": 4, "rate_yen_per_p": 100}
    other = ("/api/money-settings/", {**body, "rate_yen_per_p": 50})
    return Write("put", "/api/money-settings/", body, other, _audited("money_settings"))


def _standings_settings(scene: Scene) -> Write:
    body = {"is_public": False, "monthly_min_games": 3}
    other = ("/api/standings-settings/", {**body, "monthly_min_games": 4})
    return Write("put", "/api/standings-settings/", body, other, _audited("standings_settings"))


WRITES = {
    "player": _player,
    "ruleset": _ruleset,
    "penalty": _penalty,
    "penalty-withdrawal": _withdrawal,
    "season": _season,
    "season-close": _season_close,
    "report": _report,
    "money-settings": _money_settings,
    "standings-settings": _standings_settings,
}


@pytest.fixture
def manager_user(parlor: Parlor) -> Any:
    return MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user


@pytest.fixture
def manager(manager_user: Any) -> APIClient:
    return client_for(manager_user)


@pytest.fixture(params=list(WRITES))
def write(request: Any, parlor: Parlor, manager_user: Any) -> Write:
    return WRITES[request.param](Scene(parlor=parlor, manager=manager_user))


def _send(client: APIClient, write: Write, url: str, body: Any, key: str) -> Any:
    send = getattr(client, write.method)
    return send(url, body, format="json", headers={"Idempotency-Key": key})


def test_the_same_key_twice_writes_once_and_answers_the_first_answer(write, manager):
    before = write.rows()
    first = _send(manager, write, write.url, write.body, key="k-0001")
    assert first.status_code in (200, 201, 202), first.content.decode()
    assert "Idempotent-Replayed" not in first
    assert write.rows() == before + 1
    retry = _send(manager, write, write.url, write.body, key="k-0001")
    assert retry.status_code == first.status_code
    assert retry["Idempotent-Replayed"] == "true"
    assert retry.json() == first.json()
    assert write.rows() == before + 1
    assert IdempotencyRecord.objects.filter(key="k-0001", table=None).count() == 1


def test_the_same_key_with_another_request_is_a_409_and_writes_nothing(write, manager):
    first = _send(manager, write, write.url, write.body, key="k-0002")
    assert first.status_code in (200, 201, 202), first.content.decode()
    written = write.rows()
    url, body = write.other
    reused = _send(manager, write, url, body, key="k-0002")
    assert reused.status_code == 409, reused.content.decode()
    assert reused.json()["error"]["code"] == "idempotency_key_reused"
    assert write.rows() == written


def test_without_a_key_each_request_runs_and_nothing_is_kept(write, manager):
    send = getattr(manager, write.method)
    first = send(write.url, write.body, format="json")
    assert first.status_code in (200, 201, 202), first.content.decode()
    assert "Idempotent-Replayed" not in first
    assert not IdempotencyRecord.objects.exists()
