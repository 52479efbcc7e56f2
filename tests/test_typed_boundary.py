"""The engine's results cross into parlor as typed values (issue 27), and this keeps them so.

mypy catches `settled.transfer` but not `item["transfer"]`: a read of the engine's output by
string key goes unchecked. So outside the edges where JSON is the job (the API's answers, the
stored columns' one reader, the command line) no module of parlor reads a key of the engine's
JSON vocabulary, nor the ruleset snapshot by key; no `dict[str, Any]` carries one of the
engine's values (a state, an outcome, a ledger, a ruleset, a hand); and the `dict[str, Any]`
annotations of parlor (page contexts, answers, audit and form data) may only grow fewer.

The reads left are listed in KNOWN, per module, with the reason and their count, and the
engine values still carried as JSON in KNOWN_JSON, per module, by name: a module not listed,
or a count or a name that grows, fails; one that drops asks to be taken off (a ratchet).
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import scoring

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
    "parlor/services/engine.py",  # the record document built from the stored entries
    "parlor/domain/stored_results.py",  # the stored state's and ledger's one reader
    "parlor/domain/snapshots.py",  # the ruleset snapshot's one reader
    # An audit event's before/after (AuditEvent.before/after, stored JSON of the row as it was,
    # a hand's outcome inside): read by key here alone; the admin shows them whole.
    "parlor/selectors/audit_text.py",
    "parlor/management/",  # the command line
)

# Reads left, per module: (count, reason).
KNOWN: dict[str, tuple[int, str]] = {}

# `dict[str, Any]` annotations in parlor today: the number may fall, never grow. (188 → 200 as
# long functions gave up their page contexts' parts, and the storage kept Django's signature;
# 199: the calculator takes its typed input; 198: seat_tiles takes the typed next hand; 228
# once `Mapping[str, Any]` counted too, less the hand entries named HandEntry; 226: the stored
# hand's one reader takes a HandEntry; 227: the snapshot reader's copies, spelt out; 218: the
# table state typed, its answer built once in selectors.answers, the previews take a HandEntry;
# 220: the stored state's and ledger's one reader, domain.stored_results.)
DICT_STR_ANY_LIMIT = 220


def _key(node: ast.AST) -> str | None:
    """The engine key `node` reads: x["han"], x.get("han"), game.ruleset_snapshot[...]/.get(...),
    or an ORM lookup into the snapshot ("ruleset_snapshot__player_count", KeyTextTransform)."""
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
    if _reads_json_in_sql(node):
        return "ruleset_snapshot"
    return None


def _reads_json_in_sql(node: ast.AST) -> bool:
    """KeyTextTransform("settlement_unit", "game__ruleset_snapshot"): the snapshot read by key
    in SQL (models.games.result_unit_in_sql is the one such read)."""
    if not isinstance(node, ast.Call):
        return False
    name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
    return name in ("KeyTextTransform", "KeyTransform") and any(
        isinstance(arg, ast.Constant) and "ruleset_snapshot" in str(arg.value) for arg in node.args
    )


def key_reads(source: str) -> list[tuple[int, str]]:
    """(line, key) of every read of the engine's output by string key in `source`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        key = _key(node)
        if key is not None:
            found.append((getattr(node, "lineno", 0), key))
    return sorted(found)


def _is_dict_str_any(node: ast.AST | None) -> bool:
    """`dict[str, Any]`, or `Mapping[str, Any]` (plain or `collections.abc.`/`typing.`)."""
    if not isinstance(node, ast.Subscript) or not isinstance(node.slice, ast.Tuple):
        return False
    owner = node.value
    name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", None)
    return name in {"dict", "Mapping", "MutableMapping"} and [
        getattr(e, "id", None) for e in node.slice.elts
    ] == ["str", "Any"]


def dict_str_any_count(source: str) -> int:
    """The `dict[str, Any]` (and `Mapping[str, Any]`) annotations in `source` (of arguments,
    returns and names)."""
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
    in_sql = "q.annotate(u=KeyTextTransform('settlement_unit', 'game__ruleset_snapshot'))"
    assert key_reads(in_sql) == [(1, "ruleset_snapshot")]
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
        "    e: Mapping[str, Any] = c\n"
        "    return [c]\n"
    )
    assert dict_str_any_count(snippet) == 4


# No `dict[str, Any]` for the engine's values. Three signs that one carries them, each refused
# outside EDGES: an argument, variable or field named after an engine value (a `state`, a
# `ruleset`, `transfers`, an `entry`...) annotated `dict[str, Any]` or `Mapping[str, Any]`; a
# union of one of scoring's types with such a dict (`Ruleset | dict[str, Any]`: two readers of
# one thing); such a dict made by the engine's `to_dict` (assigned, or returned by a function
# annotated so). The JSON parlor carries on purpose has a name of its own in JSON_HOME, and no
# other alias of `dict[str, Any]` is allowed. Page contexts, the API's answers, audit data and
# form data are not the engine's values: the ratchet above only counts them.
ENGINE_VALUE_NAMES = frozenset({
    "state", "states", "outcome", "outcomes", "transfer", "transfers", "ledger", "payments",
    "deltas", "settlement", "settled", "final", "ruleset", "hand", "hands", "entry", "entries",
    "replay",
})  # fmt: skip
ENGINE_TYPES = frozenset(
    name for name in scoring.__all__ if isinstance(getattr(scoring, name), type)
)
JSON_HOME = "parlor/domain/json_shapes.py"
JSON_ALIASES = frozenset({"HandEntry"})

# The engine's values still carried as JSON, per module: ({name: how many}, reason). A name not
# listed, or more of one, fails; fewer asks to be lowered here (the ratchet).
KNOWN_JSON: dict[str, tuple[dict[str, int], str]] = {
    "parlor/services/replays.py": (
        {"entries": 1, "next_state": 1},
        "the record document's hands (HandEntry), and Game.next_state's stored JSON",
    ),
    "parlor/services/seat_stats.py": (
        {"transfers": 1},
        "a stored ledger, for the migration's rows (HandOutcome.ledger reads a model's typed)",
    ),
    "parlor/services/rulesets.py": (
        {"preset_clone_definition": 1},
        "the ruleset editor's starting definition: a ruleset as its form edits it",
    ),
}


def _union_members(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitOr):
        return _union_members(node.left) + _union_members(node.right)
    return [node]


def _mixes_engine_type(annotation: ast.AST) -> bool:
    """A union of one of scoring's types with a `dict[str, Any]` (at any depth)."""
    for node in ast.walk(annotation):
        members = _union_members(node)
        has_dict = any(_is_dict_str_any(m) for m in members)
        if has_dict and any(getattr(m, "id", None) in ENGINE_TYPES for m in members):
            return True
    return False


def _holds_any_dict(annotation: ast.AST | None) -> bool:
    return annotation is not None and any(_is_dict_str_any(n) for n in ast.walk(annotation))


def _made_by_to_dict(value: ast.AST | None) -> bool:
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return str(name).endswith("to_dict")


def _annotated(node: ast.AST) -> tuple[str, ast.AST | None, ast.AST | None] | None:
    """(name, annotation, value) of an argument or an annotated name/field/attribute."""
    if isinstance(node, ast.arg):
        return node.arg, node.annotation, None
    if isinstance(node, ast.AnnAssign):
        target = node.target
        name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", "")
        return name, node.annotation, node.value
    return None


def _function_slot(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """A function typed to return `dict[str, Any]` that returns the engine's `to_dict`."""
    if not _holds_any_dict(node.returns):
        return False
    return any(
        isinstance(sub, ast.Return) and _made_by_to_dict(sub.value) for sub in ast.walk(node)
    ) or _mixes_engine_type(node.returns or ast.Constant(None))


def engine_json_slots(source: str) -> list[tuple[int, str]]:
    """(line, name) of every place in `source` where a `dict[str, Any]` carries an engine value."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and _function_slot(node):
            found.append((node.lineno, node.name))
        slot = _annotated(node)
        if slot is None or not _holds_any_dict(slot[1]):
            continue
        name, annotation, value = slot
        if (
            set(name.split("_")) & ENGINE_VALUE_NAMES
            or _mixes_engine_type(annotation)  # type: ignore[arg-type]
            or _made_by_to_dict(value)
        ):
            found.append((getattr(node, "lineno", 0), name))
    return sorted(found)


def json_aliases(source: str) -> list[tuple[int, str]]:
    """(line, name) of every module-level alias of `dict[str, Any]` in `source`."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and _holds_any_dict(node.value):
            found += [(node.lineno, getattr(t, "id", "")) for t in node.targets]
        elif isinstance(node, ast.AnnAssign) and _holds_any_dict(node.value):
            found.append((node.lineno, getattr(node.target, "id", "")))
        elif isinstance(node, getattr(ast, "TypeAlias", ())) and _holds_any_dict(node.value):
            found.append((node.lineno, node.name.id))  # `type X = ...` (Python 3.12)
    return found


def json_breaches(
    slots: dict[str, list[tuple[int, str]]], known: dict[str, tuple[dict[str, int], str]]
) -> tuple[list[str], list[str]]:
    """(engine values carried as JSON beyond KNOWN_JSON, known ones that are fewer now)."""
    over, gone = [], []
    for path, found in sorted(slots.items()):
        if path.startswith(EDGES):
            continue
        allowed = known.get(path, ({}, ""))[0]
        for name, count in sorted(Counter(name for _line, name in found).items()):
            if count > allowed.get(name, 0):
                lines = ", ".join(str(line) for line, n in found if n == name)
                over.append(f"{path}:{lines} {name} (allowed {allowed.get(name, 0)})")
    for path, (names, _why) in sorted(known.items()):
        counts = Counter(name for _line, name in slots.get(path, []))
        gone += [f"{path} {name}" for name, n in sorted(names.items()) if counts[name] < n]
    return over, gone


def test_no_dict_str_any_carries_an_engine_value_outside_the_edges():
    slots = {path: engine_json_slots(text) for path, text in _modules()}
    over, gone = json_breaches({p: found for p, found in slots.items() if found}, KNOWN_JSON)
    assert not over, "pass the engine's typed value (scoring's API): " + "; ".join(over)
    assert not gone, "carried typed now: take it off KNOWN_JSON: " + "; ".join(gone)


def test_json_carried_on_purpose_is_named_in_one_place():
    aliases = {(path, name) for path, text in _modules() for _line, name in json_aliases(text)}
    assert aliases == {(JSON_HOME, name) for name in JSON_ALIASES}


def test_the_guard_catches_engine_values_in_a_dict_and_not_a_page_context():
    snippet = (
        "from typing import Any\n"
        "def card(state: dict[str, Any], context: dict[str, Any]) -> dict[str, Any]:\n"
        "    ruleset: Mapping[str, Any] = {}\n"
        "    title: Ruleset | dict[str, Any] | None = None\n"
        "    rows: list[Transfer | Mapping[str, Any]] = []\n"
        "    moved: dict[str, Any] = transfer.to_dict()\n"
        "    return context\n"
        "def final_json(final) -> dict[str, Any]:\n"
        "    return final_to_dict(final)\n"
        "def page(entry: HandEntry) -> dict[str, Any]:\n"
        "    return {'rows': []}\n"
    )
    assert engine_json_slots(snippet) == [
        (2, "state"),
        (3, "ruleset"),
        (4, "title"),
        (5, "rows"),
        (6, "moved"),
        (8, "final_json"),
    ]
    aliased = "Shown = dict[str, Any]\nPageContext: TypeAlias = dict[str, Any]\nN = int\n"
    assert json_aliases(aliased) == [(1, "Shown"), (2, "PageContext")]
    over, gone = json_breaches(
        {
            "parlor/web/new.py": [(3, "state")],
            "parlor/web/old.py": [(4, "state"), (9, "state"), (12, "entry")],
            "parlor/api/x.py": [(1, "state")],
        },
        {"parlor/web/old.py": ({"state": 1, "entry": 2}, "why")},
    )
    assert over == [
        "parlor/web/new.py:3 state (allowed 0)",
        "parlor/web/old.py:4, 9 state (allowed 1)",
    ]
    assert gone == ["parlor/web/old.py entry"]
