"""The yaku (役) side of the hand calculator for parlor: the house yaku tables, the table a
game plays, and how often each player won with each yaku (from the `yaku` recorded on wins)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from parlor.models import Game, GameSeat, GameStatus, Hand, HandState, Player, RulesetDefinition
from rulesets.registry import PRESETS
from scoring.hand_value import TENHOU_YAKU, YakuTable
from scoring.hand_value.yaku_files import load_yaku_tables

# Transfers that pay a win to its winner (docs/game-record.md); a head-bumped ron (頭ハネ) has
# none, so its recorded yaku are not counted.
WIN_REASONS = frozenset({"ron", "tsumo", "pao"})


@lru_cache(maxsize=1)
def yaku_tables() -> dict[str, YakuTable]:
    """The house tables of rulesets/yaku, read once per process (they ship with the code)."""
    return load_yaku_tables()


def game_preset_id(game: Game) -> str:
    """The preset whose yaku table the game plays: its own key, or the base preset of the
    parlor's ruleset it plays (a parlor ruleset changes payments, not the house's yaku).

    Hides a query for a game under a parlor ruleset.
    """
    key = str(game.ruleset_key)
    if key in PRESETS:
        return key
    definition = (
        RulesetDefinition.objects.filter(parlor_id=game.table.parlor_id, key=key)
        .values_list("definition", flat=True)
        .first()
    )
    base = definition.get("base") if isinstance(definition, dict) else None
    return base if isinstance(base, str) else key


@lru_cache(maxsize=1)
def yaku_names() -> dict[str, tuple[str, str]]:
    """(Japanese, English) per yaku key, over the standard table and every house table."""
    names: dict[str, tuple[str, str]] = {}
    for table in (TENHOU_YAKU, *yaku_tables().values()):
        for rule in table.rows:
            names.setdefault(rule.key, (rule.name_ja, rule.name))
    return names


@dataclass(frozen=True, slots=True)
class YakuCount:
    key: str
    name_ja: str
    name: str
    wins: int  # wins with this yaku
    is_yakuman: bool


def _paid_winners(transfers: Any) -> set[int]:
    if not isinstance(transfers, list):
        return set()
    return {
        int(t["to"])
        for t in transfers
        if isinstance(t, dict) and t.get("reason") in WIN_REASONS and isinstance(t.get("to"), int)
    }


def _wins_of(entry: dict[str, Any]) -> list[dict[str, Any]]:
    result = entry.get("result") or {}
    if result.get("kind") == "ron":
        return list(result.get("wins") or [])
    if result.get("kind") == "tsumo":
        return [result.get("win") or {}]
    return []


def yaku_counts_of_player(player: Player) -> tuple[int, list[YakuCount]]:
    """How many of the player's paid wins recorded their yaku, and per yaku how many of those
    wins had it, most frequent first: current hands of finished games they played for
    themselves (staff play for the parlor, 本走, is not theirs). Two queries.
    """
    seats = dict(
        GameSeat.objects.filter(
            player=player, is_staff_play=False, game__status=GameStatus.FINISHED
        ).values_list("game_id", "seat")
    )
    hands = Hand.objects.filter(
        game_id__in=list(seats), state=HandState.CURRENT,
        entry__result__kind__in=["ron", "tsumo"],
    ).values_list("game_id", "entry", "outcome__transfers")
    counts: Counter[str] = Counter()
    yakuman: set[str] = set()
    wins = 0
    for game_id, entry, transfers in hands.iterator():
        seat = seats[game_id]
        if seat not in _paid_winners(transfers):
            continue
        for win in _wins_of(entry):
            if win.get("winner") != seat or not win.get("yaku"):
                continue
            wins += 1
            for item in win["yaku"]:
                counts[item["key"]] += 1
                if item.get("yakuman"):
                    yakuman.add(item["key"])
    names = yaku_names()
    rows = [
        YakuCount(key=key, name_ja=names.get(key, (key, key))[0],
                  name=names.get(key, (key, key))[1], wins=n, is_yakuman=key in yakuman)
        for key, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    ]
    return wins, rows
