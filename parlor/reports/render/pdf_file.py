"""PDF (WeasyPrint): Japanese in Noto Sans CJK, tables that break across pages with their
headings repeated on every page (a table's <thead> repeats; rows never split)."""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string

from parlor.reports.data import DailyReportData, Section
from parlor.reports.render.text import display, is_number, plain


def _cells(values: tuple[Any, ...]) -> list[dict[str, Any]]:
    return [{"text": display(value), "number": is_number(value)} for value in values]


def _section(section: Section) -> dict[str, Any]:
    return {
        "key": section.key,
        "title": section.title,
        "note": section.note,
        "columns": section.columns,
        "rows": [_cells(row) for row in section.rows],
        "total": _cells(section.total) if section.total is not None else None,
    }


def render_pdf(data: DailyReportData) -> bytes:
    # WeasyPrint loads Pango through cffi: imported here, so a web process that never renders
    # a PDF does not need the libraries.
    from weasyprint import HTML

    html = render_to_string(
        "reports/daily_report_pdf.html",
        {
            "report": data,
            "period": f"{plain(data.starts_at)} – {plain(data.ends_at)}",  # the parlor's time
            "sections": [_section(s) for s in data.sections],
        },
    )
    return bytes(HTML(string=html).write_pdf())
