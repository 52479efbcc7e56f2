"""HTML to PDF with WeasyPrint. Japanese needs a CJK font on the machine (Debian: fonts-noto-cjk);
WeasyPrint itself needs Pango (libpango-1.0-0, libpangoft2-1.0-0).

WeasyPrint is imported on first use, so a process that never renders a receipt neither pays for
the import (it parses its default style sheets) nor needs Pango."""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

from parlor.services.errors import DomainError

# WeasyPrint logs every rendering step at INFO (its import included); only its warnings are
# worth a log line.
logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)


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


def pdf_available() -> bool:
    return _html_class() is not None


def html_to_pdf(html: str, *, base_url: str) -> bytes:
    """The PDF of a self-contained page (its CSS inline): fonts embedded, text extractable."""
    html_class = _html_class()
    if html_class is None:
        raise PdfUnavailable("PDF receipts need Pango on the server: print the HTML receipt")
    pdf = html_class(string=html, base_url=base_url).write_pdf()
    assert pdf is not None  # write_pdf returns bytes when given no target
    return pdf
