"""Static files as production serves them: `collectstatic` with the manifest storage gives
every file a content-hashed name (so WhiteNoise may cache it as immutable), and every
`{% static %}` a template names resolves to one. The rest of the suite runs without
collectstatic, on the plain storage (settings.STATIC_HASHED)."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.management import call_command
from django.test import override_settings

from parlor.models import Game
from parlor.services.games import game_start
from parlor.services.seating import Seating
from parlor.static_storage import BUNDLES

ROOT = Path(__file__).resolve().parents[2]
STATIC_TAG = re.compile(r"""\{%\s*static\s+['"]([^'"]+)['"]\s*%\}""")
HASHED = re.compile(r"\.[0-9a-f]{12}\.")
MANIFEST = {
    **settings.STORAGES,
    "staticfiles": {"BACKEND": "parlor.static_storage.HashedStaticFilesStorage"},
}


def static_references() -> set[str]:
    """What every template of the project asks for with {% static %}, and the script bundles
    ({% bundle_scripts %}) with their parts."""
    found: set[str] = set()
    templates = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("parlor/**/templates/**/*.html")]
    for template in templates:
        found.update(STATIC_TAG.findall(template.read_text(encoding="utf-8")))
    for bundle, parts in BUNDLES.items():
        found.update((bundle, *parts))
    return found


TEXT_SUFFIXES = (".css", ".js", ".svg")  # what compresses: a small icon may not


def test_the_tests_serve_static_files_without_collectstatic():
    assert settings.STATIC_HASHED is False
    assert staticfiles_storage.url("tablet/tablet.css") == "/static/tablet/tablet.css"


@pytest.fixture(scope="module")
def collected(tmp_path_factory: Any) -> Path:
    """The project's static files collected once, as production collects them."""
    root = tmp_path_factory.mktemp("static")
    with override_settings(STATIC_ROOT=root, STORAGES=MANIFEST, DEBUG=True):
        call_command("collectstatic", "--noinput", verbosity=0)
    return Path(root)


def manifest(root: Path) -> dict[str, str]:
    return dict(json.loads((root / "staticfiles.json").read_text())["paths"])


def test_collectstatic_gives_every_file_a_hashed_name_every_template_reference_resolves(collected):
    references = static_references()
    assert {"tablet/tablet.css", "tablet/tablet.js", "tablet/live-qr.js"} <= references
    tmp_path = collected
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=MANIFEST, DEBUG=True):
        # (Django's setting_changed resets staticfiles_storage to the manifest storage.)
        paths = manifest(tmp_path)
        for name in sorted(references):
            assert name in paths, f"{{% static '{name}' %}}: no such file collected"
            hashed = paths[name]
            assert HASHED.search(hashed), hashed
            assert (tmp_path / hashed).is_file()
            if name.endswith(TEXT_SUFFIXES):  # WhiteNoise keeps a .gz only where it is smaller
                assert (tmp_path / f"{hashed}.gz").is_file(), hashed
            assert staticfiles_storage.url(name) == f"/static/{hashed}"  # even under DEBUG
    assert staticfiles_storage.url("tablet/tablet.css") == "/static/tablet/tablet.css"


def test_collectstatic_joins_each_script_bundle_from_its_parts_whole_and_in_order(collected):
    paths = manifest(collected)
    for bundle, parts in BUNDLES.items():
        text = (collected / paths[bundle]).read_bytes()
        assert gzip.decompress((collected / f"{paths[bundle]}.gz").read_bytes()) == text
        at = 0
        for part in parts:  # each source file as it is, after the one before it
            source = (ROOT / "static" / part).read_bytes()
            found = text.find(source, at)
            assert found >= at, f"{part} is not whole in {bundle}, after the parts before it"
            at = found + len(source)
        sources = sum(len((ROOT / "static" / part).read_bytes()) for part in parts)
        assert sources < len(text) < sources + 50 * len(parts)  # a name and a `;` between


@pytest.fixture
def game(table, players, staff_user) -> Game:
    return game_start(table=table, players=players[:4], seating=Seating.GIVEN, by=staff_user)


def script_sources(tablet: Any, game: Game) -> list[str]:
    page = tablet.get(f"/tablet/games/{game.public_id}/").content.decode()
    head = page.split("</head>")[0]
    tags = re.findall(r'<script src="[^"]+" defer blocking="render"></script>', head)
    # In the head, deferred and render-blocking: the page is drawn once, when the pad is wired.
    assert len(tags) == page.count("<script src=")
    return [re.findall(r'src="([^"]+)"', tag)[0] for tag in tags]


@pytest.mark.django_db
def test_the_game_page_runs_one_script_where_files_are_collected_else_each_part(
    collected, tablet, game
):
    parts = BUNDLES["tablet/game-bundle.js"]
    assert script_sources(tablet, game) == [f"/static/{part}" for part in parts]
    paths = manifest(collected)
    hashed = {"STATIC_ROOT": collected, "STORAGES": MANIFEST, "STATIC_HASHED": True}
    with override_settings(**hashed):
        assert script_sources(tablet, game) == [f"/static/{paths['tablet/game-bundle.js']}"]
