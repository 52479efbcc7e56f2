"""Parsing a ``tenbo-game/1`` record into typed facts, checking everything that does not
depend on the running scores (those checks happen during the replay).

The game's head is read here; each hand by scoring.hand_input, its result by
scoring.result_input and each win by scoring.win_input.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from scoring.errors import RecordError, RulesetError
from scoring.facts import (
    WINDS,
    Hand,
    TableState,
)
from scoring.fields import FieldReader
from scoring.hand_input import read_hand
from scoring.ruleset import DealerRotation, Extension, Ruleset, SitOutRotation

FORMAT = "tenbo-game/1"
MAX_HANDS = 1000  # far beyond any real game; keeps a hostile record bounded
MAX_SCORE = 10_000_000


@dataclass(frozen=True, slots=True)
class GameRecord:
    ruleset: Ruleset
    players: tuple[str, ...]
    start: TableState
    finished: bool
    hands: tuple[Hand, ...]

    @property
    def seats(self) -> int:
        return len(self.players)

    @property
    def has_sit_out(self) -> bool:
        return self.seats > self.ruleset.player_count


def parse_record(data: Any, *, presets: Mapping[str, Ruleset]) -> GameRecord:
    """Check and parse a whole record; raise RecordError naming the hand and field."""
    head, hands_data = read_record_head(data, presets=presets)
    hands = tuple(read_hand(h, index=i, ruleset=head.ruleset, seats=head.seats)
                  for i, h in enumerate(hands_data))
    return replace(head, hands=hands)


def read_record_head(data: Any, *, presets: Mapping[str, Ruleset]) -> tuple[GameRecord, list[Any]]:
    """Everything of a record but its hands (a GameRecord without them), and the hands as
    given, for a caller that reads each hand when it comes to it (scoring.replay)."""
    game = FieldReader(data, hand=None, path="")
    game.only(("format", "ruleset", "players", "start", "finished", "hands"))
    if game.data.get("format") != FORMAT:
        game.fail("format", f"'format' must be \"{FORMAT}\"", code="bad_format")
    ruleset = read_ruleset(game.require("ruleset", "a preset id or a ruleset object"),
                           presets=presets)
    players = read_players(game, ruleset)
    seats = len(players)
    start = read_start(game, ruleset, seats)
    hands_data = game.require("hands", "the list of hands (it may be empty)")
    if not isinstance(hands_data, list):
        game.fail("hands", "'hands' must be a list")
    if len(hands_data) > MAX_HANDS:
        game.fail("hands", f"a game has at most {MAX_HANDS} hands")
    head = GameRecord(ruleset=ruleset, players=players, start=start,
                      finished=game.boolean("finished"), hands=())
    return head, hands_data


def read_ruleset(value: Any, *, presets: Mapping[str, Ruleset]) -> Ruleset:
    if isinstance(value, str):
        if value not in presets:
            raise RecordError(f"unknown ruleset {value!r}; use one of: "
                              f"{', '.join(sorted(presets))}", field="ruleset",
                              code="unknown_ruleset")
        return presets[value]
    try:
        base = value.get("base") if isinstance(value, Mapping) else None
        if isinstance(base, str) and base in presets:
            return ruleset_variant(json.dumps(value, sort_keys=True), presets[base])
        if isinstance(value, Mapping) and "base" not in value:
            return ruleset_variant(json.dumps(value, sort_keys=True), None)
        return Ruleset.from_dict(value, presets=presets)
    except (TypeError, ValueError):
        raise RecordError("invalid ruleset: it must be plain JSON", field="ruleset",
                          code="invalid_ruleset") from None
    except RulesetError as e:
        field = f"ruleset.{e.field}" if e.field else "ruleset"
        raise RecordError(f"invalid ruleset: {e.message}", field=field,
                          code="invalid_ruleset") from None


@lru_cache(maxsize=64)
def ruleset_variant(text: str, base: Ruleset | None) -> Ruleset:
    """A ruleset object of a record, parsed once per distinct text and base preset: a
    game's snapshot is replayed on every write, and parsing it dominates a short game."""
    data = json.loads(text)
    return Ruleset.from_dict(data, presets={data["base"]: base} if base else None)


def read_players(game: FieldReader, ruleset: Ruleset) -> tuple[str, ...]:
    players = game.require("players", "the player names in seat order")
    allowed = {ruleset.player_count}
    if ruleset.sit_out_rotation is not SitOutRotation.NONE:
        allowed.add(ruleset.player_count + 1)
    if not isinstance(players, list) or len(players) not in allowed:
        counts = " or ".join(str(n) for n in sorted(allowed))
        game.fail("players", f"'players' must list {counts} names for ruleset "
                             f"{ruleset.id}", code="player_count")
    for i, name in enumerate(players):
        if not isinstance(name, str) or not name.strip():
            game.fail(f"players[{i}]", "each player needs a non-empty name")
    return tuple(players)


def read_start(game: FieldReader, ruleset: Ruleset, seats: int) -> TableState:
    if not game.has("start"):
        return TableState(round_wind=ruleset.round_wind_fixed or "E", round_number=1,
                          dealer=0, honba=0, sticks=0,
                          scores=(ruleset.start_points,) * seats)
    start = game.child("start")
    start.only(("round_wind", "round_number", "dealer", "honba", "sticks", "scores",
                "extension"))
    wind = start.data.get("round_wind", ruleset.round_wind_fixed or "E")
    if wind not in WINDS:
        start.fail("round_wind", "'round_wind' must be one of E, S, W, N")
    number, dealer = read_hand_number_and_dealer(start, ruleset, seats)
    scores = read_start_scores(start, ruleset, seats)
    return TableState(
        round_wind=wind, round_number=number, dealer=dealer,
        honba=start.integer("honba", low=0, high=100, what="本場", default=0),
        sticks=start.integer("sticks", low=0, high=100, what="sticks on the table",
                             default=0),
        scores=scores,
        extension=start.boolean("extension") or number > ruleset.hands_per_round)


def read_hand_number_and_dealer(start: FieldReader, ruleset: Ruleset,
                                seats: int) -> tuple[int, int]:
    """The starting hand's number within its round and its dealer (親); where the deal
    follows the seats, either gives the other."""
    kaeri_ton = ruleset.extension is Extension.KAERI_TON_SUDDEN_DEATH
    number = start.integer("round_number", low=1,
                           high=99 if kaeri_ton else ruleset.hands_per_round,
                           what="the hand number within the round", default=0)
    dealer = start.integer("dealer", low=0, high=seats - 1, what="the dealer's seat",
                           default=-1)
    seat_order = ruleset.dealer_rotation is DealerRotation.SEAT_ORDER
    if not (seat_order and seats == ruleset.player_count):
        return number or 1, max(dealer, 0)
    if number and dealer >= 0 and dealer != (number - 1) % ruleset.player_count:
        start.fail("dealer", f"in East {number} the dealer is seat {number - 1} "
                             f"(seat 0 deals East 1); got {dealer}")
    number = number or (dealer + 1 if dealer >= 0 else 1)
    return number, (number - 1) % ruleset.player_count


def read_start_scores(start: FieldReader, ruleset: Ruleset, seats: int) -> tuple[int, ...]:
    scores = start.data.get("scores")
    if scores is None:
        scores = [ruleset.start_points] * seats
    if (not isinstance(scores, list) or len(scores) != seats or
            any(isinstance(s, bool) or not isinstance(s, int) or abs(s) > MAX_SCORE
                for s in scores)):
        start.fail("scores", f"'scores' must list {seats} whole-number scores in seat order")
    for i, score in enumerate(scores):
        if score % ruleset.point_unit:
            start.fail(f"scores[{i}]", f"{score} is not a multiple of the point unit "
                                       f"{ruleset.point_unit}")
    return tuple(scores)
