"""The Japanese catalogs say one word per concept (docs/service.md, "The Japanese UI's words").

A translation that brings back a word the table replaced fails here, naming the entry, so a new
message says 対局 and ログイン like the rest of the tablet.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = [
    ROOT / "locale/ja/LC_MESSAGES/django.po",
    ROOT / "parlor/reports/locale/ja/LC_MESSAGES/django.po",
]
# (the word the table replaced, what to say instead, the trade's words that contain it and stay)
REPLACED = [
    ("ゲーム", "対局", ("ゲーム代", "ゲームバック")),
    ("マネージャー", "店長", ()),
    ("サインイン", "ログイン", ()),
    ("サインアウト", "ログアウト", ()),
    ("選手", "プレイヤー", ()),
    ("清算", "精算", ("一局清算",)),
    ("場決め", "場所決め", ()),
    ("飜", "翻", ()),
    ("聴牌", "テンパイ", ()),
    ("不聴", "ノーテン", ()),
    ("カウンター", "受付", ()),
    ("退店", "チェックアウト", ()),
    ("テーブル", "卓", ()),
    ("座席", "席", ()),
]
_MSGSTR = re.compile(r'^msgstr(?:\[\d+\])? "(.*)"$|^"(.*)"$')


def translations(catalog: Path) -> list[tuple[int, str]]:
    """Each msgstr of the catalog with the line it starts on (continuation lines joined)."""
    found: list[tuple[int, str]] = []
    in_msgstr = False
    for number, line in enumerate(catalog.read_text(encoding="utf-8").splitlines(), start=1):
        match = _MSGSTR.match(line)
        if match and match.group(1) is not None:
            found.append((number, match.group(1)))
            in_msgstr = True
        elif match and in_msgstr:
            start, text = found[-1]
            found[-1] = (start, text + (match.group(2) or ""))
        else:
            in_msgstr = False
    return found


def test_the_catalogs_are_read() -> None:
    for catalog in CATALOGS:
        texts = [text for _, text in translations(catalog)]
        assert any("対局" in text for text in texts), catalog


@pytest.mark.parametrize("catalog", CATALOGS, ids=lambda path: path.parent.parent.parent.name)
def test_no_word_the_table_replaced(catalog: Path) -> None:
    wrong = []
    for line, text in translations(catalog):
        for word, instead, kept in REPLACED:
            rest = text
            for trade_word in kept:
                rest = rest.replace(trade_word, "")
            if word in rest:
                wrong.append(f"line {line}: {word} (say {instead}): {text}")
    assert not wrong, "\n".join(wrong)
