"""Renderers: the same DailyReportData as CSV, XLSX or PDF bytes."""

from __future__ import annotations

from collections.abc import Callable

from parlor.reports.data import DailyReportData
from parlor.reports.render.csv_file import render_csv
from parlor.reports.render.pdf_file import render_pdf
from parlor.reports.render.xlsx_file import render_xlsx

RENDERERS: dict[str, Callable[[DailyReportData], bytes]] = {
    "csv": render_csv,
    "xlsx": render_xlsx,
    "pdf": render_pdf,
}


def render(data: DailyReportData, fmt: str) -> bytes:
    return RENDERERS[fmt](data)
