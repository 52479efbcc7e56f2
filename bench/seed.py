"""Seeds a PostgreSQL database with a realistic history, fast (COPY, not the API).

Shared by bench/report.py and bench/standings.py. What it writes is what the product stores for
a finished game: the seat draw, the game (ruleset snapshot, live state, end), its seats, money
terms, every hand (a few corrected: the old version superseded) with the engine's outcome, the
results, the per seat stats of the standings and statistics (GameSeatStats), and each player's
visit of the day with its settlement (receipt lines at the game's money terms).

The hands are real engine replays: the Tenhou corpus (tests/data/tenhou/records.jsonl, 261
games) and a few hundred games generated hand by hand against the engine under house rulesets
with chips. Those distinct games are reused with other players and times.

Use from a bench script:

    database_prepare("tenbo_bench_history", reuse=False)   # creates and migrates
    Seeder().history(parlors=4, tables=10, days=180, games=100_000, players=600,
                     last_day=date(2026, 5, 15))

The rows are the product's own: each outcome is replays.outcome_row of the engine's replay,
the results replays.results_rows, the game's state and running stats what live_state_set and
stats_of_hands store, the seats' stats seat_stats_values, and the money game_money_compute
with what left the game (as selectors.money reads it back). bench/seed_check.py checks a
seeded database against the product's own computations.

Not audited: no AuditEvent rows are written for the seeded hands and games.
"""

from __future__ import annotations

import io
import json
import math
import os
import random
import sys
import time
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

REPO_ROOT = Path(__file__).resolve().parents[1]
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

PG_HOST = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
CORPUS = REPO_ROOT / "tests" / "data" / "tenhou" / "records.jsonl"
CHIPS = {
    "events": ["ippatsu", "ura_dora", "red_five"],
    "ron_paid_by": "discarder",
    "tsumo_paid_by": "each",
}
# Custom rulesets every seeded parlor defines (key: definition), beside the presets.
HOUSE_RULESETS = {
    "standard-chips": {"base": "standard", "title": "標準ルール 祝儀あり", "chips": CHIPS},
    "seed-004-chips": {"base": "seed-004", "title": "三人麻雀 祝儀あり", "chips": CHIPS},
}
# Which rulesets a parlor's tables play, in proportion (the table count is spread over them).
TABLE_MIX = (
    ("tenhou-4p-hanchan", 12),
    ("tenhou-4p-hanchan-whole-points", 8),
    ("standard-chips", 10),
    ("seed-000", 4),
    ("seed-004-chips", 4),
    ("tenhou-3p-hanchan", 2),
)
SYNTHETIC = {"standard-chips": 80, "seed-000": 50, "seed-004-chips": 60}  # games generated
YAKU_SHARE = 0.6  # generated wins entered with their yaku (the yaku statistics read them)
# Yaku a generated win may list beside riichi (key, han), as the hand calculator names them.
YAKU_POOL = (
    ("tanyao", 1),
    ("pinfu", 1),
    ("haku", 1),
    ("seat_wind", 1),
    ("chiitoitsu", 2),
    ("honitsu", 3),
)
CORRECTED_SHARE = 0.005  # hands entered twice: a correction supersedes the first version
STAFF_SEAT_SHARE = 0.01  # seats a member of staff fills (本走)
TZ = "Asia/Tokyo"
CUTOFF_HOUR = 6


def django_setup(database: str) -> None:
    """Points Django at `database` (PostgreSQL) and sets it up; call once, before any import
    of parlor models."""
    os.environ["DATABASE_URL"] = f"{PG_HOST}/{database}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "parlor.settings")
    os.environ.setdefault("SECRET_KEY", "bench-only-not-secret")
    os.environ.setdefault("DB_CONN_MAX_AGE", "0")
    os.environ.setdefault("ALLOWED_HOSTS", "localhost,127.0.0.1,testserver")  # the test Client
    # The test Client renders pages without collectstatic: the plain static names, as the tests.
    os.environ.setdefault("DJANGO_STATIC_HASHED", "0")
    import django

    django.setup()


def database_prepare(database: str, *, reuse: bool) -> bool:
    """Creates (or with reuse, keeps) the database and migrates it; True if it already was
    seeded (a reused database with games in it)."""
    import psycopg

    with psycopg.connect(f"{PG_HOST}/postgres", autocommit=True) as admin:
        exists = admin.execute(
            "SELECT 1 FROM pg_database WHERE datname = %s", (database,)
        ).fetchone()
        if exists and not reuse:
            admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s",
                (database,),
            )
            admin.execute(f'DROP DATABASE "{database}"')
            exists = None
        if not exists:
            admin.execute(f'CREATE DATABASE "{database}"')
    django_setup(database)
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from parlor.models import Game

    return reuse and Game.objects.exists()


# ---------------------------------------------------------------- distinct games (templates)


def _copy_text(value: Any) -> str:
    """One value in PostgreSQL's COPY text format."""
    if value is None:
        return "\\N"
    if isinstance(value, bool):
        return "t" if value else "f"
    if isinstance(value, (dict, list)):
        value = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    text = str(value)
    return text.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r").replace("\t", "\\t")


@dataclass
class Template:
    """One distinct finished game: its ruleset, hands, outcomes and results, as COPY text."""

    ruleset_key: str
    player_count: int
    unit: Any  # the ruleset's settlement unit (SettlementUnit): its results' and lines' unit
    snapshot_text: str
    schema_version: int
    is_closed_by_staff: bool
    end_reason: str
    scores_text: str
    sticks: int
    state_text: str  # the engine's state after the last hand (Game.state)
    running_stats_text: str  # each seat's running stats (Game.running_stats)
    hand_texts: list[tuple[str, list[str]]]  # (entry, outcome columns) per hand
    results: list[tuple[Any, ...]]  # GameResult columns (RESULT_COLUMNS) per seat
    seat_stats: list[dict[str, Any]]  # GameSeatStats values per seat, without ids and time
    title: str


# The GameResult columns a template keeps, in the order of TABLES["parlor_gameresult"].
RESULT_COLUMNS = (
    "seat",
    "final_score",
    "rank",
    "oka_tenths",
    "uma_tenths",
    "bonus_tenths",
    "deduction_tenths",
    "total_tenths",
    "chips",
)


def _ruleset(key: str, definition: Any) -> Any:
    from parlor.selectors.rulesets import ruleset_validate
    from rulesets.registry import PRESETS

    if definition is None:
        return PRESETS[key]
    return ruleset_validate(key=key, definition=definition)


def _replayed(key: str, definition: Any, entries: list[dict[str, Any]]) -> tuple[Any, Any, bool]:
    """The ruleset and the engine's replay of `entries` (the snapshot inline, as the product
    builds a game's record), closed by staff (as game_finish does) if it did not end; and
    whether it was."""
    from parlor.services import engine

    ruleset = _ruleset(key, definition)
    snapshot = ruleset.to_dict()
    names = [f"seat{i}" for i in range(ruleset.player_count)]
    replay = engine.replay_game(
        engine.record_build(snapshot=snapshot, names=names, entries=entries)
    )
    if replay.end is not None:
        return ruleset, replay, False
    record = engine.record_build(snapshot=snapshot, names=names, entries=entries, finished=True)
    return ruleset, engine.replay_game(record), True


def _template(key: str, definition: Any, entries: list[dict[str, Any]]) -> Template | None:
    """Replays `entries` as the product would and keeps what it stores: each hand's outcome
    row (replays.outcome_row), the game's live state (replays.live_state_set), its results
    (replays.results_rows) and its seats' stats from the running ones (seat_stats_store)."""
    from types import SimpleNamespace

    from parlor.services.replays import OUTCOME_FIELDS, has_sit_out, outcome_row, results_rows
    from parlor.services.seat_stats import seat_stats_values, stats_of_hands

    ruleset, replay, closed = _replayed(key, definition, entries)
    if replay.final is None or not replay.hands:
        return None
    seats = replay.record.seats
    sit_out = has_sit_out(ruleset, seats)
    hand_texts = []
    for entry, outcome in zip(entries, replay.hands, strict=True):
        row = outcome_row(None, outcome, sit_out=sit_out)  # type: ignore[arg-type]
        hand_texts.append(
            (_copy_text(entry), [_copy_text(getattr(row, f)) for f in OUTCOME_FIELDS])
        )
    no_player = [SimpleNamespace(seat=s, player=None) for s in range(seats)]
    results = [
        tuple(getattr(r, c) for c in RESULT_COLUMNS)
        for r in results_rows(None, replay.final, ruleset, no_player)  # type: ignore[arg-type]
    ]
    state = replay.state
    running_stats = stats_of_hands(seats, [(o.hand, o.settled.transfers) for o in replay.hands])
    game = SimpleNamespace(  # what seat_stats_values reads of a game
        pk=0,
        ruleset_snapshot=ruleset.to_dict(),
        ended_at=None,
        end_reason=state.end.value,
        scores=list(state.table.scores),
        running_stats=running_stats,
    )
    seat_stats = seat_stats_values(
        game,
        parlor_id=0,
        seats={s: (0, False) for s in range(seats)},
        results=[(r[0], r[2], r[7]) for r in results],
        hands=None,
    )
    return Template(
        ruleset_key=key,
        player_count=ruleset.player_count,
        unit=ruleset.settlement_unit,
        snapshot_text=_copy_text(game.ruleset_snapshot),
        schema_version=ruleset.schema_version,
        is_closed_by_staff=closed,
        end_reason=state.end.value,
        scores_text=_copy_text(game.scores),
        sticks=state.table.sticks,
        state_text=_copy_text(state.to_dict()),
        running_stats_text=_copy_text(running_stats),
        hand_texts=hand_texts,
        results=results,
        seat_stats=seat_stats,
        title=ruleset.title[:100],
    )


def _corpus() -> Iterator[tuple[str, Any, list[dict[str, Any]]]]:
    with CORPUS.open(encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            record = json.loads(line)["record"]
            ruleset = record["ruleset"]
            if isinstance(ruleset, str):
                yield ruleset, None, record["hands"]
            else:
                definition = {k: v for k, v in ruleset.items() if k != "id"}
                yield ruleset["id"], definition, record["hands"]


def _win_value(ruleset: Any, rng: random.Random) -> dict[str, Any]:
    from scoring.ruleset import ValueInput

    han = rng.choice((1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 8))
    if ruleset.value_input == ValueInput.POINT_COUNT:
        return {"points": 1000 * han}
    if ruleset.value_input == ValueInput.HAN_FIXED_40FU:
        return {"han": han}
    return {"han": han, "fu": 30 if han >= 5 else rng.choice((30, 30, 40, 50))}


def _yaku(han: int, *, riichi: bool, rng: random.Random) -> list[dict[str, Any]]:
    """A yaku list whose han add up to `han`: riichi if the winner declared it, a few of
    YAKU_POOL, dora for the rest (the payment follows han and fu; the list is for the
    statistics)."""
    items = [{"key": "riichi", "han": 1}] if riichi else []
    left = han - len(items)
    for key, value in rng.sample(YAKU_POOL, len(YAKU_POOL)):
        if value <= left and rng.random() < 0.5:
            items.append({"key": key, "han": value})
            left -= value
    if left > 0:
        items.append({"key": "dora", "han": left})
    return items


def _random_hand(
    ruleset: Any, scores: list[int], rng: random.Random, *, chips: bool
) -> dict[str, Any]:
    seats = list(range(len(scores)))
    riichi = [s for s in seats if scores[s] >= 1000 and rng.random() < 0.18]
    roll = rng.random()
    hand: dict[str, Any] = {"riichi": riichi} if riichi else {}
    if roll < 0.18:
        hand["result"] = {"kind": "draw", "tenpai": sorted(rng.sample(seats, rng.randint(0, 3)))}
        return hand
    winner = rng.choice(seats)
    win = {"winner": winner, **_win_value(ruleset, rng)}
    if "han" in win and rng.random() < YAKU_SHARE:
        win["yaku"] = _yaku(win["han"], riichi=winner in riichi, rng=rng)
    if chips and rng.random() < 0.35:
        win["chips"] = rng.randint(1, 3)
    if roll < 0.55:
        hand["result"] = {"kind": "tsumo", "win": win}
    else:
        loser = rng.choice([s for s in seats if s != winner])
        hand["result"] = {"kind": "ron", "loser": loser, "wins": [win]}
    return hand


def _synthetic(key: str, count: int, rng: random.Random) -> Iterator[list[dict[str, Any]]]:
    """`count` games played hand by hand against the engine, each to its natural end."""
    from parlor.services import engine
    from scoring.errors import ScoringError

    definition = HOUSE_RULESETS.get(key)
    ruleset = _ruleset(key, definition)
    snapshot = ruleset.to_dict()
    names = [f"seat{i}" for i in range(ruleset.player_count)]
    made = 0
    while made < count:
        entries: list[dict[str, Any]] = []
        scores = [ruleset.start_points] * ruleset.player_count
        for _ in range(40):
            for _attempt in range(20):
                hand = _random_hand(ruleset, scores, rng, chips=definition is not None)
                record = engine.record_build(
                    snapshot=snapshot, names=names, entries=[*entries, hand]
                )
                try:
                    replay = engine.replay(record)
                except ScoringError:
                    continue
                entries.append(hand)
                scores = replay["hands"][-1]["scores_after"]
                break
            if replay.get("end"):
                break
        made += 1
        yield entries


def templates(seed: int = 7) -> tuple[dict[str, list[Template]], dict[str, Any]]:
    """The distinct games per ruleset key (a few hundred), each a real engine replay, and the
    definitions of the custom rulesets they use."""
    rng = random.Random(seed)
    pools: dict[str, list[Template]] = {}
    definitions: dict[str, Any] = {k: v for k, v in HOUSE_RULESETS.items()}
    for key, definition, entries in _corpus():
        if definition is not None:
            definitions[key] = definition
        made = _template(key, definition, entries)
        if made is not None:
            pools.setdefault(key, []).append(made)
    for key, count in SYNTHETIC.items():
        for entries in _synthetic(key, count, rng):
            made = _template(key, HOUSE_RULESETS.get(key), entries)
            if made is not None:
                pools.setdefault(key, []).append(made)
    return pools, definitions


# ---------------------------------------------------------------- the history


@dataclass
class Ids:
    """The next id of each table: rows are written with their ids, sequences set after."""

    next: dict[str, int] = field(default_factory=dict)

    def take(self, table: str) -> int:
        value = self.next[table]
        self.next[table] = value + 1
        return value


TABLES = {
    "parlor_seatdraw": "id, public_id, method, drawn_at, drawn_by_id, table_id",
    "parlor_seatdrawposition": "id, position, player_id, seat_draw_id",
    "parlor_game": (
        "id, public_id, number_in_seating, first_dealer_position, ruleset_key, "
        "ruleset_snapshot, schema_version, start_state, is_closed_by_staff, status, started_at, "
        "ended_at, verified_at, end_reason, void_reason, hand_count, scores, sticks, "
        "next_state, started_by_id, seat_draw_id, table_id, hands_voided, running_stats, state"
    ),
    "parlor_gameseat": "id, seat, name, game_id, player_id, is_staff_play",
    "parlor_gamemoney": (
        "id, rate_yen_per_p, chip_value_yen, fee_model, game_fee_yen, top_prize_yen, "
        "money_unit_yen, game_id, settings_id"
    ),
    "parlor_hand": (
        "id, public_id, sequence, version, state, entry, entered_at, idempotency_key, reason, "
        "voided_at, void_reason, entered_by_id, game_id, supersedes_id, voided_by_id"
    ),
    "parlor_handoutcome": (
        "id, round_wind, round_number, honba, dealer, sticks_before, scores_before, transfers, "
        "deltas, scores_after, sticks_after, next_state, notes, deductions, computed_at, hand_id"
    ),
    "parlor_gameresult": (
        "id, seat, final_score, rank, oka_tenths, uma_tenths, bonus_tenths, deduction_tenths, "
        "total_tenths, chips, game_id, player_id"
    ),
    "parlor_gameseatstats": (
        "id, seat, player_count, ended_at, is_staff_play, rank, is_last, is_tobi, total_tenths, "
        "hands, wins, deal_ins, riichi, win_points, game_id, parlor_id, player_id"
    ),
    "parlor_visit": (
        "id, public_id, status, checked_in_at, last_game_called_at, checked_out_at, "
        "checked_in_by_id, checked_out_by_id, last_game_id, parlor_id, player_id"
    ),
    "parlor_visitgame": "id, seat, stand_in_note, game_id, stand_in_by_id, visit_id",
    "parlor_settlement": (
        "id, public_id, closed_at, points_yen, chips_yen, fees_yen, adjustments_yen, total_yen, "
        "line_count, closed_by_id, visit_id"
    ),
    "parlor_settlementline": (
        "id, position, kind, table_label, played_at, ruleset_key, ruleset_title, rank, "
        "result_tenths, result_unit, left_game_tenths, chips, rate_yen_per_p, chip_value_yen, "
        "points_yen, chips_yen, fee_yen, amount_yen, description, stand_in, adjustment_id, "
        "game_id, settlement_id"
    ),
}


def _ts(at: datetime) -> str:
    return at.astimezone(UTC).isoformat()


_UUIDS = random.Random(os.urandom(16))  # not the history's seed: a reused database has rows


def _uuid(_rng: random.Random) -> str:
    return str(uuid.UUID(int=_UUIDS.getrandbits(128), version=4))


@dataclass
class ParlorPlan:
    parlor: Any
    tables: list[Any]
    players: list[Any]  # members, heaviest regulars first
    weights: list[float]
    staff_user_id: int
    staff_player: Any
    settings: dict[int, Any]  # player count -> MoneySettings


@dataclass
class Seeded:
    games: int = 0
    hands: int = 0
    rows: int = 0
    seconds: float = 0.0
    parlors: list[str] = field(default_factory=list)


class Seeder:
    """Writes parlors and their days of games into the Django database set up beforehand."""

    def __init__(self, *, seed: int = 1) -> None:
        self.rng = random.Random(seed)
        started = time.perf_counter()
        self.pools, self.definitions = templates()
        self.template_seconds = time.perf_counter() - started
        self.buffers: dict[str, io.StringIO] = {}
        self.ids = Ids()
        self.seeded = Seeded()

    # ------------------------------------------------------------ parlors (ORM: few rows)

    def parlor(
        self, *, slug: str, name: str, tables: int, players: int, mix: Sequence[tuple[str, int]]
    ) -> ParlorPlan:
        from django.contrib.auth import get_user_model

        from parlor.models import (
            MemberRole,
            MoneySettings,
            Parlor,
            ParlorMember,
            Player,
            PlayerKind,
            RulesetDefinition,
            StandingsSettings,
            Table,
        )

        User = get_user_model()
        parlor = Parlor.objects.create(
            name=name, slug=slug, time_zone=TZ, business_day_cutoff_hour=CUTOFF_HOUR
        )
        StandingsSettings.objects.create(parlor=parlor, monthly_min_games=10)
        for key, definition in self.definitions.items():
            RulesetDefinition.objects.create(
                parlor=parlor, key=key, title=definition.get("title", key), definition=definition
            )
        manager = User.objects.create_user(f"{slug}-manager", password="bench")
        ParlorMember.objects.create(parlor=parlor, user=manager, role=MemberRole.MANAGER)
        staff = User.objects.create_user(f"{slug}-staff", password="bench")
        ParlorMember.objects.create(parlor=parlor, user=staff, role=MemberRole.STAFF)
        staff_player = Player.objects.create(
            parlor=parlor, name=f"店員 {slug}", kind=PlayerKind.GUEST, user=staff
        )
        settings = {
            4: MoneySettings.objects.create(
                parlor=parlor,
                player_count=4,
                rate_yen_per_p=50,
                chip_value_yen=100,
                fee_model="each_plus_top",
                game_fee_yen=400,
                top_prize_yen=200,
                money_unit_yen=10,
            ),
            3: MoneySettings.objects.create(
                parlor=parlor,
                player_count=3,
                rate_yen_per_p=50,
                chip_value_yen=100,
                fee_model="top_only",
                game_fee_yen=1200,
                money_unit_yen=10,
            ),
        }
        keys = [key for key, share in mix for _ in range(share)]
        table_rows = [
            Table(parlor=parlor, label=f"{n + 1}", ruleset_key=keys[n * len(keys) // tables])
            for n in range(tables)
        ]
        Table.objects.bulk_create(table_rows)
        people = Player.objects.bulk_create(
            Player(
                parlor=parlor,
                name=f"{slug} 会員{n + 1:04d}",
                kind=PlayerKind.MEMBER,
                member_number=f"{n + 1:05d}",
            )
            for n in range(players)
        )
        # A few regulars with a login, so their player page can be read.
        for n, player in enumerate(people[:3]):
            player.user = User.objects.create_user(f"{slug}-regular{n + 1}", password="bench")
            player.save(update_fields=["user"])
        weights = [1.0 / (n + 8) ** 1.1 for n in range(players)]
        return ParlorPlan(parlor, table_rows, people, weights, staff.pk, staff_player, settings)

    # ------------------------------------------------------------ rows (COPY text)

    def _row(self, table: str, *values: Any) -> None:
        buffer = self.buffers.setdefault(table, io.StringIO())
        buffer.write("\t".join(v if isinstance(v, str) else _copy_text(v) for v in values))
        buffer.write("\n")
        self.seeded.rows += 1

    def _start_ids(self) -> None:
        from django.db import connection

        with connection.cursor() as cursor:
            for table in TABLES:
                cursor.execute(f"SELECT coalesce(max(id), 0) + 1 FROM {table}")
                self.ids.next[table] = cursor.fetchone()[0]

    def flush(self) -> None:
        """COPYs the buffered rows, in an order that keeps foreign keys valid."""
        from django.db import connection

        connection.ensure_connection()
        raw = connection.connection
        with raw.cursor() as cursor:
            for table, columns in TABLES.items():
                buffer = self.buffers.get(table)
                if buffer is None or not buffer.tell():
                    continue
                with cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                    copy.write(buffer.getvalue())
        self.buffers = {}

    def _finish_ids(self) -> None:
        from django.db import connection

        with connection.cursor() as cursor:
            for table in TABLES:
                cursor.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"(SELECT coalesce(max(id), 1) FROM {table}))"
                )
                cursor.execute(f"ANALYZE {table}")

    # ------------------------------------------------------------ a business day

    def _pick(self, plan: ParlorPlan, count: int) -> list[Any]:
        """`count` distinct players, weighted (Efraimidis-Spirakis): regulars play most days."""
        rng = self.rng
        keyed = sorted(
            range(len(plan.players)),
            key=lambda n: rng.random() ** (1.0 / plan.weights[n]),
            reverse=True,
        )
        return [plan.players[n] for n in keyed[:count]]

    def day(self, plan: ParlorPlan, day: date, *, games_per_table: int, until: datetime) -> int:
        """Plays `games_per_table` games at every table in business day `day` (games that
        would end after `until` are left out); returns the games written."""
        tz = ZoneInfo(plan.parlor.time_zone)
        opens = datetime(day.year, day.month, day.day, CUTOFF_HOUR, tzinfo=tz) + timedelta(hours=1)
        slot = timedelta(hours=22) / games_per_table
        visits: dict[int, list[tuple[int, int, Any, datetime, datetime, Any, dict]]] = {}
        written = 0
        for number in range(games_per_table):
            slot_start = opens + slot * number
            seats_needed = sum(self._count(t) for t in plan.tables)
            chosen = iter(self._pick(plan, seats_needed))
            staff_busy = False  # the member of staff sits at one table at a time
            for table in plan.tables:
                template = self.rng.choice(self.pools[table.ruleset_key])
                started = slot_start + timedelta(seconds=self.rng.randint(0, 120))
                ended = started + slot * self.rng.uniform(0.7, 0.92)
                if ended >= until:
                    continue
                players = [next(chosen) for _ in range(template.player_count)]
                staff_seat = None
                if not staff_busy and self.rng.random() < STAFF_SEAT_SHARE * template.player_count:
                    staff_busy = True
                    staff_seat = self.rng.randrange(template.player_count)
                    players[staff_seat] = plan.staff_player
                game_id = self._game(plan, table, template, players, staff_seat, started, ended)
                written += 1
                money = self._money(plan, template, staff_seat)
                for seat, player in enumerate(players):
                    if seat == staff_seat:
                        continue
                    visits.setdefault(player.pk, []).append(
                        (game_id, seat, table, started, ended, template, money[seat])
                    )
        self._visits(plan, visits)
        return written

    def _count(self, table: Any) -> int:
        return self.pools[table.ruleset_key][0].player_count

    def _money(self, plan: ParlorPlan, template: Template, staff_seat: int | None) -> dict:
        """Each seat's money in the game (seat -> (terms, SeatMoney)), as selectors.money
        computes it from the stored results: game_money_compute, with what left the game."""
        from dataclasses import replace

        from parlor.domain.house_money import SeatPenalty, left_game_by_seat
        from parlor.domain.money import SeatResult, Terms, game_money_compute
        from parlor.domain.units import Result

        terms = Terms.of(plan.settings[template.player_count])
        rows = [dict(zip(RESULT_COLUMNS, r, strict=True)) for r in template.results]
        seats = [
            SeatResult(
                r["seat"],
                r["rank"],
                Result(r["total_tenths"], template.unit),
                r["chips"],
                is_staff_play=r["seat"] == staff_seat,
            )
            for r in rows
        ]
        left = left_game_by_seat(
            [
                SeatPenalty(r["seat"], r["total_tenths"], r["bonus_tenths"] + r["deduction_tenths"])
                for r in rows
            ]
        )
        return {
            m.seat: (terms, replace(m, left_game_tenths=left.get(m.seat, 0)))
            for m in game_money_compute(terms, seats)
        }

    def _game(
        self,
        plan: ParlorPlan,
        table: Any,
        template: Template,
        players: list[Any],
        staff_seat: int | None,
        started: datetime,
        ended: datetime,
    ) -> int:
        rng, ids, staff = self.rng, self.ids, plan.staff_user_id
        draw_id = ids.take("parlor_seatdraw")
        self._row("parlor_seatdraw", draw_id, _uuid(rng), "random", _ts(started), staff, table.pk)
        for position, player in enumerate(players):
            self._row(
                "parlor_seatdrawposition",
                ids.take("parlor_seatdrawposition"),
                position,
                player.pk,
                draw_id,
            )
        game_id = ids.take("parlor_game")
        self._row(
            "parlor_game",
            game_id,
            _uuid(rng),
            1,
            0,
            template.ruleset_key,
            template.snapshot_text,
            template.schema_version,
            None,
            template.is_closed_by_staff,
            "finished",
            _ts(started),
            _ts(ended),
            _ts(ended + timedelta(seconds=2)),
            template.end_reason,
            "",
            len(template.hand_texts),
            template.scores_text,
            template.sticks,
            None,
            staff,
            draw_id,
            table.pk,
            0,
            template.running_stats_text,
            template.state_text,
        )
        for seat, player in enumerate(players):
            self._row(
                "parlor_gameseat",
                ids.take("parlor_gameseat"),
                seat,
                player.name,
                game_id,
                player.pk,
                seat == staff_seat,
            )
        settings = plan.settings[template.player_count]
        self._row(
            "parlor_gamemoney",
            ids.take("parlor_gamemoney"),
            settings.rate_yen_per_p,
            settings.chip_value_yen,
            settings.fee_model,
            settings.game_fee_yen,
            settings.top_prize_yen,
            settings.money_unit_yen,
            game_id,
            settings.pk,
        )
        self._hands(template, game_id, staff, started, ended)
        for r in template.results:
            self._row(
                "parlor_gameresult", ids.take("parlor_gameresult"), *r, game_id, players[r[0]].pk
            )
        for f in template.seat_stats:
            seat = f["seat"]
            self._row(
                "parlor_gameseatstats",
                ids.take("parlor_gameseatstats"),
                seat,
                f["player_count"],
                _ts(ended),
                seat == staff_seat,
                f["rank"],
                f["is_last"],
                f["is_tobi"],
                f["total_tenths"],
                f["hands"],
                f["wins"],
                f["deal_ins"],
                f["riichi"],
                f["win_points"],
                game_id,
                plan.parlor.pk,
                players[seat].pk,
            )
        self.seeded.games += 1
        return game_id

    def _hands(
        self, template: Template, game_id: int, staff: int, started: datetime, ended: datetime
    ) -> None:
        rng, ids = self.rng, self.ids
        step = (ended - started) / (len(template.hand_texts) + 1)
        for sequence, (entry, outcome) in enumerate(template.hand_texts, start=1):
            at = _ts(started + step * sequence)
            supersedes = None
            version = 1
            if rng.random() < CORRECTED_SHARE:  # entered, then corrected with a reason
                supersedes = ids.take("parlor_hand")
                self._hand_row(supersedes, sequence, 1, "superseded", entry, at, "", staff, game_id)
                self._row(
                    "parlor_handoutcome", ids.take("parlor_handoutcome"), *outcome, at, supersedes
                )
                version = 2
            hand_id = ids.take("parlor_hand")
            reason = "点数の入力ミス" if supersedes else ""
            self._hand_row(
                hand_id, sequence, version, "current", entry, at, reason, staff, game_id, supersedes
            )
            self._row("parlor_handoutcome", ids.take("parlor_handoutcome"), *outcome, at, hand_id)
            self.seeded.hands += 1

    def _hand_row(
        self,
        hand_id: int,
        sequence: int,
        version: int,
        state: str,
        entry: str,
        at: str,
        reason: str,
        staff: int,
        game_id: int,
        supersedes: int | None = None,
    ) -> None:
        self._row(
            "parlor_hand",
            hand_id,
            _uuid(self.rng),
            sequence,
            version,
            state,
            entry,
            at,
            "",
            reason,
            None,
            "",
            staff,
            game_id,
            supersedes,
            None,
        )

    def _visits(self, plan: ParlorPlan, visits: dict[int, list[Any]]) -> None:
        """Each player's visit of the day: in before the first game, out after the last."""
        rng, ids, staff = self.rng, self.ids, plan.staff_user_id
        for player_id, games in visits.items():
            games.sort(key=lambda g: g[3])
            checked_in = games[0][3] - timedelta(minutes=rng.randint(3, 20))
            checked_out = max(g[4] for g in games) + timedelta(minutes=rng.randint(2, 10))
            visit_id = ids.take("parlor_visit")
            self._row(
                "parlor_visit",
                visit_id,
                _uuid(rng),
                "closed",
                _ts(checked_in),
                None,
                _ts(checked_out),
                staff,
                staff,
                None,
                plan.parlor.pk,
                player_id,
            )
            settlement_id = ids.take("parlor_settlement")
            lines = []
            for game_id, seat, table, started, _ended, template, (terms, money) in games:
                self._row(
                    "parlor_visitgame",
                    ids.take("parlor_visitgame"),
                    seat,
                    "",
                    game_id,
                    None,
                    visit_id,
                )
                lines.append((game_id, table, started, template, terms, money))
            points = sum(m.points_yen for *_, m in lines)
            chips = sum(m.chips_yen for *_, m in lines)
            fees = sum(m.fee_yen for *_, m in lines)
            self._row(
                "parlor_settlement",
                settlement_id,
                _uuid(rng),
                _ts(checked_out),
                points,
                chips,
                fees,
                0,
                points + chips - fees,
                len(lines),
                staff,
                visit_id,
            )
            for position, (game_id, table, started, template, terms, m) in enumerate(lines, 1):
                self._row(
                    "parlor_settlementline",
                    ids.take("parlor_settlementline"),
                    position,
                    "game",
                    table.label,
                    _ts(started),
                    template.ruleset_key,
                    template.title,
                    m.rank,
                    m.result.tenths,
                    m.result.unit.value,
                    m.left_game_tenths,
                    m.chips,
                    terms.rate_yen_per_p,
                    terms.chip_value_yen,
                    m.points_yen,
                    m.chips_yen,
                    m.fee_yen,
                    m.game_money_yen,
                    "",
                    False,
                    None,
                    game_id,
                    settlement_id,
                )

    # ------------------------------------------------------------ whole histories

    def history(
        self,
        *,
        parlors: int,
        tables: int,
        days: int,
        games: int,
        players: int,
        last_day: date,
        slug: str = "bench",
        progress: bool = True,
    ) -> Seeded:
        """`games` games (about) over `days` business days ending `last_day`, spread over
        `parlors` parlors of `tables` tables each."""
        started = time.perf_counter()
        plans = [
            self.parlor(
                slug=f"{slug}-{n + 1}",
                name=f"ベンチ雀荘 {n + 1}",
                tables=tables,
                players=players,
                mix=TABLE_MIX,
            )
            for n in range(parlors)
        ]
        self._start_ids()
        per_table = max(1, math.ceil(games / (parlors * tables * days)))
        days = min(days, math.ceil(games / (parlors * tables * per_table)))  # a small run
        until = datetime.now(UTC)
        done = 0
        for offset in range(days - 1, -1, -1):
            the_day = last_day - timedelta(days=offset)
            for plan in plans:
                if done >= games:
                    break
                done += self.day(plan, the_day, games_per_table=per_table, until=until)
            if self.seeded.rows > 400_000:
                self.flush()
            if progress and offset % 30 == 0:
                print(f"  seeded {done:,} games ({the_day})", file=sys.stderr, flush=True)
        self.flush()
        self._finish_ids()
        self.seeded.seconds += time.perf_counter() - started
        self.seeded.parlors += [p.parlor.slug for p in plans]
        return self.seeded

    def one_day(self, *, slug: str, tables: int, games_per_table: int, day: date) -> Seeded:
        """A parlor with one business day of `tables` × `games_per_table` games."""
        started = time.perf_counter()
        plan = self.parlor(
            slug=slug,
            name=f"ベンチ雀荘 {slug}",
            tables=tables,
            players=max(400, tables * 4 * 3),
            mix=TABLE_MIX,
        )
        self._start_ids()
        self.day(
            plan,
            day,
            games_per_table=games_per_table,
            until=datetime.now(UTC) + timedelta(days=3650),
        )
        self.flush()
        self._finish_ids()
        self.seeded.seconds += time.perf_counter() - started
        self.seeded.parlors.append(slug)
        return self.seeded


def machine() -> str:
    """Cores and PostgreSQL version, for the figures' heading."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW server_version")
        version = cursor.fetchone()[0]
    return f"{os.cpu_count()} cores, PostgreSQL {version}, Python {sys.version.split()[0]}"
