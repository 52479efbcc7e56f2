"""HTML to PDF with WeasyPrint. Japanese needs a CJK font on the machine (Debian: fonts-noto-cjk);
WeasyPrint itself needs Pango (libpango-1.0-0, libpangoft2-1.0-0)."""

from __future__ import annotations

import logging

from parlor.services.errors import DomainError

try:
    from weasyprint import HTML
except OSError:  # Pango is missing: the service runs, only PDFs are refused
    HTML = None


# WeasyPrint logs every rendering step at INFO; only its warnings are worth a log line.
logging.getLogger("weasyprint.progress").setLevel(logging.WARNING)


class PdfUnavailable(DomainError):
    status_code = 503
    code = "pdf_unavailable"


def pdf_available() -> bool:
    return HTML is not None


def html_to_pdf(html: str, *, base_url: str) -> bytes:
    """The PDF of a self-contained page (its CSS inline): fonts embedded, text extractable."""
    if HTML is None:
        raise PdfUnavailable("PDF receipts need Pango on the server: print the HTML receipt")
    pdf = HTML(string=html, base_url=base_url).write_pdf()
    assert pdf is not None  # write_pdf returns bytes when given no target
    return pdf
