"""CSV: UTF-8 with a byte order mark, so Excel opens the Japanese text correctly.

One block per section: a blank line, its [title], its column headings, its rows, its totals
(the sections' notes are left to the PDF, so that every block parses the same way).
Numbers are written plain (no thousands separators) so that they parse as numbers; text that a
spreadsheet would read as a formula (a player named "=HYPERLINK(...)") gets a leading apostrophe.
"""

from __future__ import annotations

import csv
import io

from parlor.reports.data import CellValue, Tables
from parlor.reports.render.text import neutralised, plain


def render_csv(data: Tables) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow([data.title, neutralised(data.parlor_name)])
    for section in data.sections:
        writer.writerow([])
        writer.writerow([f"[{section.title}]"])
        writer.writerow(section.columns)
        for row in section.rows:
            writer.writerow([_cell(cell) for cell in row])
        if section.total is not None:
            writer.writerow([_cell(cell) for cell in section.total])
    return out.getvalue().encode("utf-8-sig")


def _cell(value: CellValue) -> str:
    """Numbers and dates as they are; text, which people typed, neutralised."""
    return neutralised(value) if isinstance(value, str) else plain(value)
