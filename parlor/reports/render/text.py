"""Cells as text, the same way in every format that shows text (CSV, PDF)."""

from __future__ import annotations

from datetime import date, datetime

from parlor.reports.data import CellValue, Points


def clock(value: datetime) -> str:
    """The time of day as every report (and the receipt) shows it: 23:05."""
    return f"{value:%H:%M}"


def plain(value: CellValue) -> str:
    """A cell as a machine-readable string: no thousands separators, ISO dates."""
    if value is None:
        return ""
    if isinstance(value, Points):
        return value.text()
    if isinstance(value, datetime):
        return f"{value:%Y-%m-%d} {clock(value)}"
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def display(value: CellValue) -> str:
    """A cell for people: thousands separators, signed results."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, Points):
        return ("+" if value.tenths > 0 else "") + value.text()
    return plain(value)


def is_number(value: CellValue) -> bool:
    return isinstance(value, (int, Points)) and not isinstance(value, bool)
