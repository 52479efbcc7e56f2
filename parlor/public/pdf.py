"""HTML to PDF with WeasyPrint. Japanese needs a CJK font on the machine (Debian: fonts-noto-cjk);
WeasyPrint itself needs Pango (libpango-1.0-0, libpangoft2-1.0-0).

WeasyPrint is imported on first use, so a process that never renders a receipt neither pays for
the import (it parses its default style sheets) nor needs Pango."""

from __future__ import annotations

import logging
import math
from collections.abc import Callable
from functools import cache
from typing import Any

from parlor.errors import DomainError
from parlor.security.text import writer_safe

# WeasyPrint logs every rendering step at INFO (its import included); only its warnings are
# worth a log line.
logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)

ROLL_END = "receipt-end"  # the id of an empty element after the last line of a roll receipt
ROLL_MEASURE_MM = 5000.0  # a page longer than any receipt (a PDF page is at most 5,080 mm)
MM_PER_CSS_PX = 25.4 / 96


class PdfUnavailable(DomainError):
    status_code = 503
    code = "pdf_unavailable"


@cache
def _html_class() -> Any:
    try:
        from weasyprint import HTML
    except OSError:  # Pango is missing: the service runs, only PDFs are refused
        return None
    return HTML


def _html_class_or_refuse() -> Any:
    html_class = _html_class()
    if html_class is None:
        raise PdfUnavailable("PDF receipts need Pango on the server: print the HTML receipt")
    return html_class


def pdf_available() -> bool:
    return _html_class() is not None


def html_to_pdf(html: str, *, base_url: str) -> bytes:
    """The PDF of a self-contained page (its CSS inline): fonts embedded, text extractable.
    A control character in stored text (a name from before the doors refused it) prints as
    U+FFFD, like the daily report's."""
    html_class = _html_class_or_refuse()
    pdf: bytes | None = html_class(string=writer_safe(html), base_url=base_url).write_pdf()
    assert pdf is not None  # write_pdf returns bytes when given no target
    return pdf


def html_to_roll_pdf(html: Callable[[float | None], str], *, base_url: str) -> bytes:
    """The PDF of a receipt for roll paper: one page exactly as long as the receipt.

    `html(height_mm)` is the page with its @page height set to `height_mm` and no bottom
    margin (the end marker, id ROLL_END, is the paper fed out before the cut). It is laid out
    once on a page longer than any receipt, the bottom of the end marker gives the length,
    and it is rendered again at that length: a roll has no page breaks.
    """
    html_class = _html_class_or_refuse()
    measured = html_class(string=writer_safe(html(ROLL_MEASURE_MM)), base_url=base_url).render()
    first = measured.pages[0]
    if len(measured.pages) > 1 or ROLL_END not in first.anchors:
        return bytes(measured.write_pdf())  # longer than 5 m of paper: pages it is
    _x, _y, _right, bottom_px = first.anchors[ROLL_END]
    height_mm = math.ceil(bottom_px * MM_PER_CSS_PX * 10) / 10  # up to a tenth: never 2 pages
    pdf: bytes | None = html_class(
        string=writer_safe(html(height_mm)), base_url=base_url
    ).write_pdf()
    assert pdf is not None
    return pdf
