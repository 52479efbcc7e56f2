"""Schema fuzzing: schemathesis generates requests from /api/schema/ for every operation and
sends them, in process, to the WSGI app as each role (manager, staff, player, anonymous).
No response may be a 5xx, and every response must match the schema (status, content type,
body). Bounded: a fixed number of examples per operation, role and mode, derandomized so CI
sees the same requests every run. Prints the figures (requests sent, failures)."""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import pytest
import schemathesis
from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.core.failures import FailureGroup
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from parlor.models import MemberRole, Parlor, Player, Table
from parlor.reports.models import DailyReport
from parlor.services.settlements import adjustment_create
from tests.parlor.conftest import RON_1_BY_0, TSUMO_2, client_for, ok
from tests.parlor.factories import MemberFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def clear_local_cache() -> None:
    """Forgets sign-in failures and rate limits; only a local-memory cache (clear() on a Redis
    cache, with REDIS_URL set, would flush a database that is not the test's)."""
    if isinstance(caches["default"], LocMemCache):
        cache.clear()


ROLES = ("manager", "staff", "player", "anonymous")
# Examples per operation for each role: valid requests, then requests that break the schema.
POSITIVE_EXAMPLES = int(os.environ.get("TENBO_FUZZ_EXAMPLES", "8"))
NEGATIVE_EXAMPLES = max(1, POSITIVE_EXAMPLES // 2)
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


@dataclass
class Tally:
    operations: int = 0
    requests: int = 0
    failures: list[str] = field(default_factory=list)
    details: list[str] = field(default_factory=list)  # the first few, in full


@pytest.fixture
def wsgi_app(scene: dict[str, Any]) -> Iterator[Any]:
    """The real WSGI app, run in this thread on the test's database connection.

    Like Django's test client, keep the request signals from closing the connection that
    holds the test's transaction (on PostgreSQL that would end the test's transaction). After
    the scene: each test-client request connects the signal again when it is done.
    """
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    clear_local_cache()
    quiet = logging.getLogger("django.request")
    level = quiet.level
    quiet.setLevel(logging.ERROR)  # thousands of 4xx warnings; 5xx are still logged
    try:
        yield get_wsgi_application()
    finally:
        quiet.setLevel(level)
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)
        clear_local_cache()  # the fuzzer's failed sign-ins must not lock later tests out


@pytest.fixture
def scene(db: None) -> dict[str, Any]:
    """A parlor with money settings, five players checked in, a game in progress (two hands),
    a free table, an open adjustment, a daily report, and a user per role."""
    parlor: Parlor = Parlor.objects.create(name="Fuzz parlor", slug="fuzz")
    players = PlayerFactory.create_batch(5, parlor=parlor)
    busy = Table.objects.create(parlor=parlor, label="1", ruleset_key="standard")
    free = Table.objects.create(parlor=parlor, label="2", ruleset_key="standard")
    manager = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    staff = MemberFactory(parlor=parlor, role=MemberRole.STAFF).user
    player_user = UserFactory()
    Player.objects.filter(pk=players[0].pk).update(user=player_user)
    ok(
        client_for(manager).put(
            "/api/money-settings/", {"player_count": 4, "rate_yen_per_p": 50}, format="json"
        )
    )
    client = client_for(staff)
    visits = [
        ok(client.post("/api/visits/", {"player": str(p.public_id)}, format="json"), 201)
        for p in players
    ]
    adjustment = adjustment_create(player=players[0], amount_yen=500, reason="x", by=staff)
    report = DailyReport.objects.create(parlor=parlor, business_day=date(2026, 1, 5), format="csv")
    body = {"players": [str(p.public_id) for p in players[:4]], "seating": "given"}
    game = ok(client.post(f"/api/tables/{busy.public_id}/games/", body, format="json"), 201)
    for sequence, hand in enumerate([RON_1_BY_0, TSUMO_2], start=1):
        ok(
            client.post(
                f"/api/games/{game['id']}/hands/",
                {"sequence": sequence, "hand": hand},
                format="json",
            ),
            201,
        )
    return {
        "tokens": {
            role: Token.objects.get(user=user).key
            for role, user in (("manager", manager), ("staff", staff), ("player", player_user))
        },
        # Real values for path parameters; the fuzzer also generates its own.
        "path": {
            "game_id": [game["id"]],
            "table_id": [str(busy.public_id), str(free.public_id)],
            "player_id": [str(players[0].public_id), str(players[1].public_id)],
            "sequence": [1, 2],
            "visit_id": [visits[0]["visit"]["id"], visits[4]["visit"]["id"]],
            "adjustment_id": [str(adjustment.public_id)],
            "report_id": [str(report.public_id)],
        },
    }


def _strategy(operation: Any, known: dict[str, list[Any]], mode: GenerationMode) -> Any:
    names = [p.name for p in operation.path_parameters]
    choices = [known[name] for name in names if name in known]
    fixed = [
        dict(zip([n for n in names if n in known], values))
        for values in itertools.islice(itertools.product(*choices), 4)
    ]
    strategies = [operation.as_strategy(generation_mode=mode, path_parameters=p) for p in fixed]
    if not fixed or mode == GenerationMode.NEGATIVE:
        strategies.append(operation.as_strategy(generation_mode=mode))
    return st.one_of(strategies)


def _fuzz(operation: Any, strategy: Any, headers: dict[str, str], tally: Tally, n: int) -> None:
    @settings(
        max_examples=n,
        deadline=None,
        database=None,
        derandomize=True,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=strategy)
    def run(case: Any) -> None:
        response = case.call(headers=headers)
        tally.requests += 1
        try:
            case.validate_response(response, checks=CHECKS, headers=headers)
        except FailureGroup as group:
            title = "; ".join(sorted({f.title for f in group.exceptions}))
            where = f"{case.method} {case.formatted_path}"
            tally.failures.append(f"{operation.label}: {where} -> {response.status_code}: {title}")
            if len(tally.details) < 5:
                tally.details.append(str(group)[:3000])

    # Unsatisfiable: nothing to break, e.g. negative mode with every parameter fixed.
    with contextlib.suppress(Unsatisfiable):
        run()


@pytest.mark.parametrize("role", ROLES)
def test_every_operation_answers_within_its_schema(wsgi_app, scene, role, capsys):
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", wsgi_app)
    token = scene["tokens"].get(role)
    headers = {"Authorization": f"Token {token}"} if token else {}
    tally = Tally()
    for result in schema.get_all_operations():
        operation = result.ok()
        tally.operations += 1
        modes = [(GenerationMode.POSITIVE, POSITIVE_EXAMPLES)]
        if len(operation.body) or len(operation.query):
            # Breaking a body or a query is what negative mode is good at; a path parameter
            # alone cannot be "not a string", and Hypothesis would search long for one.
            modes.append((GenerationMode.NEGATIVE, NEGATIVE_EXAMPLES))
        for mode, n in modes:
            _fuzz(operation, _strategy(operation, scene["path"], mode), headers, tally, n)
    with capsys.disabled():
        print(
            f"\nschema fuzz as {role}: {tally.operations} operations, "
            f"{tally.requests} requests sent, failures: {len(tally.failures)}"
        )
    unique = sorted(set(tally.failures))
    assert not unique, "\n".join(unique[:40] + tally.details)
