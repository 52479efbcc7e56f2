"""The daily report PDF's Japanese font: a TrueType file registered with reportlab once per process.

reportlab embeds TrueType outlines only. It cannot embed the CFF outlines of Noto Sans CJK,
so the report uses IPA P Gothic (Debian: fonts-ipafont-gothic). REPORT_PDF_FONT names another
.ttf with Japanese glyphs.
"""

from __future__ import annotations

import functools
import hashlib
import os

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from parlor.env import env_str

DEFAULT_FONT = "/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf"
DEBIAN_PACKAGE = "fonts-ipafont-gothic"


class ReportFontError(RuntimeError):
    """The PDF font is missing or is not a TrueType font that reportlab can embed."""


def font_path() -> str:
    """REPORT_PDF_FONT, read when a PDF is made (default: IPA P Gothic from Debian)."""
    return env_str("REPORT_PDF_FONT", "").strip() or DEFAULT_FONT


def report_font() -> str:
    """The registered name of the report's font (registers it on first use)."""
    return _registered(font_path())


@functools.cache
def _registered(path: str) -> str:
    if not os.path.isfile(path):
        raise ReportFontError(
            f"The daily report's PDF font {path} is missing: install the Debian package "
            f"{DEBIAN_PACKAGE} (apt-get install {DEBIAN_PACKAGE}), or set REPORT_PDF_FONT "
            "to a TrueType (.ttf) font with Japanese glyphs."
        )
    # One name per file, so that a second path (a test, a changed setting) never replaces
    # a font that a PDF being made in another thread is using.
    name = "TenboReport-" + hashlib.sha1(path.encode(), usedforsecurity=False).hexdigest()[:8]
    try:
        pdfmetrics.registerFont(TTFont(name, path))
    except TTFError as error:
        raise ReportFontError(
            f"The daily report's PDF font {path} cannot be embedded ({error}): reportlab needs "
            f"TrueType outlines, such as IPA P Gothic from the Debian package {DEBIAN_PACKAGE}."
        ) from error
    return name
