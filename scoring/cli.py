"""The engine's command line (shared/spec/game-record.md):

    python -m scoring replay GAME.json      # or '-' for standard input
    python -m scoring rulesets [--json]     # the presets, one line each, or as JSON
    python -m scoring evaluate FILE|- [--ruleset KEY]   # hands as JSON lines (hand calculator)

``replay`` prints one JSON document and exits 0; invalid input prints ``{"error": …}``
and exits 2. It never prints a traceback for bad input.

``evaluate`` reads one hand per line (the form of the Tenhou corpus's ``agari.jsonl``) and
prints one line per hand: its value, or ``{"line": n, "error": …}`` for that line alone. It
exits 0 when every line was valued and 2 when any was refused.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from scoring.errors import RecordError, RulesetError, ScoringError
from scoring.hand_value.evaluate import evaluate_hand
from scoring.hand_value.json_input import winning_hand_from_json
from scoring.hand_value.json_output import hand_value_to_dict
from scoring.hand_value.yaku_files import load_yaku_tables, yaku_table_for
from scoring.hand_value.yaku_table import YakuTable
from scoring.replay import replay_record
from scoring.ruleset import Ruleset
from scoring.ruleset_files import default_preset_dir, load_directory

USAGE = ("usage: python -m scoring replay FILE|-\n"
         "       python -m scoring rulesets [--json]\n"
         "       python -m scoring evaluate FILE|- [--ruleset KEY]\n")
EXIT_INVALID = 2


def main(argv: Sequence[str], *, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
         stderr: TextIO = sys.stderr) -> int:
    args = list(argv)
    if args[:1] == ["replay"] and len(args) == 2:
        return replay_command(args[1], stdin=stdin, stdout=stdout)
    if args[:1] == ["evaluate"] and len(args) == 2:
        return evaluate_command(args[1], ruleset_key=None, stdin=stdin, stdout=stdout)
    if args[:1] == ["evaluate"] and len(args) == 4 and args[2] == "--ruleset":
        return evaluate_command(args[1], ruleset_key=args[3], stdin=stdin, stdout=stdout)
    if args[:1] == ["rulesets"] and args[1:] in ([], ["--json"]):
        return rulesets_command(as_json=args[1:] == ["--json"], stdout=stdout)
    stderr.write(USAGE)
    return EXIT_INVALID


def emit_error(stdout: TextIO, message: str, *, hand: int | None = None, field: str = "",
               code: str = "invalid_input") -> int:
    error = RecordError(message, hand=hand, field=field, code=code)
    stdout.write(json.dumps(error.to_dict(), ensure_ascii=False) + "\n")
    return EXIT_INVALID


def load_presets() -> Mapping[str, Ruleset]:
    return load_directory(default_preset_dir())


def replay_command(source: str, *, stdin: TextIO, stdout: TextIO) -> int:
    try:
        presets = load_presets()
    except RulesetError as e:
        return emit_error(stdout, f"a preset file is invalid: {e.message}", field=e.field,
                          code="invalid_preset")
    text = read_source(source, stdin=stdin, stdout=stdout)
    if text is None:
        return EXIT_INVALID
    try:
        data: Any = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as e:
        detail = f" (line {e.lineno}, column {e.colno}: {e.msg})" if isinstance(
            e, json.JSONDecodeError) else ""
        return emit_error(stdout, f"the input is not valid JSON{detail}", code="bad_json")
    try:
        result = replay_record(data, presets=presets)
    except RecordError as e:
        stdout.write(json.dumps(e.to_dict(), ensure_ascii=False) + "\n")
        return EXIT_INVALID
    stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    return 0


def read_source(source: str, *, stdin: TextIO, stdout: TextIO) -> str | None:
    """The text of `source` (a path, or - for standard input); None once the error that it
    cannot be read is written."""
    try:
        return stdin.read() if source == "-" else read_file(source)
    except OSError as e:
        emit_error(stdout, f"cannot read {source}: {e.strerror}", code="unreadable")
    except UnicodeDecodeError:
        emit_error(stdout, f"{source} is not UTF-8 text", code="unreadable")
    return None


def read_file(path: str) -> str:
    with open(path, encoding="utf-8") as f:
        return f.read()


def rulesets_command(*, as_json: bool, stdout: TextIO) -> int:
    try:
        presets = load_presets()
    except RulesetError as e:
        return emit_error(stdout, f"a preset file is invalid: {e.message}", field=e.field,
                          code="invalid_preset")
    if as_json:
        listing = [{"id": r.id, "title": r.title, "title_en": r.title_en,
                    "players": r.player_count, "start_points": r.start_points,
                    "riichi_stick": r.riichi_stick, "ruleset": r.to_dict()}
                   for r in presets.values()]
        stdout.write(json.dumps(listing, ensure_ascii=False, indent=1) + "\n")
        return 0
    # The id column is as wide as the longest id, so the titles line up.
    width = max((len(key) for key in presets), default=0)
    for r in presets.values():
        stdout.write(f"{r.id:<{width}} {r.player_count}p {r.game_length.value:<10} "
                     f"{r.start_points}/{r.return_points}  {r.title} ({r.title_en})\n")
    return 0


def tenhou_preset_key(data: Any) -> str:
    """The Tenhou preset of a line's player count (``rules.players``, 4 when absent)."""
    rules = data.get("rules") if isinstance(data, dict) else None
    players = rules.get("players") if isinstance(rules, dict) else None
    return "tenhou-3p-hanchan" if players == 3 else "tenhou-4p-hanchan"


def evaluate_line(text: str, *, number: int, presets: Mapping[str, Ruleset],
                  tables: dict[str, YakuTable], ruleset_key: str | None) -> dict[str, Any]:
    def error(message: str, *, field: str = "", code: str) -> dict[str, Any]:
        return {"line": number, "error": {"field": field, "message": message, "code": code}}

    try:
        data: Any = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return error("the line is not valid JSON", code="bad_json")
    key = ruleset_key or tenhou_preset_key(data)
    try:
        value = evaluate_hand(winning_hand_from_json(data), ruleset=presets[key],
                              yaku_table=yaku_table_for(key, tables))
    except ScoringError as e:
        return error(e.message, field=e.field, code=e.code)
    result: dict[str, Any] = {"line": number}
    result.update({name: data[name] for name in ("game_id", "hand_index", "win_index")
                   if isinstance(data, dict) and name in data})
    result["ruleset"] = key
    result.update(hand_value_to_dict(value))
    return result


def evaluate_command(source: str, *, ruleset_key: str | None, stdin: TextIO,
                     stdout: TextIO) -> int:
    try:
        presets = load_presets()
        tables = load_yaku_tables()
    except RulesetError as e:
        return emit_error(stdout, f"a preset file is invalid: {e.message}", field=e.field,
                          code="invalid_preset")
    if ruleset_key is not None and ruleset_key not in presets:
        return emit_error(stdout, f"no preset {ruleset_key!r}; the presets are "
                                  f"{', '.join(presets)}", field="ruleset",
                          code="unknown_ruleset")
    text = read_source(source, stdin=stdin, stdout=stdout)
    if text is None:
        return EXIT_INVALID
    status = 0
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        result = evaluate_line(line, number=number, presets=presets, tables=tables,
                               ruleset_key=ruleset_key)
        if "error" in result:
            status = EXIT_INVALID
        stdout.write(json.dumps(result, ensure_ascii=False) + "\n")
    return status
