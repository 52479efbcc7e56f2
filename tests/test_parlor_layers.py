"""The rooms inside `parlor` (docs/service.md), checked as tests/test_layers.py checks the packages.

    domain, errors (pure: no Django)  <-  models  <-  selectors  <-  services  <-  api, web, public

A module may import the rooms to its left, never those to its right: the pure modules import
no Django and only each other; models import no selectors, services or views; selectors
import no services (they read, services write, and a read a service needs lives in
selectors); services import no views (api, web, public).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PARLOR = ROOT / "parlor"

# The modules with no Django in them, which every other room may import.
PURE = ("parlor.domain", "parlor.errors", "parlor.natural_sort", "parlor.search_text")
VIEWS = ("parlor.api", "parlor.web", "parlor.public", "parlor.views", "parlor.urls")


@dataclass(frozen=True)
class Rule:
    rooms: tuple[str, ...]  # the modules (and packages) the rule is about
    forbidden: tuple[str, ...]  # what they must not import
    allowed: tuple[str, ...] = ()  # exceptions among `forbidden`
    # Offenders known and waiting for a change elsewhere, each with the reason: the test fails
    # when one is gone too, so the set stays exact.
    known: dict[str, set[str]] = field(default_factory=dict)


RULES = {
    "pure-modules-import-no-django": Rule(
        rooms=PURE,
        forbidden=("django", "rest_framework", "celery", "parlor"),
        allowed=PURE,
    ),
    "models-import-no-selectors-services-or-views": Rule(
        rooms=("parlor.models",),
        forbidden=("parlor.selectors", "parlor.services", "parlor.reports", *VIEWS),
    ),
    "selectors-import-no-services-or-views": Rule(
        rooms=("parlor.selectors",),
        forbidden=("parlor.services", "parlor.reports", *VIEWS),
    ),
    "services-import-no-views": Rule(rooms=("parlor.services",), forbidden=VIEWS),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(path: Path) -> set[str]:
    """Every module `path` imports, anywhere in it, by its full dotted name (relative imports
    resolved); `from a import b` counts as importing both `a` and `a.b`."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package.pop()
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            names.add(module)
            names |= {f"{module}.{alias.name}" for alias in node.names}
    return names


def within(name: str, prefixes: tuple[str, ...]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


def files_of(rooms: tuple[str, ...]) -> list[Path]:
    found = [p for p in PARLOR.rglob("*.py") if within(module_name(p), rooms)]
    assert found, f"no module in {rooms}: has a room moved?"
    return sorted(found)


def offenders(rule: Rule) -> dict[str, set[str]]:
    """{file: the rooms it imports that the rule forbids}."""
    found: dict[str, set[str]] = {}
    for path in files_of(rule.rooms):
        bad = {
            next(p for p in rule.forbidden if within(name, (p,)))
            for name in imported(path)
            if within(name, rule.forbidden) and not within(name, rule.allowed)
        }
        if bad:
            found[str(path.relative_to(ROOT))] = bad
    return found


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_room_imports_nothing_to_its_right(name: str) -> None:
    rule = RULES[name]
    found = offenders(rule)
    new = {f: sorted(rooms - rule.known.get(f, set())) for f, rooms in found.items()}
    new = {f: rooms for f, rooms in new.items() if rooms}
    assert not new, f"{name}: these modules import what the rule forbids: {new}"
    gone = {f: sorted(rooms - found.get(f, set())) for f, rooms in rule.known.items()}
    gone = {f: rooms for f, rooms in gone.items() if rooms}
    assert not gone, f"{name}: fixed, so take them out of the rule's known offenders: {gone}"


def test_the_check_sees_the_imports_of_a_module() -> None:
    path = PARLOR / "services" / "hands.py"
    names = imported(path)
    assert "parlor.models" in names and "parlor.services.engine" in names
    assert within("parlor.services.engine", ("parlor.services",))
    assert not within("parlor.servicesx", ("parlor.services",))


PRIVATE_DJANGO = ("._state", "_prefetched_objects_cache", "_result_cache", "set_cached_value",
                  "_prefetch_done", "_known_related_objects")


def test_parlor_uses_no_private_attribute_of_django() -> None:
    """Plain Django: the ORM's caches and instance state are its own business."""
    found = {
        str(path.relative_to(ROOT)): sorted(name for name in PRIVATE_DJANGO if name in text)
        for path in PARLOR.rglob("*.py")
        if (text := path.read_text(encoding="utf-8"))
    }
    assert {path: names for path, names in found.items() if names} == {}
