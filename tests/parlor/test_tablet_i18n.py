"""Japanese first: a complete catalog, compiled and committed; English chosen and remembered;
the API keeps its English messages."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from django.test import Client

from parlor.models import MemberRole
from tests.parlor.factories import MemberFactory

ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "ja" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}


def _unquote(lines: list[str]) -> str:
    """The string of a PO entry's quoted lines, its C escapes read."""
    text = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', "\n".join(lines)))
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), text)


def catalog_entries() -> list[dict[str, object]]:
    """Every entry of django.po: context, msgid, plural, translations, flags."""
    entries = []
    for block in PO.read_text(encoding="utf-8").split("\n\n"):
        lines = block.strip().splitlines()
        entry: dict[str, object] = {"flags": "", "ctx": None, "plural": None, "strs": []}
        current: list[str] | None = None
        key = ""
        parts: dict[str, list[str]] = {}
        for line in lines:
            if line.startswith("#,"):
                entry["flags"] = line
            elif line.startswith("#"):
                continue
            elif line.startswith('"') and current is not None:
                current.append(line)
            else:
                key, _, rest = line.partition(" ")
                current = parts.setdefault(key, [])
                current.append(rest)
        if "msgid" not in parts:
            continue
        entry["id"] = _unquote(parts["msgid"])
        entry["ctx"] = _unquote(parts["msgctxt"]) if "msgctxt" in parts else None
        entry["plural"] = _unquote(parts["msgid_plural"]) if "msgid_plural" in parts else None
        entry["strs"] = [_unquote(v) for k, v in parts.items() if k.startswith("msgstr")]
        if entry["id"]:
            entries.append(entry)
    return entries


def test_the_catalog_translates_every_msgid_and_has_no_fuzzy_entry():
    entries = catalog_entries()
    assert len(entries) > 150
    untranslated = [e["id"] for e in entries if not all(e["strs"]) or not e["strs"]]
    fuzzy = [e["id"] for e in entries if "fuzzy" in str(e["flags"])]
    assert untranslated == [] and fuzzy == []


def test_the_compiled_catalog_is_the_committed_po():
    with MO.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for entry in catalog_entries():
        msgid = str(entry["id"])
        if entry["ctx"]:
            got = compiled.pgettext(str(entry["ctx"]), msgid)
        elif entry["plural"]:
            got = compiled.ngettext(msgid, str(entry["plural"]), 2)
        else:
            got = compiled.gettext(msgid)
        assert got == entry["strs"][0], f"django.mo is older than django.po at {msgid!r}"


@pytest.fixture
def tablet(parlor) -> Client:
    client = Client(headers={"Accept-Language": "en-US,en;q=0.9"})
    client.force_login(MemberFactory(parlor=parlor, role=MemberRole.STAFF).user)
    return client


@pytest.mark.django_db
def test_japanese_is_the_default_whatever_the_browser_asks_for(tablet):
    page = tablet.get("/tablet/").content.decode()
    assert '<html lang="ja">' in page and "フロア" in page


@pytest.mark.django_db
def test_english_is_chosen_on_the_tablet_and_remembered(tablet):
    response = tablet.post("/tablet/i18n/setlang/", {"language": "en", "next": "/tablet/"})
    assert response.status_code == 302 and response["Location"] == "/tablet/"
    cookie = response.cookies["django_language"]
    assert cookie.value == "en" and int(cookie["max-age"]) >= 30 * 24 * 60 * 60
    page = tablet.get("/tablet/").content.decode()
    assert '<html lang="en">' in page and "Floor" in page and "フロア" not in page
    tablet.post("/tablet/i18n/setlang/", {"language": "ja", "next": "/tablet/"})
    assert '<html lang="ja">' in tablet.get("/tablet/").content.decode()


@pytest.mark.django_db
def test_the_api_keeps_english_messages_whatever_the_tablet_chose(tablet):
    tablet.cookies["django_language"] = "ja"
    response = tablet.post("/api/players/", {}, content_type="application/json")
    assert response.status_code == 400
    assert "required" in response.json()["error"]["message"]
