"""Parlor reads each stored engine value in one place, below the selectors, so the services,
the selectors and the migrations read it alike: a hand entry (domain.hand_entries), a game's
ruleset snapshot (domain.snapshots, which Game.ruleset uses), a game's state and a hand's
ledger (domain.stored_results, which Game.engine_state and HandOutcome.ledger use), a game's
next hand (domain.next_hand, which selectors.game_seats uses). No second reader beside them."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PARLOR = ROOT / "parlor"

# An engine reader (a function, or a class's from_dict) and the one module that may call it.
READERS = {
    "read_hand": "parlor/domain/hand_entries.py",
    "Ruleset.from_dict": "parlor/domain/snapshots.py",
    "GameState.from_dict": "parlor/domain/stored_results.py",
    "Transfer.from_dict": "parlor/domain/stored_results.py",
    "NextHand.from_dict": "parlor/domain/next_hand.py",
}


def calls_to(reader: str, path: Path) -> list[int]:
    """Lines of `path` calling `reader`: f(...) or x.f(...) for a function, C.from_dict(...)
    for a class's reader."""
    owner, _, name = reader.rpartition(".")
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if not owner and isinstance(func, ast.Name) and func.id == name:
            found.append(node.lineno)
        elif isinstance(func, ast.Attribute) and func.attr == name:
            called_on = func.value
            if not owner or (isinstance(called_on, ast.Name) and called_on.id == owner):
                found.append(node.lineno)
    return found


def readers_beside(reader: str, allowed: set[str]) -> dict[str, list[int]]:
    calls = {
        str(path.relative_to(ROOT)): calls_to(reader, path) for path in sorted(PARLOR.rglob("*.py"))
    }
    return {file: lines for file, lines in calls.items() if lines and file not in allowed}


def test_a_hand_entry_is_read_in_one_place() -> None:
    assert readers_beside("read_hand", {READERS["read_hand"]}) == {}


def test_a_snapshot_is_parsed_in_one_place() -> None:
    # A parlor's ruleset definition and an imported record's ruleset are not snapshots: they
    # are parsed where they are checked.
    allowed = {
        READERS["Ruleset.from_dict"],
        "parlor/selectors/rulesets.py",
        "parlor/services/imports.py",
    }
    assert readers_beside("Ruleset.from_dict", allowed) == {}


def test_a_stored_state_and_ledger_are_read_in_one_place() -> None:
    for reader in ("GameState.from_dict", "Transfer.from_dict"):
        assert readers_beside(reader, {READERS[reader]}) == {}, reader


def test_a_stored_next_hand_is_read_in_one_place() -> None:
    assert readers_beside("NextHand.from_dict", {READERS["NextHand.from_dict"]}) == {}


def test_the_check_finds_a_second_reader(tmp_path: Path) -> None:
    module = tmp_path / "stats.py"
    module.write_text(
        "from scoring import Ruleset, read_hand\n"
        "hand = read_hand(entry, index=0, ruleset=r, seats=4)\n"
        "ruleset = Ruleset.from_dict(snapshot, presets=PRESETS)\n"
        "transfer = Transfer.from_dict(t)\n"
        "state = GameState.from_dict(game.state)\n"
        "following = NextHand.from_dict(game.next_state)\n"
    )
    assert calls_to("read_hand", module) == [2]
    assert calls_to("Ruleset.from_dict", module) == [3]
    assert calls_to("Transfer.from_dict", module) == [4]
    assert calls_to("GameState.from_dict", module) == [5]
    assert calls_to("NextHand.from_dict", module) == [6]
