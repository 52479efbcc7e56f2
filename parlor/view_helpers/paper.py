"""The paper a receipt is printed on: the counter's roll (80 mm or 58 mm) or an A4 sheet.

A roll printer's paper is as long as the receipt: the PDF of a roll receipt is exactly the
roll's width wide and as tall as its content (parlor/public/pdf.py measures it).
"""

from __future__ import annotations

from enum import StrEnum

from django.utils.translation import gettext as _

from parlor.errors import InvalidInput


class Paper(StrEnum):
    ROLL_80 = "80"  # 80 mm roll, the common receipt printer at a counter
    ROLL_58 = "58"  # 58 mm roll, small and mobile printers
    A4 = "a4"

    @property
    def is_roll(self) -> bool:
        return self is not Paper.A4

    @property
    def width_mm(self) -> int:
        return {Paper.ROLL_80: 80, Paper.ROLL_58: 58, Paper.A4: 210}[self]

    @property
    def side_margin_mm(self) -> int:
        """What a roll printer cannot print on either side: 80 mm rolls print 72 mm, 58 mm
        rolls 48 mm."""
        return {Paper.ROLL_80: 4, Paper.ROLL_58: 5, Paper.A4: 15}[self]

    @property
    def label(self) -> str:
        return _("A4") if self is Paper.A4 else f"{self.width_mm} mm"


PAPERS = (Paper.ROLL_80, Paper.ROLL_58, Paper.A4)  # the order the counter offers them in


def paper_of(value: str | None) -> Paper:
    """The paper a request names (?paper=80, 58 or a4); A4 when it names none.

    >>> paper_of("58"), paper_of(None)
    (<Paper.ROLL_58: '58'>, <Paper.A4: 'a4'>)
    """
    if not value:
        return Paper.A4
    try:
        return Paper(value.strip().lower().removesuffix("mm"))
    except ValueError:
        raise InvalidInput(
            _("Unknown paper “%(value)s”: choose 80, 58 or a4.") % {"value": value[:20]},
            code="paper_unknown",
            field="paper",
        ) from None
