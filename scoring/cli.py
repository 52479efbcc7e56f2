"""The engine's command line (shared/spec/game-record.md):

    python -m scoring replay GAME.json      # or '-' for standard input
    python -m scoring rulesets [--json]     # the presets, one line each, or as JSON

``replay`` prints one JSON document and exits 0; invalid input prints ``{"error": …}``
and exits 2. It never prints a traceback for bad input.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

from scoring.errors import RecordError, RulesetError
from scoring.replay import replay_record
from scoring.ruleset import Ruleset
from scoring.ruleset_files import default_preset_dir, load_directory

USAGE = ("usage: python -m scoring replay FILE|-\n"
         "       python -m scoring rulesets [--json]\n")
EXIT_INVALID = 2


def main(argv: Sequence[str], *, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout,
         stderr: TextIO = sys.stderr) -> int:
    args = list(argv)
    if args[:1] == ["replay"] and len(args) == 2:
        return replay_command(args[1], stdin=stdin, stdout=stdout)
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
    try:
        text = stdin.read() if source == "-" else read_file(source)
    except OSError as e:
        return emit_error(stdout, f"cannot read {source}: {e.strerror}", code="unreadable")
    except UnicodeDecodeError:
        return emit_error(stdout, f"{source} is not UTF-8 text", code="unreadable")
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
    for r in presets.values():
        stdout.write(f"{r.id:<20} {r.player_count}p {r.game_length.value:<10} "
                     f"{r.start_points}/{r.return_points}  {r.title} ({r.title_en})\n")
    return 0
