"""The simulated tablets of bench/api_load.py: plausible hands, and timed HTTP on the stdlib.

No Django here: a tablet only speaks HTTP to the server under test, like the real one.
"""

from __future__ import annotations

import http.client
import json
import random
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

# (han, fu) of ordinary wins, weighted towards the cheap hands a parlor sees most; fu None
# is a limit hand (mangan and up), where fu does not count.
WIN_VALUES = (
    *[(1, 30)] * 4,
    *[(1, 40)] * 2,
    *[(2, 30)] * 4,
    *[(2, 40)] * 2,
    *[(3, 30)] * 3,
    *[(3, 40)] * 1,
    *[(4, 30)] * 2,
    *[(5, None)] * 2,
    (6, None),
    (8, None),
)


def _win(rng: random.Random, winner: int) -> dict[str, Any]:
    han, fu = rng.choice(WIN_VALUES)
    return {"winner": winner, "han": han, **({"fu": fu} if fu else {})}


def next_hand(rng: random.Random, game: dict[str, Any]) -> dict[str, Any]:
    """A plausible next hand for `game` (the API's game): about 45% ron, 30% tsumo, 22%
    exhaustive draws, a few abortive draws; riichi in about half of the hands."""
    scores = game["scores"]
    seats = list(range(len(scores)))
    # A riichi needs the stick (1,000) in hand; at most two riichi in one hand here.
    can_riichi = [s for s in seats if scores[s] >= 1000]
    count = rng.choices((0, 1, 2), weights=(50, 38, 12))[0]
    riichi = sorted(rng.sample(can_riichi, min(count, len(can_riichi))))
    roll = rng.random()
    if roll < 0.45:
        winners = rng.sample(seats, 2 if rng.random() < 0.03 else 1)  # the odd double ron
        loser = rng.choice([s for s in seats if s not in winners])
        result: dict[str, Any] = {
            "kind": "ron",
            "loser": loser,
            "wins": [_win(rng, w) for w in winners],
        }
    elif roll < 0.75:
        result = {"kind": "tsumo", "win": _win(rng, rng.choice(seats))}
    elif roll < 0.97:
        # A seat in riichi is tenpai (a noten riichi would be a chombo).
        tenpai = set(riichi) | {s for s in seats if rng.random() < 0.4}
        result = {"kind": "draw", "tenpai": sorted(tenpai)}
    else:
        riichi = []
        result = {"kind": "abortive", "reason": "nine_terminals"}
    return {"riichi": riichi, "result": result} if riichi else {"result": result}


class Kind:
    """What a timed request was: a hand that left the game going, the hand that ended it (its
    results, the players' stats, the money and the check queued for the worker), or a bare
    insert."""

    HAND = "hand"
    LAST_HAND = "last hand"
    BARE = "bare"
    FLOOR = "floor"


# (start, latency, error or None, Kind) of one request
Result = tuple[float, float, str | None, str]


@dataclass
class Timings:
    """Requests of one phase: start times (monotonic) and latencies (seconds)."""

    starts: list[float] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)  # what each request was (Kind)
    errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, start: float, latency: float, kind: str) -> None:
        with self.lock:
            self.starts.append(start)
            self.latencies.append(latency)
            self.kinds.append(kind)

    def of_kind(self, kind: str) -> list[float]:
        return [lat for lat, k in zip(self.latencies, self.kinds, strict=True) if k == kind]

    def error(self, text: str) -> None:
        with self.lock:
            self.errors.append(text)


class Http:
    """One tablet's connection. gunicorn's sync workers close it after every response;
    http.client then opens a new one for the next request."""

    def __init__(self, host: str, port: int, token: str) -> None:
        self.connection = http.client.HTTPConnection(host, port, timeout=60)
        self.headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}

    def call(
        self, method: str, path: str, body: Any = None, **headers: str
    ) -> tuple[int, bytes, float]:
        """(status, body, seconds) of one request; a broken connection is retried once."""
        data = None if body is None else json.dumps(body).encode()
        for attempt in (1, 2):
            start = time.perf_counter()
            try:
                self.connection.request(method, path, data, {**self.headers, **headers})
                response = self.connection.getresponse()
                content = response.read()
                if response.will_close:
                    self.connection.close()
                return response.status, content, time.perf_counter() - start
            except (ConnectionError, http.client.HTTPException):
                self.connection.close()
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def close(self) -> None:
        self.connection.close()


@dataclass
class Tablet:
    """A tablet at one table: records hands on its open game, starts the next one at the end."""

    http: Http
    table_id: str
    player_ids: list[str]
    game: dict[str, Any]
    rng: random.Random
    minimal: bool = False  # ask for the short answer (Prefer: return=minimal)
    games_started: int = 0
    hands_recorded: int = 0

    def record_hand(self, phase: str) -> Result:
        """Records the next hand. Starts a new game (not timed) when this hand ended the game."""
        game = self.game
        body = {"sequence": game["hand_count"] + 1, "hand": next_hand(self.rng, game)}
        headers = {"Idempotency-Key": str(uuid.uuid4())}
        if self.minimal:
            headers["Prefer"] = "return=minimal"
        start = time.perf_counter()
        status, content, latency = self.http.call(
            "POST", f"/api/games/{game['id']}/hands/?phase={phase}", body, **headers
        )
        if status != 201:
            self.resync()
            return start, latency, f"{status} {content[:300].decode(errors='replace')}", Kind.HAND
        answer = json.loads(content)
        # The short answer: the game's live state after the hand, beside the hand itself.
        self.game = {**game, **answer["game"]} if "hand" in answer else answer
        self.hands_recorded += 1
        if self.game["status"] != "in_progress":
            self.start_game()
            return start, latency, None, Kind.LAST_HAND
        return start, latency, None, Kind.HAND

    def start_game(self) -> None:
        status, content, _ = self.http.call(
            "POST",
            f"/api/tables/{self.table_id}/games/?phase=setup",
            {"players": self.player_ids, "seating": "given"},
            **{"Idempotency-Key": str(uuid.uuid4())},
        )
        if status != 201:
            raise RuntimeError(f"could not start a game: {status} {content[:300]!r}")
        self.game = json.loads(content)
        self.games_started += 1

    def resync(self) -> None:
        status, content, _ = self.http.call("GET", f"/api/games/{self.game['id']}/?phase=setup")
        if status == 200:
            self.game = json.loads(content)
            if self.game["status"] != "in_progress":
                self.start_game()


def floor_record(http: Http, game_id: str, design: str, rng: random.Random, phase: str) -> Result:
    """One POST to a floor endpoint (bench/floor.py) with a hand's body, on the tablet's game."""
    body = {"sequence": 1, "hand": next_hand(rng, {"scores": [25000] * 4})}
    start = time.perf_counter()
    status, content, latency = http.call(
        "POST",
        f"/bench/floor/{design}/{game_id}/?phase={phase}",
        body,
        **{"Idempotency-Key": str(uuid.uuid4())},
    )
    error = None if status == 201 else f"{status} {content[:300].decode(errors='replace')}"
    return start, latency, error, Kind.FLOOR


def bare_insert(http: Http, rng: random.Random, phase: str) -> Result:
    """One POST to the bare endpoint with a body like a hand's."""
    game = {"scores": [25000] * 4}
    body = {"sequence": rng.randrange(1, 20), "hand": next_hand(rng, game)}
    start = time.perf_counter()
    status, content, latency = http.call("POST", f"/bench/bare/?phase={phase}", body)
    error = None if status == 201 else f"{status} {content[:300].decode(errors='replace')}"
    return start, latency, error, Kind.BARE
