"""XLSX (openpyxl): one sheet per section, numbers as numbers, headings frozen on top."""

from __future__ import annotations

import io
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from openpyxl import Workbook
from openpyxl.cell import Cell
from openpyxl.styles import Font
from openpyxl.utils import get_column_letter

from parlor.reports.data import CellValue, Percent, Points, Section, Tables
from parlor.reports.render.text import FORMULA_STARTS
from parlor.security.text import writer_safe

_BOLD = Font(bold=True)
_INVALID_IN_SHEET_NAMES = str.maketrans({c: " " for c in "[]:*?/\\"})


def _cell_value(value: CellValue) -> tuple[Any, str | None]:
    """The value openpyxl stores and its number format (the commonest kinds tested first)."""
    if isinstance(value, str):  # openpyxl refuses most control characters (IllegalCharacterError)
        return writer_safe(value), None
    if isinstance(value, int) and not isinstance(value, bool):
        return value, "#,##0"
    if isinstance(value, datetime):
        return value.replace(tzinfo=None), "yyyy-mm-dd hh:mm"  # already the parlor's local time
    if isinstance(value, Points) and value.is_count:
        return Decimal(value.tenths) / 10, '+0"点";-0"点";0"点"'
    if isinstance(value, Points):
        return Decimal(value.tenths) / 10, "+0.0;-0.0;0.0"
    if isinstance(value, Percent):  # a fraction shown as a percentage: 0.429 is 42.9%
        return Decimal(value.tenths) / 1000, "0.0%"
    if isinstance(value, date):
        return value, "yyyy-mm-dd"
    return value, None


def _new_cell(sheet: Any, at: tuple[int, int], value: CellValue, font: Font | None) -> Cell:
    stored, number_format = _cell_value(value)
    cell = Cell(sheet, row=at[0], column=at[1])
    if number_format:  # before the value, so a date's own format is never set and replaced
        cell.number_format = number_format
    cell.value = stored
    if isinstance(stored, str) and stored.startswith(FORMULA_STARTS):
        # Typed text, never a formula: a string cell with Excel's quote prefix (as if typed
        # after an apostrophe), so "=HYPERLINK(...)" shows as written and runs nothing.
        cell.data_type = "s"
        cell.quotePrefix = True
    if font is not None:
        cell.font = font
    return cell


def _append_row(sheet: Any, row: int, values: tuple[CellValue, ...], *, bold: bool) -> None:
    """Row `row`, the sheet's next, as cells made whole before they join it (no look-up per
    cell, as sheet.cell() does)."""
    font = _BOLD if bold else None
    sheet.append([_new_cell(sheet, (row, c), v, font) for c, v in enumerate(values, start=1)])


def _sheet_name(section: Section, used: set[str]) -> str:
    name = section.title.translate(_INVALID_IN_SHEET_NAMES)[:31] or section.key
    while name in used:
        name = f"{name[:28]}_{len(used)}"
    used.add(name)
    return name


def _fill(sheet: Any, section: Section) -> None:
    _append_row(sheet, 1, section.columns, bold=True)
    for index, row in enumerate(section.rows, start=2):
        _append_row(sheet, index, row, bold=False)
    if section.total is not None:
        _append_row(sheet, len(section.rows) + 2, section.total, bold=True)
    if section.note:  # in the printed header: the sheet itself stays one clean table
        sheet.oddHeader.center.text = writer_safe(section.note)
    sheet.freeze_panes = "A2"
    for column, heading in enumerate(section.columns, start=1):
        values = [heading, *(str(row[column - 1] or "") for row in section.rows[:200])]
        width = max(len(v) + sum(1 for ch in v if ord(ch) > 0x2E80) for v in values)
        sheet.column_dimensions[get_column_letter(column)].width = min(max(width + 2, 8), 50)


def render_xlsx(data: Tables) -> bytes:
    book = Workbook()
    if book.active is not None:  # a new workbook has one empty sheet: ours replace it
        book.remove(book.active)
    used: set[str] = set()
    for section in data.sections:
        _fill(book.create_sheet(_sheet_name(section, used)), section)
    book.properties.title = data.title
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
