"""What a daily report says, as plain values that the CSV, XLSX and PDF renderers all read.

A cell is an `int` (yen or a count), `Points` (a result in tenths of the ruleset's unit),
`Percent` (a share in tenths of a percent), a `datetime` (already in the parlor's time
zone), a `date`, a `str`, or None (empty).
Renderers choose the formatting from the type, so every format shows the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from parlor.domain.shares import percent_number

Cell = int | str | datetime | date | None


@dataclass(frozen=True, slots=True)
class Points:
    """A result (成績) in tenths of the ruleset's unit: Points(520) is +52.0 p."""

    tenths: int

    def text(self) -> str:
        sign = "-" if self.tenths < 0 else ""
        whole, tenth = divmod(abs(self.tenths), 10)
        return f"{sign}{whole}.{tenth}"


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
