"""Parlor reads a stored hand entry in one place (domain.hand_entries, below the selectors, so
the services, the selectors and the migrations read it alike), and a game's ruleset snapshot in
one place (domain.snapshots, which Game.ruleset uses): no second reader beside them."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
PARLOR = ROOT / "parlor"

# An engine reader and the one module of parlor that may call it.
READERS = {
    "read_hand": "parlor/domain/hand_entries.py",
    "from_dict": "parlor/domain/snapshots.py",  # Ruleset.from_dict of a snapshot
}


def calls_to(name: str, path: Path) -> list[int]:
    """Lines of `path` calling `name` (as f(...) or x.f(...)), for `from_dict` only Ruleset's."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        if isinstance(func, ast.Name) and func.id == name:
            found.append(node.lineno)
        elif isinstance(func, ast.Attribute) and func.attr == name:
            owner = func.value
            if name != "from_dict" or (isinstance(owner, ast.Name) and owner.id == "Ruleset"):
                found.append(node.lineno)
    return found


def readers_beside(name: str, allowed: set[str]) -> dict[str, list[int]]:
    calls = {
        str(path.relative_to(ROOT)): calls_to(name, path) for path in sorted(PARLOR.rglob("*.py"))
    }
    return {file: lines for file, lines in calls.items() if lines and file not in allowed}


def test_a_hand_entry_is_read_in_one_place() -> None:
    assert readers_beside("read_hand", {READERS["read_hand"]}) == {}


def test_a_snapshot_is_parsed_in_one_place() -> None:
    # A parlor's ruleset definition and an imported record's ruleset are not snapshots: they
    # are parsed where they are checked.
    allowed = {READERS["from_dict"], "parlor/selectors/rulesets.py", "parlor/services/imports.py"}
    assert readers_beside("from_dict", allowed) == {}


def test_the_check_finds_a_second_reader(tmp_path: Path) -> None:
    module = tmp_path / "stats.py"
    module.write_text(
        "from scoring import Ruleset, read_hand\n"
        "hand = read_hand(entry, index=0, ruleset=r, seats=4)\n"
        "ruleset = Ruleset.from_dict(snapshot, presets=PRESETS)\n"
        "transfer = Transfer.from_dict(t)\n"
    )
    assert calls_to("read_hand", module) == [2]
    assert calls_to("from_dict", module) == [3]
