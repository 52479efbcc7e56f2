"""Reading the report files back: the CSV's blocks, the PDF's text, the Japanese headings."""

from __future__ import annotations

import csv
import io
import os

import pytest
from pypdf import PdfReader


def pdf_can_be_made() -> bool:
    """reportlab is installed and the report's TrueType font is on the machine."""
    try:
        from parlor.reports.render.pdf_font import font_path  # imports reportlab
    except ImportError:
        return False
    return os.path.isfile(font_path())


needs_pdf = pytest.mark.skipif(
    not pdf_can_be_made(),
    reason="PDF reports need reportlab and the IPA P Gothic font (Debian: "
    "fonts-ipafont-gothic; scripts/test.sh installs it) or REPORT_PDF_FONT",
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
    "締め",
    "本走・代走",
    "待ち時間",
    "待ち一覧",
    "卓稼働率 (時間帯別)",
    "本走時間",
    "シフト",
    "個人成績",
    "リーチ・ダマ・副露",
    "役",
    "対局成績",
    "無効にした対局",
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
