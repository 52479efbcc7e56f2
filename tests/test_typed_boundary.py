"""The engine's results cross into parlor as typed values (issue 27), and this keeps them so.

mypy catches `settled.transfer` but not `item["transfer"]`: a read of the engine's output by
string key goes unchecked. So outside the edges where JSON is the job (the API's answers, the
stored columns' one reader, the command line) no module of parlor reads a key of the engine's
JSON vocabulary, nor the ruleset snapshot by key; and the `dict[str, Any]` annotations of
parlor may only grow fewer.

The reads left are listed in KNOWN, per module, with the reason and their count: a module not
listed, or a count that grows, fails; a count that drops asks to be lowered here (a ratchet).
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PARLOR = ROOT / "parlor"

# The engine's JSON vocabulary: a hand as the replay writes it (scoring.hand_to_dict), the
# final settlement (final_to_dict), the state (GameState.to_dict), the ledger
# (Transfer.to_dict), the next hand, and the hand entry the engine reads (docs/game-record.md).
ENGINE_KEYS = frozenset({
    "transfers", "transfer", "payments", "payer", "payee", "deltas", "outcome",
    "scores_before", "scores_after", "sticks_before", "sticks_after", "notes",
    "ranks", "oka", "uma", "bonuses", "deductions", "total_points", "final",
    "round_wind", "round_number", "honba", "dealer", "sit_out", "start_points",
    "han", "fu", "yakuman", "winner", "loser", "wins", "offender", "compensation",
    "penalties", "wareme", "riichi",
})  # fmt: skip

# Where reading the JSON by key is the job.
EDGES = (
    "parlor/api/",  # the API's answers
    "parlor/services/engine.py",  # the stored columns' one reader: records, states, entries
    "parlor/domain/snapshots.py",  # the ruleset snapshot's one reader
    "parlor/domain/next_hand.py",  # the stored next hand's one reader (Game.next_state)
    # An audit event's before/after (AuditEvent.before/after, stored JSON of the row as it was,
    # a hand's outcome inside): read by key here alone; the admin shows them whole.
    "parlor/selectors/audit_text.py",
    "parlor/management/",  # the command line
)

# Reads left, per module: (count, reason).
KNOWN: dict[str, tuple[int, str]] = {}

# `dict[str, Any]` annotations in parlor today: the number may fall, never grow. (188 → 200 as
# long functions gave up their page contexts' parts, and the storage kept Django's signature;
# 199: the calculator takes its typed input; 198: seat_tiles takes the typed next hand; 193: the
# table state is typed, its answer built once in selectors.answers.)
DICT_STR_ANY_LIMIT = 193


def _key(node: ast.AST) -> str | None:
    """The engine key `node` reads: x["han"], x.get("han"), game.ruleset_snapshot[...]/.get(...),
    or an ORM lookup into the snapshot ("ruleset_snapshot__player_count")."""
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
        if isinstance(node.value, ast.Attribute) and node.value.attr == "ruleset_snapshot":
            return "ruleset_snapshot"
        if isinstance(node.slice, ast.Constant) and node.slice.value in ENGINE_KEYS:
            return str(node.slice.value)
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and node.args
    ):
        owner = node.func.value
        if isinstance(owner, ast.Attribute) and owner.attr == "ruleset_snapshot":
            return "ruleset_snapshot"
        first = node.args[0]
        if isinstance(first, ast.Constant) and first.value in ENGINE_KEYS:
            return str(first.value)
    if (
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and "ruleset_snapshot__" in node.value
    ):
        return "ruleset_snapshot"
    return None


def key_reads(source: str) -> list[tuple[int, str]]:
    """(line, key) of every read of the engine's output by string key in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        key = _key(node)
        if key is not None:
            found.append((getattr(node, "lineno", 0), key))
    return sorted(found)


def _is_dict_str_any(node: ast.AST | None) -> bool:
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.value, ast.Name)
        and node.value.id == "dict"
        and isinstance(node.slice, ast.Tuple)
        and [getattr(e, "id", None) for e in node.slice.elts] == ["str", "Any"]
    )


def dict_str_any_count(source: str) -> int:
    """The `dict[str, Any]` annotations in `source` (of arguments, returns and names)."""
    count = 0
    for node in ast.walk(ast.parse(source)):
        annotations: list[ast.AST | None] = []
        if isinstance(node, ast.arg):
            annotations.append(node.annotation)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            annotations.append(node.returns)
        elif isinstance(node, ast.AnnAssign):
            annotations.append(node.annotation)
        for annotation in annotations:
            count += (
                sum(1 for sub in ast.walk(annotation) if _is_dict_str_any(sub)) if annotation else 0
            )
    return count


def _modules() -> list[tuple[str, str]]:
    return [
        (str(path.relative_to(ROOT)), path.read_text(encoding="utf-8"))
        for path in sorted(PARLOR.rglob("*.py"))
        if "migrations" not in path.parts
    ]


def boundary_breaches(
    reads: dict[str, int], known: dict[str, tuple[int, str]]
) -> tuple[list[str], list[str]]:
    """(modules reading more than KNOWN allows, modules reading fewer: lower KNOWN)."""
    over, under = [], []
    for path, count in sorted(reads.items()):
        if path.startswith(EDGES):
            continue
        allowed = known.get(path, (0, ""))[0]
        if count > allowed:
            over.append(f"{path}: {count} reads by key (allowed {allowed})")
    for path, (allowed, _why) in sorted(known.items()):
        if reads.get(path, 0) < allowed:
            under.append(f"{path}: {reads.get(path, 0)} reads, KNOWN says {allowed}")
    return over, under


def test_parlor_reads_no_engine_output_by_key_outside_its_edges():
    reads = Counter({path: len(key_reads(text)) for path, text in _modules()})
    over, under = boundary_breaches({p: n for p, n in reads.items() if n}, KNOWN)
    assert not over, "read the engine's typed values instead (scoring's API): " + "; ".join(over)
    assert not under, "fewer reads by key: lower KNOWN (the ratchet): " + "; ".join(under)


def test_the_dict_str_any_annotations_only_grow_fewer():
    count = sum(dict_str_any_count(text) for _path, text in _modules())
    assert count <= DICT_STR_ANY_LIMIT, (
        f"{count} `dict[str, Any]` annotations in parlor (limit {DICT_STR_ANY_LIMIT}): pass the "
        "engine's typed values, or a dataclass of the page's own"
    )
    assert count == DICT_STR_ANY_LIMIT, f"fewer now ({count}): lower DICT_STR_ANY_LIMIT to it"


def test_the_guard_catches_a_read_by_key_and_not_a_write_or_a_typed_read():
    snippet = (
        "def rows(item, settled, game):\n"
        "    out = {}\n"
        "    out['transfers'] = settled.transfers\n"  # building an answer: a write
        "    first = item['transfers'][0]\n"
        "    han = item['win'].get('han')\n"
        "    title = game.ruleset_snapshot.get('title')\n"
        "    count = game.ruleset_snapshot['player_count']\n"
        "    return settled.deltas, out['label']\n"
    )
    assert key_reads(snippet) == [
        (4, "transfers"),
        (5, "han"),
        (6, "ruleset_snapshot"),
        (7, "ruleset_snapshot"),
    ]
    assert key_reads("q.values_list('game__ruleset_snapshot__start_points')") == [
        (1, "ruleset_snapshot")
    ]
    over, under = boundary_breaches({"parlor/web/new.py": 1, "parlor/api/x.py": 3}, {})
    assert over == ["parlor/web/new.py: 1 reads by key (allowed 0)"] and under == []
    over, under = boundary_breaches({}, {"parlor/web/old.py": (2, "why")})
    assert over == [] and under == ["parlor/web/old.py: 0 reads, KNOWN says 2"]


def test_the_ratchet_counts_dict_str_any_annotations():
    snippet = (
        "from typing import Any\n"
        "def f(a: dict[str, Any], b: dict[str, int]) -> list[dict[str, Any]]:\n"
        "    c: dict[str, Any] = {}\n"
        "    d = dict[str, Any]\n"  # not an annotation
        "    return [c]\n"
    )
    assert dict_str_any_count(snippet) == 3
