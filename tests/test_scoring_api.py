"""The engine offers one public API, `scoring`: parlor imports from it alone, never a submodule.

A submodule is the engine's own business; a name parlor needs is added to
`scoring.__all__`, where a reader sees everything that crosses the boundary.
"""

from __future__ import annotations

import ast
from pathlib import Path

import scoring

ROOT = Path(__file__).resolve().parent.parent


def engine_imports(path: Path) -> list[str]:
    """Every `scoring...` module `path` imports, with the line it is on."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [f"{node.lineno}: {a.name}" for a in node.names
                      if a.name.split(".")[0] == "scoring"]
        elif (isinstance(node, ast.ImportFrom) and node.module and node.level == 0
              and node.module.split(".")[0] == "scoring"):
            found.append(f"{node.lineno}: {node.module}")
    return found


def test_parlor_imports_only_the_engines_package() -> None:
    reaching_in = {
        str(path.relative_to(ROOT)): [line for line in engine_imports(path)
                                      if not line.endswith(": scoring")]
        for path in (ROOT / "parlor").rglob("*.py")
    }
    assert {k: v for k, v in reaching_in.items() if v} == {}


def test_parlor_imports_only_names_the_api_lists() -> None:
    unlisted = set()
    for path in (ROOT / "parlor").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "scoring":
                unlisted |= {a.name for a in node.names} - set(scoring.__all__)
    assert unlisted == set()


def test_every_listed_name_exists() -> None:
    assert [name for name in scoring.__all__ if not hasattr(scoring, name)] == []
