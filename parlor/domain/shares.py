"""Shares (割合) as integers: a part of a whole in tenths of a percent, and their text.

Pure arithmetic for the statistics (selectors.yaku_stats) and the daily report's `Percent`
cells, so the player page, the CSV, the XLSX and the PDF round and write a share alike.
"""

from __future__ import annotations


def share_tenths(part: int, whole: int) -> int | None:
    """`part` of `whole` in tenths of a percent, rounded half up; None of nothing.

    >>> share_tenths(1, 3), share_tenths(2, 3), share_tenths(0, 0)
    (333, 667, None)
    """
    if whole <= 0:
        return None
    return (2000 * part + whole) // (2 * whole)


def percent_number(tenths: int) -> str:
    """A share's number of percent, one decimal: 429 is "42.9".

    >>> percent_number(429), percent_number(5), percent_number(1000)
    ('42.9', '0.5', '100.0')
    """
    return f"{tenths // 10}.{tenths % 10}"
