"""The role matrix: every URL the resolver knows, called as anonymous, a player, staff, a
manager, staff of another parlor and the operator (a superuser who works at no parlor), against
an explicit table of the status each must get.

The routes come from the URL configuration, so a new endpoint or page is called as soon as it
exists; a route missing from EXPECTED (or an entry whose route is gone) fails the test, with
the line to add. Each request runs in a savepoint that is rolled back, so one role's
successful write does not change what the next request sees. A refused request must change
nothing (no audit event appears).
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from typing import Any

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.cache import cache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from parlor.models import (
    AuditEvent,
    EventRound,
    MemberRole,
    Parlor,
    Player,
    RoundTable,
    RulesetDefinition,
    SeasonStanding,
    Table,
)
from parlor.reports.models import DailyReport
from parlor.selectors.guest import guest_token
from parlor.selectors.live import live_token
from parlor.services.day_close import day_close_record
from parlor.services.games import game_start
from parlor.services.hands import hand_record
from parlor.services.leagues import StageSpec, league_create
from parlor.services.seasons import season_create
from parlor.services.seating import Seating
from parlor.services.settlements import adjustment_create
from parlor.services.shifts import shift_sign_in, shift_sign_out
from parlor.services.standings import TableKind
from parlor.services.tournament_penalties import penalty_give
from parlor.services.tournaments import event_create, event_register
from parlor.services.visits import visit_check_in, visit_check_out
from tests.parlor.conftest import DRAW, RON_1_BY_0, TSUMO_2
from tests.parlor.factories import MemberFactory, ParlorFactory, PlayerFactory

pytestmark = pytest.mark.django_db


def clear_local_cache() -> None:
    """Forgets sign-in failures and rate limits; only a local-memory cache (clear() on a Redis
    cache, with REDIS_URL set, would flush a database that is not the test's)."""
    if isinstance(caches["default"], LocMemCache):
        cache.clear()


ROLES = ("anonymous", "player", "staff", "manager", "other_staff", "operator")
# The operator runs the service: the admin's superuser, with no role at any parlor, so the
# parlors' own pages and API refuse them as they refuse any account without a role.
RANK = {"operator": -1, "player": 0, "staff": 1, "manager": 2, "other_staff": 1}
PASSWORD = "matrix-pw"
RECORD = {
    "format": "tenbo-game/1",
    "ruleset": "standard",
    "players": ["A", "B", "C", "D"],
    "finished": True,
    "hands": [RON_1_BY_0],
}


# The hand calculator's input: riichi, pinfu and tanyao by ron (a 2,000 point hand or more).
CALCULATOR_HAND = {
    "winner": 1,
    "tsumo": False,
    "tiles": {
        "hand": [
            *("2m", "3m", "4m", "3p", "4p", "5p", "6p"),
            *("7p", "8p", "3s", "4s", "6s", "6s", "5s"),
        ],
        "win_tile": "5s",
    },
    "flags": {"riichi": True},
}


@dataclass(frozen=True)
class Call:
    """One request and the status each role must get."""

    method: str
    kwargs: dict[str, str]  # URL kwarg -> scene key
    statuses: dict[str, int]
    body: Any = None  # sent as JSON, to the API and to the tablet's pages alike
    query: str = ""


def api(
    method: str,
    least: str,
    ok: int,
    *,
    kw: dict[str, str] | None = None,
    body: Any = None,
    own_parlor_list: bool = False,
    query: str = "",
    **overrides: int,
) -> Call:
    """An API call: 401 signed out, 403 below `least`; staff of another parlor get 404 for an
    object of ours, or their own parlor's answer for a list (`own_parlor_list`)."""
    statuses = {}
    for role in ROLES:
        if role == "anonymous":
            statuses[role] = 401
        elif RANK[role] < RANK[least]:
            statuses[role] = 403
        elif role == "other_staff" and not own_parlor_list:
            statuses[role] = 404
        else:
            statuses[role] = ok
    statuses.update(overrides)
    return Call(method, kw or {}, statuses, body, query=query)


def page(
    method: str,
    least: str,
    ok: int,
    *,
    kw: dict[str, str] | None = None,
    body: Any = None,
    own_parlor_list: bool = False,
    **overrides: int,
) -> Call:
    """A page: signed out it redirects to a login (302); otherwise like the API."""
    call = api(method, least, ok, kw=kw, body=body, own_parlor_list=own_parlor_list)
    statuses = {**call.statuses, "anonymous": 302, **overrides}
    return Call(method, call.kwargs, statuses, body)


def everyone(method: str, status: int, *, kw: dict[str, str] | None = None, **over: int) -> Call:
    return Call(method, kw or {}, {**dict.fromkeys(ROLES, status), **over})


def manager_form_page(*, kw: dict[str, str] | None = None) -> list[Call]:
    """A manager's form page: shown, and sent empty (shown again with its errors); staff of
    another parlor are refused before their parlor's object is looked for."""
    return [
        page(method, "manager", 200, kw=kw, own_parlor_list=kw is None, other_staff=403)
        for method in ("get", "post")
    ]


GAME = {"game_id": "game"}
TABLE = {"table_id": "table"}
FREE = {"table_id": "free"}
PLAYER = {"player_id": "player"}
VISIT = {"visit_id": "visit"}
HAND_1 = {"game_id": "game", "sequence": "one"}
HAND_2 = {"game_id": "game", "sequence": "two"}
CLOSE = {"close_id": "day_close"}
SHIFT = {"shift_id": "shift"}
EVENT = {"event_id": "event"}
LEAGUE = {"league_id": "league"}
SEASON = {"season_id": "season"}
JANUARY = "?first_day=2026-01-01&last_day=2026-01-31"  # a range of business days

# route name -> the calls to make. Statuses are what each role MUST get.
EXPECTED: dict[str, list[Call]] = {
    "index": [everyone("get", 200)],
    "favicon": [everyone("get", 301)],  # to the static icon
    # --- API: the service as built ---------------------------------------------------------
    "api:schema": [everyone("get", 200)],
    "api:docs": [everyone("get", 200)],
    "api:game-record-doc": [everyone("get", 200)],  # the record format the docs link
    "api:token": [
        Call("post", {}, {**dict.fromkeys(ROLES, 200), "anonymous": 400}, body="credentials")
    ],
    "api:me": [api("get", "player", 200, own_parlor_list=True)],
    "api:rulesets": [
        api("get", "staff", 200, own_parlor_list=True),
        api(
            "post",
            "manager",
            201,
            own_parlor_list=True,
            body={"key": "house-2", "title": "House 2", "definition": {"base": "standard"}},
        ),
    ],
    "api:players": [
        api("get", "staff", 200, own_parlor_list=True),
        api("post", "staff", 201, own_parlor_list=True, body={"name": "Guest"}),
    ],
    "api:player-games": [api("get", "player", 200, kw=PLAYER)],
    "api:tables": [api("get", "staff", 200, own_parlor_list=True)],
    "api:event-standings": [api("get", "staff", 200, kw=EVENT)],
    "api:league-standings": [api("get", "staff", 200, kw=LEAGUE)],
    "api:event-penalty-withdraw": [
        api(
            "post",
            "manager",
            201,
            kw={**EVENT, "penalty_id": "penalty"},
            body={"reason": "x"},
            other_staff=404,
        )
    ],
    "api:event-penalties": [
        api(
            "post",
            "manager",
            201,
            kw=EVENT,
            body={"entry": "entry", "points": 5, "reason": "x"},
            other_staff=404,
        )
    ],
    "api:table": [api("get", "staff", 200, kw=TABLE)],
    "api:game-start": [
        api("post", "staff", 201, kw=FREE, body={"players": "four_free", "seating": "given"})
    ],
    "api:game-import": [
        api("post", "manager", 201, kw=FREE, body={"record": RECORD}, other_staff=403)
    ],
    "api:game": [api("get", "player", 200, kw=GAME)],
    "api:game-export": [api("get", "player", 200, kw=GAME)],
    "api:game-finish": [api("post", "staff", 200, kw=GAME)],
    # Staff void a game without hands; this one has hands, so a manager (else 403). Staff
    # of another parlor do not find the game.
    "api:game-cancel": [
        api("post", "manager", 200, kw=GAME, body={"reason": "x"}, other_staff=404)
    ],
    "api:hand-record": [api("post", "staff", 201, kw=GAME, body={"sequence": 3, "hand": DRAW})],
    "api:hand-preview": [api("post", "staff", 200, kw=GAME, body={"hand": DRAW})],
    "api:hand-evaluate": [api("post", "staff", 200, kw=GAME, body=CALCULATOR_HAND)],
    "api:hand-correct": [
        api("post", "staff", 201, kw=HAND_1, body={"hand": TSUMO_2, "reason": "typo"})
    ],
    "api:hand-correction-preview": [api("post", "staff", 200, kw=HAND_1, body={"hand": TSUMO_2})],
    "api:hand-void": [api("post", "staff", 200, kw=HAND_2, body={"reason": "twice"})],
    # --- API: the audit log (issue 8) --------------------------------------------------------
    "api:audit": [api("get", "manager", 200, own_parlor_list=True, other_staff=403)],
    "api:game-audit": [api("get", "staff", 200, kw=GAME)],
    # --- API: visits, settlements, money (issue 6) ------------------------------------------
    "api:visits": [
        api("get", "staff", 200, own_parlor_list=True),
        api("post", "staff", 201, body={"player": "walk_in"}, other_staff=400),
    ],
    "api:visit": [api("get", "player", 200, kw=VISIT)],
    "api:visit-last-game": [api("post", "staff", 200, kw=VISIT, body={"called": True})],
    "api:visit-stand-in": [api("post", "staff", 200, kw=VISIT, body={"game": "game"})],
    "api:visit-check-out": [api("post", "staff", 409, kw=VISIT)],  # still playing
    "api:player-visits": [api("get", "player", 200, kw=PLAYER)],
    # --- API: the waiting list (待ち席, issue 25) ---------------------------------------------
    "api:waiting-list": [api("get", "staff", 200, own_parlor_list=True)],
    "api:visit-wish": [api("put", "staff", 200, kw=VISIT, body={})],  # any table
    "api:player-pay-out": [api("post", "staff", 201, kw=PLAYER)],  # the player owes 700 yen
    "api:player-stats": [api("get", "player", 200, kw=PLAYER)],
    # --- API: rankings over any period and seasons (issue 28) ---------------------------------
    "api:rankings": [api("get", "player", 200, own_parlor_list=True, query=JANUARY)],
    "api:seasons": [
        api("get", "player", 200, own_parlor_list=True),
        api(
            "post",
            "manager",
            201,
            own_parlor_list=True,
            body={"name": "2026年2月", "first_day": "2026-02-01", "last_day": "2026-02-28"},
            other_staff=403,
        ),
    ],
    "api:season-close": [api("post", "manager", 200, kw=SEASON, other_staff=403)],
    "api:standings-settings": [
        api("get", "staff", 200, own_parlor_list=True),
        api(
            "put",
            "manager",
            200,
            own_parlor_list=True,
            body={"is_public": True, "monthly_min_games": 10},
            other_staff=403,
        ),
    ],
    "api:money-settings": [
        api("get", "staff", 200, own_parlor_list=True),
        api(
            "put",
            "manager",
            200,
            own_parlor_list=True,
            other_staff=403,
            body={"player_count": 4, "rate_yen_per_p": 50},
        ),
    ],
    "api:adjustments": [
        api("get", "staff", 200, own_parlor_list=True),
        api(
            "post",
            "manager",
            201,
            other_staff=403,
            body={"player": "player", "amount_yen": -500, "reason": "drinks"},
        ),
    ],
    "api:adjustment-settle": [api("post", "staff", 200, kw={"adjustment_id": "adjustment"})],
    "api:store-net": [api("get", "manager", 200, own_parlor_list=True, other_staff=403)],
    # --- API: closing the day (締め, issue 24). Staff close with a manager's password: sent
    # without one, staff are refused; the scene's closed day is an earlier one. --------------
    "api:day-close": [
        api("get", "staff", 200, own_parlor_list=True),
        api(
            "post",
            "manager",
            201,
            own_parlor_list=True,
            other_staff=403,
            body={"float_yen": 0, "counts": {}},
        ),
    ],
    "api:day-float": [api("post", "staff", 200, own_parlor_list=True, body={"float_yen": 30000})],
    "api:day-reopen": [
        api("post", "manager", 200, kw=CLOSE, body={"reason": "recount"}, other_staff=404)
    ],
    # --- API: daily reports (issue 7) -------------------------------------------------------
    "api:reports": [
        api("get", "manager", 200, own_parlor_list=True, other_staff=403),
        api(
            "post", "manager", 202, own_parlor_list=True, body={"day": "yesterday"}, other_staff=403
        ),
    ],
    "api:report": [api("get", "manager", 200, kw={"report_id": "report"}, other_staff=403)],
    "api:report-file": [api("get", "manager", 404, kw={"report_id": "report"}, other_staff=403)],
    # --- Public pages (issue 6) -------------------------------------------------------------
    "public:standings": [everyone("get", 200, kw={"slug": "slug"})],
    "public:standings-tv": [everyone("get", 200, kw={"slug": "slug"})],
    # A tournament's standings and results: public by QR, the event's id is the key.
    "public:event": [everyone("get", 200, kw=EVENT)],
    "public:event-csv": [everyone("get", 200, kw=EVENT)],
    "public:event-ema": [everyone("get", 200, kw=EVENT)],
    # A league's standings: public by QR as an event's, the league's id is the key.
    "public:league": [everyone("get", 200, kw=LEAGUE)],
    "public:standings-csv": [
        Call("get", {"slug": "slug"}, dict.fromkeys(ROLES, 200), query=JANUARY)
    ],
    "public:standings-xlsx": [
        Call("get", {"slug": "slug"}, dict.fromkeys(ROLES, 200), query=JANUARY)
    ],
    # The players' live view: the signed link is the key, no sign-in (issue 14).
    "public:live": [everyone("get", 200, kw={"token": "live"})],
    "public:live-state": [everyone("get", 200, kw={"token": "live"})],
    # The guest's phone: the signed link is the key, no login (selectors.guest).
    "public:guest": [everyone("get", 200, kw={"token": "guest"})],
    "public:guest-state": [everyone("get", 200, kw={"token": "guest"})],
    "public:player": [page("get", "player", 200, staff=403, manager=403, other_staff=403)],
    "public:login": [everyone("get", 200)],
    "public:receipt": [page("get", "player", 200, kw=VISIT)],
    "public:receipt-pdf": [page("get", "player", 200, kw=VISIT)],
    # --- The staff tablet (issue 5) ---------------------------------------------------------
    "tablet:floor": [page("get", "staff", 200, own_parlor_list=True)],
    "tablet:floor-board": [page("get", "staff", 200, own_parlor_list=True)],
    "tablet:floor-live": [page("get", "staff", 200, kw={"view": "board"}, own_parlor_list=True)],
    # Sent without the players the floor proposed: refused, back to the floor with a message.
    "tablet:table-form": [page("post", "staff", 302, kw=FREE)],
    "tablet:login": [everyone("get", 302, anonymous=200)],  # signed in: on to the floor
    "tablet:logout": [everyone("post", 302)],
    "tablet:set_language": [everyone("post", 302)],
    "tablet:table": [page("get", "staff", 302, kw=TABLE)],  # to its game in progress
    "tablet:start": [page("post", "staff", 409, kw=TABLE)],  # it has a game in progress
    "tablet:game": [page("get", "staff", 200, kw=GAME)],
    "tablet:state": [page("get", "staff", 200, kw=GAME)],
    "tablet:live-qr": [page("get", "staff", 200, kw=GAME)],
    "tablet:history": [page("get", "staff", 200, kw=GAME)],
    "tablet:result": [page("get", "staff", 302, kw=GAME)],  # in progress: to the game
    "tablet:finish": [page("post", "staff", 302, kw=GAME)],
    "tablet:undo": [page("post", "staff", 302, kw=GAME)],
    "tablet:void": [page("get", "staff", 200, kw=GAME)],  # the form; test_tablet_void posts
    "tablet:preview": [page("post", "staff", 200, kw=GAME, body={"hand": DRAW})],
    "tablet:record": [page("post", "staff", 201, kw=GAME, body={"sequence": 3, "hand": DRAW})],
    "tablet:calculator": [page("get", "staff", 200, kw=GAME)],
    "tablet:evaluate": [page("post", "staff", 200, kw=GAME, body=CALCULATOR_HAND)],
    "tablet:correct-page": [page("get", "staff", 200, kw=HAND_1)],
    "tablet:correct": [
        page(
            "post", "staff", 201, kw=HAND_1, body={"hand": TSUMO_2, "reason": "typo", "version": 1}
        )
    ],
    # The counter (受付・精算). The tablet's forms post fields, not JSON: a POST here names no
    # player, so staff get the counter (or the start) back with 404 player_not_found.
    "tablet:counter": [page("get", "staff", 200, own_parlor_list=True)],
    "tablet:counter-check-in": [page("post", "staff", 404, own_parlor_list=True)],
    "tablet:start-check-in": [page("post", "staff", 404, kw=FREE)],
    "tablet:counter-last-game": [page("post", "staff", 302, kw=VISIT)],
    "tablet:counter-wish": [page("post", "staff", 302, kw=VISIT)],  # any table
    "tablet:counter-check-out": [
        page("get", "staff", 200, kw=VISIT),
        page("post", "staff", 409, kw=VISIT),  # still playing
    ],
    "tablet:counter-receipt": [page("get", "staff", 200, kw=VISIT)],
    # A walk-in without a name is refused beside the field; the player owes 700 yen.
    "tablet:counter-walk-in": [page("post", "staff", 400, own_parlor_list=True)],
    "tablet:counter-pay-out": [page("post", "staff", 302, kw=PLAYER)],
    "tablet:player-search": [page("get", "staff", 200, own_parlor_list=True)],
    # The close of the day (締め): form fields, not JSON, so a POST here sends an empty form.
    "tablet:day-close": [page("get", "staff", 200, own_parlor_list=True)],
    "tablet:day-float": [page("post", "staff", 400, own_parlor_list=True)],  # no amount
    # No float: staff are asked for a manager, a manager for the float.
    "tablet:day-close-record": [page("post", "staff", 403, own_parlor_list=True, manager=400)],
    "tablet:day-reopen": [page("post", "staff", 400, kw=CLOSE)],  # no reason
    # Staff shifts (シフト): a sign-in naming no member is not found; the manager's shift is
    # already signed out.
    "tablet:shifts": [page("get", "staff", 200, own_parlor_list=True)],
    "tablet:shift-sign-in": [page("post", "staff", 404, own_parlor_list=True)],
    "tablet:shift-receipt": [page("get", "staff", 200, kw=SHIFT)],
    "tablet:shift-sign-out": [page("post", "staff", 409, kw=SHIFT)],
    # --- The manager's daily report pages (issue 7) -----------------------------------------
    "reports:list": [page("get", "manager", 200, own_parlor_list=True, other_staff=403)],
    "reports:request": [page("post", "manager", 302, own_parlor_list=True, other_staff=403)],
    "reports:download": [page("get", "manager", 404, kw={"report_id": "report"}, other_staff=403)],
    # --- The manager's audit log page (issue 14) ----------------------------------------------
    "audit-log": [page("get", "manager", 200, own_parlor_list=True, other_staff=403)],
    # --- The manager's tables and staff pages (issue 18) -------------------------------------
    "setup:tables": manager_form_page(),
    "setup:table": manager_form_page(kw={"table_id": "free"}),
    "setup:members": manager_form_page(),
    "setup:member": manager_form_page(kw={"member_id": "member"}),
    "setup:players": [page("get", "manager", 200, own_parlor_list=True, other_staff=403)],
    "setup:player": manager_form_page(kw=PLAYER),
    # --- The manager's money settings page (issue 18): a form posted as JSON is refused ------
    "manage:money": [page("get", "manager", 200, own_parlor_list=True, other_staff=403)],
    "manage:money-default": [
        page("post", "manager", 400, kw={"player_count": "4"}, other_staff=403)
    ],
    "manage:money-table": [page("post", "manager", 400, kw=TABLE, other_staff=403)],
    "manage:money-table-remove": [page("post", "manager", 302, kw=TABLE, other_staff=403)],
    "manage:money-large-amount": [page("post", "manager", 302, other_staff=403)],
    # --- The manager's standings settings page (issue 18) -------------------------------------
    "manage:standings": [
        page("get", "manager", 200, own_parlor_list=True, other_staff=403),
        page("post", "manager", 400, own_parlor_list=True, other_staff=403),
    ],
    # --- Tournaments (大会, issue 28): staff direct; a penalty needs a referee or the manager
    "manage:events": [
        page("get", "staff", 200, own_parlor_list=True),
        page("post", "staff", 400, own_parlor_list=True),
    ],
    "manage:event": [page("get", "staff", 200, kw=EVENT)],
    "manage:event-register": [page("post", "staff", 400, kw=EVENT)],  # no player named
    "manage:event-extend": [page("post", "staff", 404, kw=EVENT)],  # no such table
    "manage:event-round": [page("post", "staff", 400, kw={**EVENT, "action": "start"})],
    "manage:event-entry": [page("post", "staff", 400, kw={**EVENT, "action": "penalty"})],
    # --- Leagues (リーグ戦, issue 28): staff direct, as for tournaments
    "manage:leagues": [
        page("get", "staff", 200, own_parlor_list=True),
        page("post", "staff", 400, own_parlor_list=True),
    ],
    "manage:league": [page("get", "staff", 200, kw=LEAGUE)],
    "manage:league-action": [page("post", "staff", 400, kw={**LEAGUE, "action": "register"})],
    "manage:event-penalty-withdraw": [page("post", "staff", 400, kw=EVENT)],  # none named
    # --- The manager's seasons page (issue 28) -------------------------------------------------
    "manage:seasons": [
        page("get", "manager", 200, own_parlor_list=True, other_staff=403),
        page("post", "manager", 400, own_parlor_list=True, other_staff=403),
    ],
    "manage:season-close": [page("post", "manager", 302, kw=SEASON, other_staff=403)],
    # --- The manager's parlor settings page (issue 18) ----------------------------------------
    "manage:parlor": [
        page("get", "manager", 200, own_parlor_list=True, other_staff=403),
        page("post", "manager", 400, own_parlor_list=True, other_staff=403),
    ],
    # --- The parlor's rulesets page (issue 18): a form posted as JSON is refused -------------
    "manage:rulesets": [
        page("get", "manager", 200, own_parlor_list=True, other_staff=403),
        page("post", "manager", 400, own_parlor_list=True, other_staff=403),
    ],
    "manage:preset": [page("get", "manager", 200, kw={"key": "standard"}, other_staff=403)],
    "manage:ruleset": [page("get", "manager", 200, kw={"ruleset_id": "house"}, other_staff=403)],
}

# The Django admin is the operator's (a superuser), and a manager's with an admin account
# (is_staff), scoped to their parlor: everyone else is sent to its login page. Every registered
# model is listed with what the operator may do there: "full"; "view" (read-only: add and
# delete refused; nothing changes the audit log or a game except the services); "no_add" (rows
# come from the service, they may be deleted); "change" (view and change only); "none" (403).
ADMIN_POLICY = {
    "auth_group": "full",
    "auth_user": "full",
    "authtoken_tokenproxy": "full",
    "parlor_adjustment": "view",
    "parlor_auditevent": "view",
    "parlor_event": "view",  # the director's pages change events: they audit
    "parlor_eventpenalty": "view",
    "parlor_eventplayer": "view",
    "parlor_eventround": "view",
    "parlor_game": "view",
    "parlor_moneysettings": "full",
    "parlor_parlor": "full",
    "parlor_player": "full",
    "parlor_roundtable": "view",
    "parlor_rulesetdefinition": "full",
    "parlor_season": "view",
    "parlor_seasonstanding": "view",
    "parlor_settlement": "view",
    "parlor_shift": "view",
    "parlor_standingssettings": "full",
    "parlor_table": "full",
    "parlor_visit": "view",
    "reports_dailyreport": "no_add",
}
# What a manager may do there, at their own parlor (tests/parlor/test_admin_parlor_scope.py
# shows another parlor's rows are not found): the parlor's models as the operator, their
# parlor itself changed but neither added nor deleted; the accounts are the operator's.
MANAGER_ADMIN_POLICY = {
    **ADMIN_POLICY,
    "auth_group": "none",
    "auth_user": "none",
    "authtoken_tokenproxy": "none",
    "parlor_parlor": "change",
}
ADMIN_ROLES = {"operator": ADMIN_POLICY, "manager": MANAGER_ADMIN_POLICY}


def _admin_status(policy: str, action: str) -> int:
    if policy == "none":
        return 403
    if action == "add" and policy in ("view", "no_add", "change"):
        return 403
    if action == "delete" and policy in ("view", "change"):
        return 403
    return 200


def admin_calls(name: str, route: str) -> list[Call]:
    """Calls and statuses for an admin route, from its kind (changelist, add, change, ...)."""
    kind = name.removeprefix("admin:")
    longest_first = sorted(ADMIN_MODELS, key=len, reverse=True)
    model = next((m for m in longest_first if kind.startswith(m + "_")), None)
    not_admin = dict.fromkeys(ROLES, 302)
    if kind == "None" and "(?P<url>" in route:  # the catch-all for unknown admin URLs
        return [Call("get", {}, {**not_admin, **dict.fromkeys(ADMIN_ROLES, 404)})]
    if kind == "None":  # an old-style object URL: redirects to the object's change page
        model_path = route.removeprefix("admin/").split("/<")[0].replace("/", "_")
        return [
            Call(
                "get",
                {"object_id": f"admin_object:{model_path}"},
                {**not_admin, **dict.fromkeys(ADMIN_ROLES, 302)},
            )
        ]
    if model is None:  # the admin's own pages
        manager = {
            "index": 200,
            "login": 302,
            "logout": 405,  # signs out by POST only
            "password_change": 200,
            "password_change_done": 200,
            "jsi18n": 200,
            "app_list": 200,
            "autocomplete": 403,
            "view_on_site": 404,
        }.get(kind)
        if kind == "login":
            not_admin = {
                **not_admin,
                **dict.fromkeys(("anonymous", "player", "staff", "other_staff"), 200),
            }
        if manager is None:
            raise KeyError(name)
        return [
            Call(
                "get",
                {k: "admin_" + k for k in _route_kwargs(route)},
                {**not_admin, **dict.fromkeys(ADMIN_ROLES, manager)},
            )
        ]
    action = kind.removeprefix(model + "_")
    # changelist, add, change, delete, history, password_change (a user's, set by the operator)
    assert action in ("changelist", "add", "change", "delete", "history", "password_change"), name
    statuses = {role: _admin_status(policy[model], action) for role, policy in ADMIN_ROLES.items()}
    kwargs = {name: f"admin_object:{model}" for name in _route_kwargs(route)}
    return [Call("get", kwargs, {**not_admin, **statuses})]


def _route_kwargs(route: str) -> list[str]:
    return re.findall(r"<(?:\w+:)?(\w+)>", route)


def routes() -> Iterator[tuple[str, str]]:
    """(namespaced name, route) of every URL pattern the resolver knows."""

    def walk(patterns: list[Any], prefix: str, namespace: str) -> Iterator[tuple[str, str]]:
        for item in patterns:
            if isinstance(item, URLResolver):
                inner = f"{namespace}{item.namespace}:" if item.namespace else namespace
                yield from walk(item.url_patterns, prefix + str(item.pattern), inner)
            elif isinstance(item, URLPattern):
                yield f"{namespace}{item.name}", prefix + str(item.pattern)

    yield from walk(get_resolver().url_patterns, "", "")


def _admin_models() -> list[str]:
    return sorted(f"{m._meta.app_label}_{m._meta.model_name}" for m in admin.site._registry)


ADMIN_MODELS = _admin_models()


def calls_for(name: str, route: str) -> list[Call]:
    if route.startswith("admin/"):
        return admin_calls(name, route)
    return EXPECTED[name]


def test_every_route_has_an_expectation_and_every_expectation_a_route():
    known = {name for name, route in routes() if not route.startswith("admin/")}
    missing = sorted(known - set(EXPECTED))
    stale = sorted(set(EXPECTED) - known)
    assert not missing, (
        "routes without an entry in EXPECTED (tests/parlor/test_security_role_matrix.py): "
        + ", ".join(missing)
    )
    assert not stale, "EXPECTED entries whose route is gone: " + ", ".join(stale)
    unlisted = sorted(set(ADMIN_MODELS) - set(ADMIN_POLICY))
    assert not unlisted, "admin models without an entry in ADMIN_POLICY: " + ", ".join(unlisted)
    for name, route in routes():
        if route.startswith("admin/"):
            admin_calls(name, route)  # raises KeyError for an admin page it does not know


@dataclass
class Scene:
    values: dict[str, Any] = field(default_factory=dict)
    users: dict[str, Any] = field(default_factory=dict)

    def fill(self, value: Any) -> Any:
        if isinstance(value, str) and value in self.values:
            return self.values[value]
        if isinstance(value, dict):
            return {k: self.fill(v) for k, v in value.items()}
        return value


@pytest.fixture
def scene(db: None) -> Scene:
    User = get_user_model()
    parlor = ParlorFactory(name="点棒クラブ", slug="tenbo-club")
    other = ParlorFactory(name="Other parlor", slug="other-club")
    players = PlayerFactory.create_batch(10, parlor=parlor)
    users = {
        "manager": MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user,
        "staff": MemberFactory(parlor=parlor, role=MemberRole.STAFF).user,
        "other_staff": MemberFactory(parlor=other, role=MemberRole.STAFF).user,
        "player": User.objects.create_user("matrix-player"),
        "operator": User.objects.create_superuser("matrix-operator"),
    }
    users["manager"].is_staff = True  # an admin account, as the demo's: not a superuser
    for user in users.values():
        user.set_password(PASSWORD)
        user.save()  # a new password revokes the user's API tokens: issue them again
        Token.objects.get_or_create(user=user)
    Player.objects.filter(pk=players[0].pk).update(user=users["player"])
    staff = users["staff"]
    table = Table.objects.create(parlor=parlor, label="1", ruleset_key="standard")
    free = Table.objects.create(parlor=parlor, label="2", ruleset_key="standard")
    manager_api = APIClient()
    manager_api.force_authenticate(users["manager"])
    money = manager_api.put(
        "/api/money-settings/", {"player_count": 4, "rate_yen_per_p": 50}, format="json"
    )
    assert money.status_code == 200, money.content.decode()
    visit = visit_check_in(player=players[0], by=staff)
    for player in players[1:8]:
        visit_check_in(player=player, by=staff)
    game = game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff)
    hand_record(game=game, sequence=1, entry=RON_1_BY_0, by=staff)
    hand_record(game=game, sequence=2, entry=TSUMO_2, by=staff)
    adjustment = adjustment_create(player=players[0], amount_yen=700, reason="x", by=staff)
    report = _a_report(parlor, users["manager"])
    Group.objects.create(name="night shift")
    visit_check_out(visit=visit_check_in(player=players[9], by=staff), by=staff)  # a settlement
    standings = manager_api.put(
        "/api/standings-settings/", {"is_public": True, "monthly_min_games": 5}, format="json"
    )
    assert standings.status_code == 200, standings.content.decode()
    closed = day_close_record(
        parlor=parlor, counts={}, float_yen=0, day=date(2026, 1, 5), by=users["manager"]
    )
    shift = shift_sign_in(parlor=parlor, user=users["manager"], float_out_yen=0, by=staff)
    shift_sign_out(shift=shift, float_back_yen=0, by=staff)  # an open one would hold the close
    season = season_create(
        parlor=parlor,
        name="2026年1月",
        first_day=date(2026, 1, 1),
        last_day=date(2026, 1, 31),
        kind=TableKind(),
    )
    house = RulesetDefinition.objects.create(
        parlor=parlor, key="house", title="House", definition={"base": "standard"}
    )
    event = event_create(
        parlor=parlor,
        name="大会",
        starts_on=date(2026, 1, 5),
        ends_on=date(2026, 1, 5),
        round_count=1,
        tables=[free],
        by=users["manager"],
    )
    entry = event_register(event=event, player=players[9], by=users["manager"])
    league = league_create(
        parlor=parlor,
        name="リーグ",
        tables=[free],
        stages=[StageSpec("決勝", session_count=1, advance=None)],
        by=users["manager"],
    )
    penalty = penalty_give(entry=entry, points=5, reason="x", by=users["manager"])
    # A round, its table and a season's standing, for the admin's read-only object pages.
    event_round = EventRound.objects.create(event=event, number=1)
    RoundTable.objects.create(round=event_round, number=1, table=free)
    SeasonStanding.objects.create(
        season=season,
        player=players[0],
        name=players[0].name,
        player_count=4,
        is_ranked=True,
        position=1,
        games=1,
        total_tenths=0,
        average_rank_hundredths=100,
        tops=1,
    )
    values = {
        "penalty": penalty.pk,
        "event": str(event.public_id),
        "entry": entry.pk,
        "game": str(game.public_id),
        "table": str(table.public_id),
        "free": str(free.public_id),
        "board": "board",  # the floor's live fragment for the board
        "member": staff.parlor_member.pk,
        "player": str(players[0].public_id),
        "walk_in": str(players[8].public_id),
        "four_free": [str(p.public_id) for p in players[4:8]],
        "visit": str(visit.public_id),
        "adjustment": str(adjustment.public_id),
        "report": report,
        "slug": parlor.slug,
        "live": live_token(game.seat_draw),
        "guest": guest_token(visit),
        "one": 1,
        "two": 2,
        "yesterday": date.today().replace(day=1).isoformat(),
        "house": str(house.public_id),
        "day_close": str(closed.public_id),
        "shift": str(shift.public_id),
        "season": str(season.public_id),
        "league": str(league.public_id),
    }
    values.update(_admin_objects())
    return Scene(values, users)


def _a_report(parlor: Parlor, manager: Any) -> str:
    row = DailyReport.objects.create(
        parlor=parlor, business_day=date(2026, 1, 5), format="csv", requested_by=manager
    )
    return str(row.public_id)


def _admin_objects() -> dict[str, Any]:
    """An object of each admin model (its first row), for the admin's object pages."""
    objects: dict[str, Any] = {}
    for key in ADMIN_MODELS:
        app_label, model_name = key.split("_", 1)
        model = apps.get_model(app_label, model_name)
        row = model._default_manager.order_by("pk").first()
        objects[f"admin_object:{key}"] = str(row.pk) if row is not None else "0"
    return objects


def client_for(role: str, scene: Scene) -> Client:
    client = Client()
    if role != "anonymous":
        client.force_login(scene.users[role])
    return client


def request(client: Client, call: Call, path: str, scene: Scene, role: str) -> Any:
    body = call.body
    if body == "credentials":
        username = scene.users[role].username if role != "anonymous" else "nobody"
        body = {"username": username, "password": PASSWORD}
    body = scene.fill(body)
    if call.method == "get":
        return client.get(path + call.query)
    payload = json.dumps(body if body is not None else {}).encode()
    return client.generic(call.method.upper(), path, payload, content_type="application/json")


def _path(route: str, call: Call, scene: Scene) -> str:
    def replace(match: re.Match[str]) -> str:
        name = match.group(1)
        return str(scene.fill(call.kwargs.get(name, name)))

    if route.startswith("admin/^"):  # the admin's app index is a regular expression
        return "/admin/parlor/"
    if route.startswith("admin/(?P<url>"):  # so is its catch-all
        return "/admin/nowhere/"
    return "/" + re.sub(r"<(?:\w+:)?(\w+)>", replace, route)


@pytest.mark.parametrize("role", ROLES)
def test_each_role_gets_the_status_it_must(scene: Scene, role: str):
    client = client_for(role, scene)
    wrong: list[str] = []
    calls = 0
    for name, route in routes():
        if not route.startswith("admin/") and name not in EXPECTED:
            continue  # reported by the test above
        for call in calls_for(name, route):
            path = _path(route, call, scene)
            events = AuditEvent.objects.count()
            cookies = copy.deepcopy(client.cookies)
            with transaction.atomic():
                response = request(client, call, path, scene, role)
                changed = AuditEvent.objects.count() != events
                transaction.set_rollback(True)
            # Undo what the request did outside the database too: a sign-out's cookie, a
            # sign-in lockout or rate limit.
            client.cookies = cookies
            clear_local_cache()
            calls += 1
            want = call.statuses[role]
            if response.status_code != want:
                wrong.append(
                    f"{call.method.upper()} {path} ({name}): {response.status_code}, "
                    f"expected {want}"
                )
            elif want >= 400 and changed:
                wrong.append(
                    f"{call.method.upper()} {path} ({name}): refused with {want} but "
                    "wrote an audit event"
                )
    assert calls > 100
    assert not wrong, f"as {role}:\n" + "\n".join(wrong)
