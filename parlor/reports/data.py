"""What a daily report says, as plain values that the CSV, XLSX and PDF renderers all read.

A cell is an `int` (yen or a count), `Points` (a result in tenths of the ruleset's unit),
`Percent` (a share in tenths of a percent), a `datetime` (already in the parlor's time
zone), a `date`, a `str`, or None (empty).
Renderers choose the formatting from the type, so every format shows the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Protocol

from parlor.domain.shares import percent_number
from parlor.domain.units import Result

Cell = int | str | datetime | date | None


@dataclass(frozen=True, slots=True)
class Points:
    """A result (成績) in tenths of p: Points(520) is +52.0 p; with `is_count`, tenths of a point
    count's 点, which has no p (Points(300, is_count=True) is 30点).

    Results in points (われポン) are shown in p (1,000 points = 1p): `result_cell`.
    """

    tenths: int
    is_count: bool = False

    def text(self) -> str:
        sign = "-" if self.tenths < 0 else ""
        whole, tenth = divmod(abs(self.tenths), 10)
        if self.is_count:
            return f"{sign}{whole}点" if not tenth else f"{sign}{whole}.{tenth}点"
        return f"{sign}{whole}.{tenth}"


def result_cell(result: Result) -> Points:
    """A game's result as a report cell: p (points converted, 1,000 points = 1p) or 点."""
    if result.converts_to_p:
        return Points(result.in_p_tenths())
    return Points(result.tenths, is_count=True)


@dataclass(frozen=True, slots=True)
class Percent:
    """A share in tenths of a percent: Percent(429) is 42.9 %."""

    tenths: int

    def text(self) -> str:
        return percent_number(self.tenths)


CellValue = Cell | Points | Percent


@dataclass(frozen=True, slots=True)
class Section:
    """One table of the report: a CSV block, an XLSX sheet, a PDF table."""

    key: str  # stable, English: the XLSX sheet order and tests use it
    title: str  # translated heading (Japanese by default)
    columns: tuple[str, ...]  # translated column headings
    rows: tuple[tuple[CellValue, ...], ...]
    total: tuple[CellValue, ...] | None = None  # the totals row, if the section adds up
    note: str = ""  # one line under the heading

    def column(self, key_index: int) -> tuple[CellValue, ...]:
        return tuple(row[key_index] for row in self.rows)


class Tables(Protocol):
    """What the CSV and XLSX renderers read: a title, the parlor's name and the sections."""

    @property
    def title(self) -> str: ...

    @property
    def parlor_name(self) -> str: ...

    @property
    def sections(self) -> tuple[Section, ...]: ...


@dataclass(frozen=True, slots=True)
class TablesData:
    """Tables other than a daily report's (a ranking's), for the CSV and XLSX renderers."""

    parlor_name: str
    title: str
    sections: tuple[Section, ...]


@dataclass(frozen=True, slots=True)
class DailyReportData:
    parlor_name: str
    business_day: date
    starts_at: datetime  # local
    ends_at: datetime  # local, exclusive
    generated_at: datetime  # local
    is_provisional: bool  # generated before the business day ended
    title: str
    sections: tuple[Section, ...]

    def section(self, key: str) -> Section:
        return next(s for s in self.sections if s.key == key)
