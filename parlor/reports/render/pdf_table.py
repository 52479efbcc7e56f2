"""A daily report table's rows for the PDF: cell text measured, wrapped and right-aligned.

Widths are in points, in the report's font (render/pdf_font.py); render/pdf_layout.py puts
the rows on pages.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from datetime import date

from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase import pdfmetrics

from parlor.reports.data import CellValue, Section
from parlor.reports.render.text import display, is_number

MM: float = mm
CELL_SIZE = 8.5
LEADING = CELL_SIZE * 1.25  # a cell's line
PAD_X = 1.5 * MM
PAD_Y = 0.8 * MM
TEXT_FLOOR = 60.0  # the narrowest a column of text gets before others shrink to nothing
NO_LINE_START = frozenset("、。，．,.)）」』】〕〉》・ー！？!?ぁぃぅぇぉっゃゅょァィゥェォッャュョ")


class RowStyle(enum.Enum):
    HEAD = "head"  # the column headings: centred, shaded, repeated on every page
    BODY = "body"
    TOTAL = "total"  # the totals row: shaded, in bold-looking type


@dataclass(frozen=True, slots=True)
class Row:
    lines: tuple[tuple[str, ...], ...]  # each cell's text, wrapped into lines
    numbers: tuple[bool, ...]  # each cell: right-aligned
    style: RowStyle
    height: float


class Measure:
    """String widths in the report's font, each string measured once per size."""

    def __init__(self, font: str) -> None:
        self.font = font
        registered = pdfmetrics.getFont(font)
        self._string_width = registered.stringWidth
        self._cache: dict[float, dict[str, float]] = {}
        # How far the baseline sits below the top of the type, per point of its size.
        self.ascent: float = pdfmetrics.getAscent(font) / 1000

    def __call__(self, text: str, size: float = CELL_SIZE) -> float:
        cache = self._cache.setdefault(size, {})
        width = cache.get(text)
        if width is None:
            width = cache[text] = self._string_width(text, size)
        return width


def wrap(text: str, width: float, measure: Measure, size: float = CELL_SIZE) -> tuple[str, ...]:
    """The text in lines no wider than `width`: broken at spaces where it can, and between
    characters where a word (Japanese has no spaces) is wider than the line."""
    lines: list[str] = []
    for line in simpleSplit(text, measure.font, size, width):
        if measure(line, size) <= width:
            lines.append(line)
            continue
        start, used = 0, 0.0
        for index, char in enumerate(line):
            char_width = measure(char, size)
            if used + char_width > width and index > start:
                # A line does not start with a closing mark (禁則): the character before it
                # goes down with it.
                cut = index - 1 if char in NO_LINE_START and index - 1 > start else index
                lines.append(line[start:cut])
                start, used = cut, measure(line[cut:index], size)
            used += char_width
        lines.append(line[start:])
    return tuple(lines) or ("",)


def _never_wraps(value: CellValue) -> bool:
    return is_number(value) or isinstance(value, date)  # datetimes are dates too


def column_widths(
    columns: tuple[str, ...],
    values: list[tuple[CellValue, ...]],
    texts: list[list[str]],
    measure: Measure,
    *,
    width: float,
    at_least: float,
) -> tuple[float, ...]:
    """Widths from the content, between `at_least` and `width` in all: numbers and times keep
    their width; text columns shrink (their cells wrap) when the natural widths do not fit.

    Every cell is measured (once per distinct string): the rows need the widths anyway to
    right-align numbers and to find the cells that wrap."""
    natural: list[float] = []
    floor: list[float] = []
    for index, heading in enumerate(columns):
        fixed = text = 0.0
        for row, cells in zip(values, texts):
            cell_width = measure(cells[index])
            if _never_wraps(row[index]):
                fixed = max(fixed, cell_width)
            else:
                text = max(text, cell_width)
        heading_width = measure(heading)
        natural.append(max(fixed, text, heading_width) + 2 * PAD_X)
        floor.append(max(fixed, min(text, TEXT_FLOOR), min(heading_width, TEXT_FLOOR)) + 2 * PAD_X)
    if sum(natural) <= width:
        scale = max(sum(natural), at_least) / sum(natural)
        return tuple(w * scale for w in natural)
    slack = width - sum(floor)
    if slack < 0:
        return tuple(w * width / sum(floor) for w in floor)
    give = [n - f for n, f in zip(natural, floor)]
    return tuple(f + slack * g / sum(give) for f, g in zip(floor, give))


def _row(
    texts: list[str],
    values: tuple[CellValue, ...],
    widths: tuple[float, ...],
    *,
    style: RowStyle,
    measure: Measure,
) -> Row:
    lines: list[tuple[str, ...]] = []
    numbers: list[bool] = []
    for text, value, width in zip(texts, values, widths):
        room = width - 2 * PAD_X
        # Numbers and times never wrap: the column widths leave room for the widest.
        if ("\n" in text or measure(text) > room + 0.01) and not _never_wraps(value):
            lines.append(wrap(text, room, measure))
        else:
            lines.append((text,))
        numbers.append(is_number(value) and style is not RowStyle.HEAD)
    height = max(len(cell) for cell in lines) * LEADING + 2 * PAD_Y
    return Row(tuple(lines), tuple(numbers), style, height)


def split_row(row: Row, lines: int) -> tuple[Row, Row]:
    """A row taller than a page in two: its first `lines` lines, and the rest."""
    first = tuple(cell[:lines] for cell in row.lines)
    rest = tuple(cell[lines:] or ("",) for cell in row.lines)
    return (
        Row(first, row.numbers, row.style, lines * LEADING + 2 * PAD_Y),
        Row(rest, row.numbers, row.style, row.height - lines * LEADING),
    )


def table_rows(
    section: Section, measure: Measure, *, width: float, at_least: float
) -> tuple[tuple[float, ...], Row, list[Row]]:
    """The column widths, the headings' row and the rows (the totals row last)."""
    values = [*section.rows, *((section.total,) if section.total is not None else ())]
    texts = [[display(value) for value in row] for row in values]
    widths = column_widths(section.columns, values, texts, measure, width=width, at_least=at_least)
    head = _row(
        list(section.columns), section.columns, widths, style=RowStyle.HEAD, measure=measure
    )
    rows = [
        _row(
            t,
            v,
            widths,
            style=RowStyle.BODY if i < len(section.rows) else RowStyle.TOTAL,
            measure=measure,
        )
        for i, (t, v) in enumerate(zip(texts, values))
    ]
    return widths, head, rows
