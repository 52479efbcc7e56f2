"""Cells as text, the same way in every format that shows text (CSV, PDF).

Typed text is stored as the doors took it; a row stored before they refused control characters
is printed with each one replaced (parlor.security.text.writer_safe), never a failed file."""

from __future__ import annotations

from datetime import date, datetime

from parlor.reports.data import CellValue, Percent, Points
from parlor.security.text import writer_safe

# A spreadsheet reads a cell that starts with one of these as a formula (OWASP: CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


def neutralised(text: str) -> str:
    """Typed text made inert for a spreadsheet: a leading apostrophe before what would start
    a formula, as the OWASP CSV-injection guidance says. Numbers are never passed here.

    >>> print(neutralised("=SUM(1,2)"))
    '=SUM(1,2)
    >>> neutralised("青木")
    '青木'
    """
    text = writer_safe(text)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def clock(value: datetime) -> str:
    """The time of day as every report (and the receipt) shows it: 23:05."""
    return f"{value:%H:%M}"


def plain(value: CellValue) -> str:
    """A cell as a machine-readable string: no thousands separators, ISO dates, a share
    as its number of percent (the column heading says %)."""
    if value is None:
        return ""
    if isinstance(value, (Points, Percent)):
        return value.text()
    if isinstance(value, datetime):
        return f"{value:%Y-%m-%d} {clock(value)}"
    if isinstance(value, date):
        return value.isoformat()
    return writer_safe(str(value))


def display(value: CellValue) -> str:
    """A cell for people: thousands separators, signed results."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, Points):
        return ("+" if value.tenths > 0 else "") + value.text()
    if isinstance(value, Percent):
        return value.text() + "%"
    return plain(value)


def is_number(value: CellValue) -> bool:
    return isinstance(value, (int, Points, Percent)) and not isinstance(value, bool)
