"""Reading the report files back: the CSV's blocks, the PDF's text, the Japanese headings."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess

import pytest
from pypdf import PdfReader


def pdf_can_be_made() -> bool:
    """WeasyPrint loads (Pango is there) and fontconfig knows a Japanese font."""
    try:
        import weasyprint  # noqa: F401  (loads Pango through cffi)
    except OSError:
        return False
    if not shutil.which("fc-list"):
        return False
    listed = subprocess.run(["fc-list", ":lang=ja"], capture_output=True, text=True, check=False)
    return bool(listed.stdout.strip())


needs_pdf = pytest.mark.skipif(
    not pdf_can_be_made(),
    reason="PDF reports need Pango and a Japanese font (Debian: libpango-1.0-0, "
    "libpangoft2-1.0-0, fonts-noto-cjk; scripts/test.sh installs them)",
)

JAPANESE_HEADINGS = [
    "日報 2026-05-01",
    "概要",
    "卓別対局数",
    "ルール別対局数",
    "場代収入",
    "トップ賞",
    "チップ",
    "来店精算",
    "本走・代走",
    "個人成績",
    "対局成績",
    "訂正履歴",
]


def pdf_text(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def csv_blocks(content: bytes) -> dict[str, list[list[str]]]:
    """The CSV's sections by their [title] line."""
    assert content.startswith(b"\xef\xbb\xbf")  # the BOM Excel needs for UTF-8
    blocks: dict[str, list[list[str]]] = {}
    current: list[list[str]] = []
    for row in csv.reader(io.StringIO(content.decode("utf-8-sig"), newline="")):
        if len(row) == 1 and row[0].startswith("[") and row[0].endswith("]"):
            current = blocks.setdefault(row[0][1:-1], [])
        elif row:
            current.append(row)
    return blocks
