"""The rooms inside `parlor` (docs/service.md), checked as tests/test_layers.py checks the packages.

    pure  <-  base  <-  models  <-  selectors  <-  reports  <-  services  <-  tasks, migrations
          <-  view_helpers  <-  doors (api | web | public | admin | views)  <-  wiring

Every module of parlor has a room (the longest prefix naming it below). A module imports its
own room and the rooms to its left, never one to its right. The doors sit on the top floor
beside each other: one door imports no other, so what two doors share lives below them, in
`view_helpers`. Only the wiring (urls, settings, apps, wsgi) names a door. The pure modules
import no Django, and no two packages of parlor import each other.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PARLOR = ROOT / "parlor"

# The modules with no Django in them, which every other room may import.
PURE = ("parlor.domain", "parlor.errors", "parlor.natural_sort", "parlor.search_text", "parlor.env")

# Floors, lowest first; each floor holds one room or several side by side (the doors).
FLOORS: tuple[dict[str, tuple[str, ...]], ...] = (
    {"pure": PURE},
    # Django, but no model: the input bounds and sign-in guards, the public address, unit and
    # money-term words.
    {"base": ("parlor.security", "parlor.public_address", "parlor.units_text",
              "parlor.money_terms_text", "parlor.static_storage", "parlor.celery")},
    {"models": ("parlor.models",)},
    {"selectors": ("parlor.selectors",)},
    # The daily reports (their own Django app): built from selectors, marked stale by services.
    {"reports": ("parlor.reports",)},
    {"services": ("parlor.services",)},
    # Celery tasks and management commands call services; a data migration may too. The
    # reports' own tasks and command are tasks too: the reports' services enqueue them by name.
    {
        "tasks": ("parlor.tasks", "parlor.management", "parlor.reports.tasks",
                  "parlor.reports.management"),
        "migrations": ("parlor.migrations", "parlor.reports.migrations"),
    },
    # What the doors share: labels, page rows, receipts, the manager's link, template tags.
    {"view_helpers": ("parlor.view_helpers", "parlor.templatetags")},
    {
        "api": ("parlor.api",),
        "web": ("parlor.web",),
        "public": ("parlor.public",),
        "admin": ("parlor.admin", "parlor.admin_audit", "parlor.admin_events",
                  "parlor.admin_games", "parlor.admin_labels", "parlor.admin_money",
                  "parlor.admin_scope", "parlor.admin_seasons", "parlor.reports.admin"),
        "views": ("parlor.views",),
    },
    # Names the doors: the URLconf, settings (middleware and context processors by string),
    # the app's ready() and the WSGI entry point; `parlor` itself loads the Celery app.
    {"wiring": ("parlor", "parlor.urls", "parlor.settings", "parlor.celery_schedule", "parlor.apps",
                "parlor.wsgi")},
)
DOORS = FLOORS[-2]


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


def within(name: str, prefixes: Iterable[str]) -> bool:
    """Whether `name` is one of `prefixes` or inside one; `parlor` alone names only itself."""
    return any(name == p or (p != "parlor" and name.startswith(p + ".")) for p in prefixes)


def room_of(name: str) -> tuple[int, str] | None:
    """(floor, room) of a module of parlor: the room with the longest prefix naming it."""
    found = [
        (len(prefix), floor, room)
        for floor, rooms in enumerate(FLOORS)
        for room, prefixes in rooms.items()
        for prefix in prefixes
        if within(name, (prefix,))
    ]
    return max(found)[1:] if found else None


def parlor_imports() -> dict[str, set[str]]:
    """{file: the modules of parlor it imports}, for every module of parlor."""
    return {
        str(path.relative_to(ROOT)): {n for n in imported(path) if n.startswith("parlor.")}
        for path in sorted(PARLOR.rglob("*.py"))
    }


def upward_imports(imports: Mapping[str, set[str]]) -> dict[str, set[str]]:
    """{file: the rooms it imports that are to its right, or beside it on the doors' floor}."""
    found: dict[str, set[str]] = {}
    for file, names in imports.items():
        here = room_of(module_name(ROOT / file))
        assert here is not None, f"{file} has no room: give it one in FLOORS"
        bad = set()
        for name in names:
            there = room_of(name)
            if there is None or there[1] == here[1]:
                continue
            if there[0] > here[0] or (there[0] == here[0] and there[1] in DOORS):
                bad.add(there[1])
        if bad:
            found[file] = bad
    return found


def package_of(name: str) -> str:
    return ".".join(name.split(".")[:2])


def package_cycle(imports: Mapping[str, set[str]]) -> list[str]:
    """A cycle among the packages of parlor (parlor.api, parlor.reports, parlor.tasks, ...), as
    the packages along it, or [] if the import graph between packages is acyclic."""
    graph: dict[str, set[str]] = {}
    for file, names in imports.items():
        here = package_of(module_name(ROOT / file))
        graph.setdefault(here, set()).update(
            package_of(n) for n in names if package_of(n) not in (here, "parlor")
        )
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str]:
        if node in path:
            return [*path[path.index(node):], node]
        if node in done:
            return []
        for after in sorted(graph.get(node, ())):
            if cycle := visit(after, [*path, node]):
                return cycle
        done.add(node)
        return []

    for start in sorted(graph):
        if cycle := visit(start, []):
            return cycle
    return []


def test_every_module_of_parlor_has_a_room() -> None:
    homeless = [f for f in parlor_imports() if room_of(module_name(ROOT / f)) is None]
    assert homeless == []


def test_a_room_imports_nothing_to_its_right_and_no_door_imports_another() -> None:
    assert upward_imports(parlor_imports()) == {}


def test_no_two_packages_of_parlor_import_each_other() -> None:
    assert package_cycle(parlor_imports()) == []


def test_the_pure_modules_import_no_django() -> None:
    found = {
        str(path.relative_to(ROOT)): sorted(
            name for name in imported(path)
            if within(name, ("django", "rest_framework", "celery", "parlor"))
            and not within(name, PURE)
        )
        for path in PARLOR.rglob("*.py")
        if within(module_name(path), PURE)
    }
    assert {path: names for path, names in found.items() if names} == {}


@pytest.mark.parametrize(
    ("file", "imports", "rooms"),
    [
        pytest.param("parlor/reports/api.py", {"parlor.api.serializers"}, {"api"},
                     id="reports-imports-a-door"),
        pytest.param("parlor/security/throttling.py", {"parlor.api.serializers.Error"}, {"api"},
                     id="security-imports-a-door"),
        pytest.param("parlor/public/live.py", {"parlor.web.pages"}, {"web"},
                     id="a-door-imports-another"),
        pytest.param("parlor/services/games.py", {"parlor.tasks"}, {"tasks"},
                     id="services-import-tasks"),
        pytest.param("parlor/reports/services.py", {"parlor.reports.tasks"}, {"tasks"},
                     id="the-reports-services-import-their-tasks"),
        pytest.param("parlor/selectors/games.py", {"parlor.services.engine"}, {"services"},
                     id="selectors-import-services"),
        pytest.param("parlor/models/games.py", {"parlor.reports.staleness"}, {"reports"},
                     id="models-import-reports"),
        pytest.param("parlor/view_helpers/pages.py", {"parlor.public.views"}, {"public"},
                     id="view-helpers-import-a-door"),
        pytest.param("parlor/urls.py", {"parlor.web.urls", "parlor.api.urls"}, set(),
                     id="the-urlconf-names-the-doors"),
        pytest.param("parlor/web/floor.py", {"parlor.view_helpers.pages", "parlor.services"},
                     set(), id="a-door-imports-what-doors-share"),
    ],
)
def test_the_check_refuses_an_import_to_the_right(
    file: str, imports: set[str], rooms: set[str]
) -> None:
    assert upward_imports({file: imports}).get(file, set()) == rooms


def test_the_check_finds_two_packages_that_import_each_other() -> None:
    imports = {
        "parlor/services/hands.py": {"parlor.tasks"},
        "parlor/tasks.py": {"parlor.services.verification"},
        "parlor/web/hands.py": {"parlor.services.hands"},
    }
    assert package_cycle(imports) == ["parlor.services", "parlor.tasks", "parlor.services"]
    del imports["parlor/services/hands.py"]
    assert package_cycle(imports) == []


def test_the_check_sees_the_imports_of_a_module() -> None:
    path = PARLOR / "services" / "hand_corrections.py"
    names = imported(path)
    assert "parlor.models" in names and "parlor.services.engine" in names
    assert within("parlor.services.engine", ("parlor.services",))
    assert not within("parlor.servicesx", ("parlor.services",))
    assert room_of("parlor.reports.admin") == (len(FLOORS) - 2, "admin")
    assert room_of("parlor.reports.staleness") == (4, "reports")


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
