"""Where everything of the daily report PDF goes: headings, notes and tables on pages.

Plain arithmetic on string widths, so that the whole report is laid out before the first page
is drawn and every page can say how many pages there are (render/pdf_file.py draws them).
Page and type sizes follow the WeasyPrint stylesheet this layout replaced.
"""

from __future__ import annotations

import enum
from collections import deque
from dataclasses import dataclass, field

from django.utils.translation import pgettext
from reportlab.lib.pagesizes import A4, landscape

from parlor.reports.data import DailyReportData, Section
from parlor.reports.render.pdf_table import (
    CELL_SIZE,
    LEADING,
    MM,
    PAD_Y,
    Measure,
    Row,
    split_row,
    table_rows,
    wrap,
)
from parlor.reports.render.text import plain

PAGE_SIZE: tuple[float, float] = landscape(A4)
PAGE_WIDTH, PAGE_HEIGHT = PAGE_SIZE
LEFT = 12 * MM
RIGHT = PAGE_WIDTH - 12 * MM
TOP = PAGE_HEIGHT - 14 * MM
BOTTOM = 16 * MM
BODY_WIDTH = RIGHT - LEFT

TITLE_SIZE = 15.0
HEADING_SIZE = 11.0
NOTE_SIZE = 7.5
LINE_HEIGHT = 1.3  # times the type size, for text outside tables
SECTION_GAP = 6 * MM


class Align(enum.Enum):
    LEFT = "left"
    CENTER = "center"
    RIGHT = "right"


@dataclass(frozen=True, slots=True)
class Grid:
    """A table's columns: its left edge and the widths."""

    left: float
    widths: tuple[float, ...]

    @property
    def edges(self) -> tuple[float, ...]:
        edges = [self.left]
        for width in self.widths:
            edges.append(edges[-1] + width)
        return tuple(edges)


@dataclass(slots=True)
class Block:
    """The part of a table on one page: its headings, then its rows."""

    grid: Grid
    top: float
    rows: list[Row] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Text:
    """A line outside the tables; y is its baseline."""

    x: float
    y: float
    text: str
    size: float
    gray: float = 0.0
    bold: bool = False
    align: Align = Align.LEFT


@dataclass(frozen=True, slots=True)
class Rule:
    x0: float
    x1: float
    y: float
    width: float


Item = Block | Text | Rule
Page = list[Item]


class _Pages:
    """The pages laid out so far and the top of the free space on the last one."""

    def __init__(self, measure: Measure) -> None:
        self.pages: list[Page] = [[]]
        self.y = TOP
        self.ascent = measure.ascent

    def room(self) -> float:
        return self.y - BOTTOM

    def at_top(self) -> bool:
        return self.y >= TOP

    def new_page(self) -> None:
        self.pages.append([])
        self.y = TOP

    def add(self, item: Item) -> None:
        self.pages[-1].append(item)

    def text(self, text: str, size: float, *, gray: float = 0.0, bold: bool = False) -> None:
        line = size * LINE_HEIGHT
        baseline = self.y - (line - size) / 2 - self.ascent * size
        self.add(Text(LEFT, baseline, text, size, gray, bold))
        self.y -= line


def _table(pages: _Pages, grid: Grid, head: Row, rows: deque[Row]) -> None:
    """Rows under their headings, a page at a time: a row goes whole onto the next page,
    unless it is taller than a page (a very long reason), when it is cut between lines."""
    capacity = TOP - BOTTOM - head.height
    block: Block | None = None
    while rows:
        if block is None:
            block = Block(grid, pages.y, [head])
            pages.add(block)
            pages.y -= head.height
        row = rows.popleft()
        if row.height <= pages.room():
            block.rows.append(row)
            pages.y -= row.height
            continue
        fit = int((pages.room() - 2 * PAD_Y) // LEADING)
        if row.height > capacity and fit >= 1:
            first, rest = split_row(row, fit)
            block.rows.append(first)
            rows.appendleft(rest)
        else:
            rows.appendleft(row)
            if len(block.rows) == 1:  # headings alone at the foot of a page
                pages.pages[-1].pop()
        pages.new_page()
        block = None


@dataclass(frozen=True, slots=True)
class _Table:
    grid: Grid
    head: Row
    rows: deque[Row]


def _table_of(section: Section, measure: Measure) -> _Table:
    # The summary's two columns need no more than half the page.
    at_least = BODY_WIDTH / 2 if section.key == "summary" else BODY_WIDTH
    widths, head, rows = table_rows(section, measure, width=BODY_WIDTH, at_least=at_least)
    return _Table(Grid(LEFT, widths), head, deque(rows))


def _section(pages: _Pages, section: Section, measure: Measure) -> None:
    note = wrap(section.note, BODY_WIDTH, measure, NOTE_SIZE) if section.note else ()
    table = _table_of(section, measure) if section.rows or section.key == "summary" else None
    # The heading stays with its note and the table's headings and first row.
    keep = HEADING_SIZE * LINE_HEIGHT + 0.6 + 1.5 * MM
    keep += len(note) * NOTE_SIZE * LINE_HEIGHT + (1.5 * MM if note else 0)
    if table is None:
        keep += CELL_SIZE * LINE_HEIGHT
    else:
        keep += table.head.height
        keep += min(table.rows[0].height, 3 * LEADING + 2 * PAD_Y) if table.rows else 0
    if not pages.at_top():
        if SECTION_GAP + keep > pages.room():
            pages.new_page()
        else:
            pages.y -= SECTION_GAP
    pages.text(section.title, HEADING_SIZE, bold=True)
    pages.add(Rule(LEFT, RIGHT, pages.y - 0.3, 0.6))
    pages.y -= 0.6 + 1.5 * MM
    for line in note:
        pages.text(line, NOTE_SIZE, gray=0.33)
    if note:
        pages.y -= 1.5 * MM
    if table is None:
        pages.text(pgettext("daily report", "Nothing this day."), CELL_SIZE, gray=0.47)
    else:
        _table(pages, table.grid, table.head, table.rows)


def layout(data: DailyReportData, measure: Measure) -> list[Page]:
    """The report's pages, each a list of what goes on it (without the running headers)."""
    pages = _Pages(measure)
    pages.text(data.title, TITLE_SIZE, bold=True)
    pages.y -= 2 * MM
    period = f"{plain(data.starts_at)} – {plain(data.ends_at)}"  # the parlor's time
    pages.text(f"{data.parlor_name} · {period}", CELL_SIZE, gray=0.2)
    pages.y -= 3 * MM
    for section in data.sections:
        _section(pages, section, measure)
    return pages.pages
