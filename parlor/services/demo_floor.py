"""The demo's games and visits, played through the services as staff would: the history
(finished games and two check-outs with receipts) and the live floor (games in progress,
ラス半, players waiting). parlor/services/demo.py decides when each is played."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from parlor.domain.json_shapes import HandEntry
from parlor.errors import Conflict
from parlor.models import Game, GameStatus, Player, Table, Visit, VisitStatus
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in, visit_check_out, visit_last_game_call
from rulesets.registry import PRESETS
from scoring import Ruleset, ValueInput

# The history: two finished games on each of these tables (a four-player, a three-player and a
# 回り親 preset), played by the first four members; then 青木 (the demo player's own, seen at
# /me/) and 土井, who played the four-player games only, check out, so receipts exist.
DEMO_HISTORY_PRESETS = ("standard", "tenhou-3p-tonpuu", "seed-004")
DEMO_HISTORY_PLAYERS = ("青木", "馬場", "千葉", "土井")
DEMO_CHECKED_OUT = ("青木", "土井")


@dataclass(frozen=True, slots=True)
class FloorTable:
    preset: str
    players: tuple[str, ...]  # in seat order: the first is the first dealer (起家)
    riichi_stick_left: bool = False  # the last hand is a draw with a riichi stick left over


# The live floor: four tables mid-game under four different rulesets.
DEMO_FLOOR = (
    FloorTable("standard", ("馬場", "千葉", "江藤", "藤田"), riichi_stick_left=True),
    FloorTable("seed-001", ("後藤", "林", "石川", "上田")),
    FloorTable("tenhou-4p-hanchan", ("小野", "加藤", "佐藤", "清水")),
    FloorTable("seed-004", ("木村", "鈴木", "高橋")),
)
DEMO_LAST_GAME = "藤田"  # called ラス半 during the game at the standard table
DEMO_WAITING = ("久保", "森", "田中", "中村")  # checked in, waiting for a table


def _win(ruleset: Ruleset, han: int, fu: int) -> dict[str, int]:
    """A win's value in the form the ruleset takes (han and fu, han alone, or points)."""
    if ruleset.value_input == ValueInput.POINT_COUNT:
        return {"points": 1000 * han}
    if ruleset.value_input == ValueInput.HAN_FIXED_40FU:
        return {"han": han}
    return {"han": han, "fu": fu}


def _hands(ruleset: Ruleset) -> list[HandEntry]:
    """A few ordinary hands (non-dealer wins, a riichi, a draw)."""
    last = ruleset.player_count - 1
    return [
        {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, **_win(ruleset, 3, 30)}]}},
        {"riichi": [2], "result": {"kind": "tsumo", "win": {"winner": 2, **_win(ruleset, 2, 30)}}},
        {"result": {"kind": "draw", "tenpai": [0, last]}},
        {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": last, **_win(ruleset, 4, 30)}]}},
    ]


def _floor_hands(ruleset: Ruleset, *, riichi_stick_left: bool) -> list[HandEntry]:
    """The first two hands of a game; a third, drawn, leaves a riichi stick on the table."""
    hands = _hands(ruleset)[:2]
    if riichi_stick_left:
        last = ruleset.player_count - 1
        hands.append({"riichi": [last], "result": {"kind": "draw", "tenpai": [last]}})
    return hands


def _play(game: Game, hands: list[HandEntry], *, by: AbstractBaseUser) -> None:
    for sequence, entry in enumerate(hands, start=1):
        hand_record(game=game, sequence=sequence, entry=entry, by=by)


def demo_check_in(players: Iterable[Player], *, by: AbstractBaseUser) -> None:
    """Checks in those of `players` who are not in yet."""
    for player in players:
        if not Visit.objects.filter(player=player, status=VisitStatus.OPEN).exists():
            visit_check_in(player=player, by=by)


def demo_history_play(
    *, tables: Mapping[str, Table], players: Mapping[str, Player], by: AbstractBaseUser
) -> None:
    """Two finished games on each history table, then two check-outs with receipts."""
    playing = [players[name] for name in DEMO_HISTORY_PLAYERS]
    demo_check_in(playing, by=by)
    for key in DEMO_HISTORY_PRESETS:
        ruleset = PRESETS[key]
        for round_index in range(2):
            game = game_start(
                table=tables[key],
                players=playing[: ruleset.player_count],
                seating=Seating.DRAW if round_index == 0 else Seating.KEEP,
                by=by,
            )
            _play(game, _hands(ruleset), by=by)
            game.refresh_from_db()
            if game.is_open:  # some presets end the game by themselves (agari-yame)
                game_finish(game=game, by=by)
    for name in DEMO_CHECKED_OUT:
        visit = Visit.objects.get(player=players[name], status=VisitStatus.OPEN)
        visit_check_out(visit=visit, by=by)


def demo_floor_play(
    *, tables: Mapping[str, Table], players: Mapping[str, Player], by: AbstractBaseUser
) -> None:
    """The live floor: games in progress, a ラス半 call, players waiting.

    A table whose game is already running (or whose players sit elsewhere), in a demo someone
    has been using, is left as it is.
    """
    for floor in DEMO_FLOOR:
        seated = [players[name] for name in floor.players]
        try:
            with transaction.atomic():
                demo_check_in(seated, by=by)
                game = game_start(
                    table=tables[floor.preset], players=seated, seating=Seating.GIVEN, by=by
                )
                ruleset = PRESETS[floor.preset]
                _play(game, _floor_hands(ruleset, riichi_stick_left=floor.riichi_stick_left), by=by)
        except Conflict:
            continue
    last_game = Visit.objects.filter(
        player=players[DEMO_LAST_GAME],
        status=VisitStatus.OPEN,
        games__game__status=GameStatus.IN_PROGRESS,
    ).first()
    if last_game is not None:
        visit_last_game_call(visit=last_game, by=by)
    demo_check_in([players[name] for name in DEMO_WAITING], by=by)
