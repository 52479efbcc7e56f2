"""Static files as production serves them: `collectstatic` with the manifest storage gives
every file a content-hashed name (so WhiteNoise may cache it as immutable), and every
`{% static %}` a template names resolves to one. The rest of the suite runs without
collectstatic, on the plain storage (settings.STATIC_HASHED)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.storage import staticfiles_storage
from django.core.management import call_command
from django.test import override_settings

ROOT = Path(__file__).resolve().parents[2]
STATIC_TAG = re.compile(r"""\{%\s*static\s+['"]([^'"]+)['"]\s*%\}""")
HASHED = re.compile(r"\.[0-9a-f]{12}\.")
MANIFEST = {
    **settings.STORAGES,
    "staticfiles": {"BACKEND": "parlor.static_storage.HashedStaticFilesStorage"},
}


def static_references() -> set[str]:
    """What every template of the project asks for with {% static %}."""
    found: set[str] = set()
    templates = [*ROOT.glob("templates/**/*.html"), *ROOT.glob("parlor/**/templates/**/*.html")]
    for template in templates:
        found.update(STATIC_TAG.findall(template.read_text(encoding="utf-8")))
    return found


TEXT_SUFFIXES = (".css", ".js", ".svg")  # what compresses: a small icon may not


def test_the_tests_serve_static_files_without_collectstatic():
    assert settings.STATIC_HASHED is False
    assert staticfiles_storage.url("tablet/tablet.css") == "/static/tablet/tablet.css"


def test_collectstatic_gives_every_file_a_hashed_name_every_template_reference_resolves(tmp_path):
    references = static_references()
    assert {"tablet/tablet.css", "tablet/tablet.js", "tablet/live-qr.js"} <= references
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=MANIFEST, DEBUG=True):
        call_command("collectstatic", "--noinput", verbosity=0)
        # (Django's setting_changed resets staticfiles_storage to the manifest storage.)
        paths = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
        for name in sorted(references):
            assert name in paths, f"{{% static '{name}' %}}: no such file collected"
            hashed = paths[name]
            assert HASHED.search(hashed), hashed
            assert (tmp_path / hashed).is_file()
            if name.endswith(TEXT_SUFFIXES):  # WhiteNoise keeps a .gz only where it is smaller
                assert (tmp_path / f"{hashed}.gz").is_file(), hashed
            assert staticfiles_storage.url(name) == f"/static/{hashed}"  # even under DEBUG
    assert staticfiles_storage.url("tablet/tablet.css") == "/static/tablet/tablet.css"
