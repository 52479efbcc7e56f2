"""Parsing a ``tenbo-game/1`` record into typed facts, checking everything that does not
depend on the running scores (those checks happen during the replay)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from scoring.errors import RecordError, RulesetError
from scoring.facts import (
    WINDS,
    Abortive,
    Chombo,
    Compensation,
    Draw,
    Hand,
    Penalty,
    PenaltyKind,
    Result,
    Ron,
    TableState,
    Tsumo,
)
from scoring.fields import FieldReader
from scoring.ruleset import AbortiveReason, DealerRotation, Extension, Ruleset, SitOutRotation
from scoring.win_input import read_win

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
    hands_per_round = ruleset.hands_per_round
    seat_order = ruleset.dealer_rotation is DealerRotation.SEAT_ORDER
    kaeri_ton = ruleset.extension is Extension.KAERI_TON_SUDDEN_DEATH
    number = start.integer("round_number", low=1, high=99 if kaeri_ton else hands_per_round,
                           what="the hand number within the round", default=0)
    dealer = start.integer("dealer", low=0, high=seats - 1, what="the dealer's seat",
                           default=-1)
    if seat_order and seats == ruleset.player_count:
        if number and dealer >= 0 and dealer != (number - 1) % ruleset.player_count:
            start.fail("dealer", f"in East {number} the dealer is seat {number - 1} "
                                 f"(seat 0 deals East 1); got {dealer}")
        number = number or (dealer + 1 if dealer >= 0 else 1)
        dealer = (number - 1) % ruleset.player_count
    else:
        number = number or 1
        dealer = max(dealer, 0)
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
    return TableState(
        round_wind=wind, round_number=number, dealer=dealer,
        honba=start.integer("honba", low=0, high=100, what="本場", default=0),
        sticks=start.integer("sticks", low=0, high=100, what="sticks on the table",
                             default=0),
        scores=tuple(scores),
        extension=start.boolean("extension") or number > hands_per_round)


HAND_FIELDS = ("riichi", "open_riichi", "riichi_cancelled", "sit_out", "dice", "wareme",
               "penalties", "result", "stop")


def read_hand(data: Any, *, index: int, ruleset: Ruleset, seats: int) -> Hand:
    hand = FieldReader(data, hand=index, path=f"hands[{index}]")
    hand.only(HAND_FIELDS)
    riichi = hand.seat_list("riichi", seats=seats, what="seats whose riichi stood")
    open_riichi = hand.seat_list("open_riichi", seats=seats, what="open riichi seats")
    cancelled = hand.seat_list("riichi_cancelled", seats=seats, what="cancelled riichi")
    if open_riichi and ruleset.open_riichi is None:
        hand.fail("open_riichi", f"ruleset {ruleset.id} has no open riichi")
    if cancelled and ruleset.riichi_cancel_fee is None:
        hand.fail("riichi_cancelled", f"ruleset {ruleset.id} has no riichi cancel")
    for name, group in (("open_riichi", open_riichi), ("riichi_cancelled", cancelled)):
        for seat in group:
            if seat not in riichi:
                hand.fail(name, f"seat {seat} is listed in '{name}' but not in 'riichi'")
    sit_out = read_sit_out(hand, ruleset=ruleset, seats=seats)
    wareme = read_wareme(hand, ruleset=ruleset, seats=seats)
    result = read_result(hand.child("result"), ruleset=ruleset, seats=seats)
    penalties = read_penalties(hand, ruleset=ruleset, seats=seats)
    parsed = Hand(result=result, riichi=riichi, open_riichi=open_riichi,
                  riichi_cancelled=cancelled, sit_out=sit_out, wareme=wareme,
                  penalties=penalties, stop=hand.boolean("stop"))
    if sit_out is not None:
        check_sit_out_absent(hand, parsed)
    check_riichi_winner_closed(hand, parsed)
    return parsed


def check_riichi_winner_closed(reader: FieldReader, hand: Hand) -> None:
    """A winner whose riichi stood won with a closed hand: `open: true` on their win is
    refused (立直 needs 門前)."""
    result = hand.result
    if isinstance(result, Ron):
        wins = [(f"result.wins[{i}].open", w) for i, w in enumerate(result.wins)]
    elif isinstance(result, Tsumo):
        wins = [("result.win.open", result.win)]
    else:
        return
    for field, win in wins:
        if win.is_open and win.winner in hand.riichi:
            reader.fail(field, f"seat {win.winner} won after riichi, so with a closed hand "
                               "(門前); 'open' cannot be true", code="open_with_closed_yaku")


def read_sit_out(hand: FieldReader, *, ruleset: Ruleset, seats: int) -> int | None:
    if seats == ruleset.player_count:
        if hand.has("sit_out"):
            hand.fail("sit_out", "'sit_out' is only for a three-player game played by four")
        return None
    return hand.seat("sit_out", seats=seats, what="the seat sitting this hand out")


def read_wareme(hand: FieldReader, *, ruleset: Ruleset, seats: int) -> int | None:
    """The wareme seat, given directly or as an offset from the dealer by the dice.

    The dice offset is returned as ``-1 - offset`` and resolved against the dealer
    during the replay, where the dealer is known.
    """
    if not hand.has("dice") and not hand.has("wareme"):
        return None
    if ruleset.wareme is None:
        name = "dice" if hand.has("dice") else "wareme"
        hand.fail(name, f"ruleset {ruleset.id} has no wareme (割れ目); leave '{name}' out")
    if hand.has("dice") and hand.has("wareme"):
        hand.fail("wareme", "give either 'dice' or 'wareme', not both")
    if hand.has("wareme"):
        return hand.seat("wareme", seats=seats, what="the wareme seat")
    dice = hand.integer("dice", low=2, high=12, what="the dice total")
    return -1 - (dice - 1) % 4


def read_result(result: FieldReader, *, ruleset: Ruleset, seats: int) -> Result:
    kind = result.require("kind", "ron, tsumo, draw, abortive or chombo")
    if kind == "ron":
        result.only(("kind", "loser", "wins"))
        loser = result.seat("loser", seats=seats, what="the discarder")
        wins = result.require("wins", "the list of wins on that discard")
        if not isinstance(wins, list) or not wins:
            result.fail("wins", "'wins' must list at least one win")
        if len(wins) > ruleset.player_count - 1:
            result.fail("wins", f"at most {ruleset.player_count - 1} players can ron")
        parsed = tuple(read_win(FieldReader(w, hand=result.hand,
                                            path=result.where(f"wins[{i}]")),
                                ruleset=ruleset, seats=seats, tsumo=False)
                       for i, w in enumerate(wins))
        winners = [w.winner for w in parsed]
        if len(set(winners)) != len(winners):
            result.fail("wins", "a seat can win only once on one discard")
        if loser in winners:
            result.fail("loser", f"seat {loser} cannot both win and deal in")
        return Ron(loser=loser, wins=parsed)
    if kind == "tsumo":
        result.only(("kind", "win", "loser"))
        if result.has("loser"):
            result.fail("loser", "a tsumo has no loser: everyone pays. Remove 'loser', "
                                 "or record a ron", code="tsumo_with_loser")
        win_data = result.require("win", "the winning hand")
        win = read_win(FieldReader(win_data, hand=result.hand, path=result.where("win")),
                       ruleset=ruleset, seats=seats, tsumo=True)
        return Tsumo(win=win)
    if kind == "draw":
        result.only(("kind", "tenpai", "nagashi"))
        if not result.has("tenpai"):
            result.require("tenpai", "the seats that were tenpai (an empty list if none)")
        tenpai = result.seat_list("tenpai", seats=seats, what="tenpai seats")
        nagashi = result.seat_list("nagashi", seats=seats, what="nagashi mangan seats")
        if nagashi and ruleset.nagashi is None:
            result.fail("nagashi", f"ruleset {ruleset.id} does not allow nagashi mangan "
                                   "(its 'nagashi' is none): enter the draw with its tenpai "
                                   "seats only", code="nagashi_not_allowed")
        return Draw(tenpai=tenpai, nagashi=nagashi)
    if kind == "abortive":
        result.only(("kind", "reason"))
        reason = result.require("reason", "why the hand was aborted")
        allowed = ", ".join(r.value for r in ruleset.abortive_draws) or "none"
        if reason not in {r.value for r in ruleset.abortive_draws}:
            result.fail("reason", f"{reason!r} is not an abortive draw of ruleset "
                                  f"{ruleset.id} (allowed: {allowed})")
        return Abortive(reason=AbortiveReason(reason))
    if kind == "chombo":
        result.only(("kind", "offender", "compensation"))
        offender = result.seat("offender", seats=seats, what="the offender")
        return Chombo(offender=offender,
                      compensation=read_compensation(result, ruleset=ruleset, seats=seats))
    result.fail("kind", f"unknown result kind {kind!r}; use ron, tsumo, draw, abortive "
                        "or chombo")
    raise AssertionError  # pragma: no cover


def read_compensation(result: FieldReader, *, ruleset: Ruleset,
                      seats: int) -> Compensation | None:
    if not result.has("compensation"):
        return None
    if ruleset.chombo_compensation is None:
        result.fail("compensation", f"ruleset {ruleset.id} pays no chombo compensation")
    comp = result.child("compensation")
    comp.only(("to", "han", "fu", "yakuman"))
    to = comp.seat("to", seats=seats, what="the player whose hand was spoiled")
    if comp.has("yakuman"):
        return Compensation(to=to, yakuman=comp.integer("yakuman", low=1, high=6,
                                                        what="yakuman count"))
    han = comp.integer("han", low=1, high=99, what="the spoiled hand's han")
    fu = comp.integer("fu", low=20, high=130, what="the spoiled hand's fu", default=30)
    return Compensation(to=to, han=han, fu=fu)


def read_penalties(hand: FieldReader, *, ruleset: Ruleset,
                   seats: int) -> tuple[Penalty, ...]:
    if not hand.has("penalties"):
        return ()
    items = hand.data["penalties"]
    if not isinstance(items, list):
        hand.fail("penalties", "'penalties' must be a list")
    penalties = []
    for i, item in enumerate(items):
        p = FieldReader(item, hand=hand.hand, path=hand.where(f"penalties[{i}]"))
        kind = p.require("kind", "chombo, dead_hand or deposit")
        if kind not in {k.value for k in PenaltyKind}:
            p.fail("kind", f"unknown penalty {kind!r}; use chombo, dead_hand or deposit")
        seat_field = "offender" if kind == "chombo" else "seat"
        p.only(("kind", seat_field))
        seat = p.seat(seat_field, seats=seats, what="who is penalised")
        if kind == PenaltyKind.DEPOSIT and ruleset.penalty_deposit is None:
            p.fail("kind", f"ruleset {ruleset.id} has no penalty deposit")
        penalties.append(Penalty(kind=PenaltyKind(kind), seat=seat))
    return tuple(penalties)


def check_sit_out_absent(reader: FieldReader, hand: Hand) -> None:
    out = hand.sit_out
    involved: list[tuple[str, int]] = [("riichi", s) for s in hand.riichi]
    result = hand.result
    if isinstance(result, Ron):
        involved.append(("result.loser", result.loser))
        involved += [(f"result.wins[{i}].winner", w.winner) for i, w in enumerate(result.wins)]
    elif isinstance(result, Tsumo):
        involved.append(("result.win.winner", result.win.winner))
    elif isinstance(result, Draw):
        involved += [("result.tenpai", s) for s in result.tenpai + result.nagashi]
    for field, seat in involved:
        if seat == out:
            reader.fail(field, f"seat {seat} sits this hand out and cannot play in it")

