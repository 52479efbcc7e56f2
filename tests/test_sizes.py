"""Sizes a new engineer can read: modules under 300 lines, functions under 40.

A function's lines are counted from its `def` to its end, less its docstring. A function may be
longer when its docstring has a line starting "Long because" that says why
(one table of fields, one sequence that reads best in one place). Modules and functions still over
and owned by a change in progress elsewhere are listed in ``KNOWN`` with the reason; the test
fails when one of them is fixed, so the list stays exact.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("parlor", "scoring", "rulesets")
MODULE_LIMIT = 300  # lines, a module must have fewer
FUNCTION_LIMIT = 40  # lines, a function must have fewer unless its docstring says why
WHY_MARKER = "Long because"

# Offenders waiting for a change elsewhere: "path" for a module, "path:qualified.name" for a
# function, each with the reason.
ELSEWHERE = "split in progress elsewhere"
NEXT = "not shortened yet: a service or page of its own, next in issue 27"
KNOWN: dict[str, str] = {}


def _modules() -> list[Path]:
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" not in path.relative_to(ROOT).parts:
                found.append(path)
    return found


def _code_lines(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """Its lines from the `def` to the end, less its docstring (whose examples STYLE.md asks
    for: a doctest never makes a function long)."""
    lines = (function.end_lineno or function.lineno) - function.lineno + 1
    first = function.body[0]
    if ast.get_docstring(function) is not None and isinstance(first, ast.Expr):
        lines -= (first.end_lineno or first.lineno) - first.lineno + 1
    return lines


def _long_functions(path: Path) -> set[str]:
    """The qualified names of the functions over the limit whose docstring does not say why."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    long: set[str] = set()

    def visit(node: ast.AST, prefix: str) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                name = f"{prefix}{child.name}"
                if not isinstance(child, ast.ClassDef):
                    lines = _code_lines(child)
                    doc = ast.get_docstring(child) or ""
                    justified = any(
                        line.strip().startswith(WHY_MARKER) for line in doc.splitlines()
                    )
                    if lines >= FUNCTION_LIMIT and not justified:
                        long.add(name)
                visit(child, f"{name}.")

    visit(tree, "")
    return long


def _offenders() -> set[str]:
    found: set[str] = set()
    for path in _modules():
        relative = path.relative_to(ROOT).as_posix()
        with path.open(encoding="utf-8") as source:
            if sum(1 for _ in source) >= MODULE_LIMIT:
                found.add(relative)
        found |= {f"{relative}:{name}" for name in _long_functions(path)}
    return found


def test_modules_and_functions_are_short_or_say_why() -> None:
    found = _offenders()
    new = sorted(found - KNOWN.keys())
    gone = sorted(KNOWN.keys() - found)
    assert not new, (
        f"over {MODULE_LIMIT} lines (module) or {FUNCTION_LIMIT} lines (function, without a "
        f"docstring line starting {WHY_MARKER!r}): {new}"
    )
    assert not gone, f"fixed, so take them out of KNOWN: {gone}"


def test_the_check_sees_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(FUNCTION_LIMIT))
    long = tmp_path / "long.py"
    long.write_text(f"def too_long():\n{body}\n\n\ndef fine():\n    return 1\n")
    said = tmp_path / "said.py"
    said.write_text(f'def long_ok():\n    """Long because one table.\n    """\n{body}\n')
    examples = "\n".join(f"    >>> {i}" for i in range(FUNCTION_LIMIT))
    doctest = tmp_path / "doctest.py"
    doctest.write_text(f'def short():\n    """Examples.\n\n{examples}\n    """\n    return 1\n')
    assert _long_functions(long) == {"too_long"}
    assert _long_functions(said) == set()
    assert _long_functions(doctest) == set()
