"""The cash drawer at the close of a business day (締め): what should be in it and what is.

expected = float + paid in − paid out, where the float (釣り銭準備金) is the change the drawer
started the day with, and paid in / paid out are the check-outs and the adjustments paid at
the counter that day. The counted cash is the counts of each note and coin, summed here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from parlor.errors import InvalidInput

# Japanese notes and coins in circulation, largest first (the 2,000 yen note included).
DENOMINATIONS_YEN: tuple[int, ...] = (10_000, 5_000, 2_000, 1_000, 500, 100, 50, 10, 5, 1)
MAX_COUNT = 100_000  # notes or coins of one kind: far above any drawer
MAX_FLOAT_YEN = 10_000_000


def paid_in_out(total_yen: int) -> tuple[int, int]:
    """(paid in, paid out) of a total signed from the player's side (+ paid to the player).

    >>> paid_in_out(-3_400), paid_in_out(1_200)
    ((3400, 0), (0, 1200))
    """
    return (-total_yen, 0) if total_yen < 0 else (0, total_yen)


@dataclass(frozen=True, slots=True)
class Drawer:
    """What the drawer should hold at the close, from the float and the day's cash lines."""

    float_yen: int  # 釣り銭準備金
    paid_in_yen: int
    paid_out_yen: int

    @property
    def expected_yen(self) -> int:
        """Float + paid in − paid out.

        >>> Drawer(30_000, 12_000, 5_000).expected_yen
        37000
        """
        return self.float_yen + self.paid_in_yen - self.paid_out_yen


def drawer_of(float_yen: int, totals_yen: list[int]) -> Drawer:
    """The drawer after the day's cash lines, each signed from the player's side.

    >>> drawer_of(30_000, [-4_000, 1_500, -200])
    Drawer(float_yen=30000, paid_in_yen=4200, paid_out_yen=1500)
    """
    moves = [paid_in_out(total) for total in totals_yen]
    return Drawer(float_yen, sum(m[0] for m in moves), sum(m[1] for m in moves))


def cash_counts_read(counts: Mapping[str | int, object]) -> dict[int, int]:
    """The counts of each denomination, checked: every key a note or coin, every count a whole
    number from 0 up. Missing denominations count 0. Raises InvalidInput naming the field.

    >>> cash_counts_read({"10000": 3, 500: "2"})[10_000]
    3
    """
    read = dict.fromkeys(DENOMINATIONS_YEN, 0)
    for key, value in counts.items():
        try:
            denomination = int(key)
        except (TypeError, ValueError):
            denomination = -1
        if denomination not in read:
            raise InvalidInput(
                f"{key} yen is not a Japanese note or coin",
                code="invalid_denomination",
                field="counts",
            )
        count = _count(value)
        if count is None or not 0 <= count <= MAX_COUNT:
            raise InvalidInput(
                f"the count of {denomination:,} yen is a whole number from 0 to {MAX_COUNT:,}",
                code="invalid_count",
                field=f"count_{denomination}",
            )
        read[denomination] = count
    return read


def _count(value: object) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        if text == "":
            return 0
        return int(text) if text.isdigit() else None
    return None


def counted_yen(counts: Mapping[int, int]) -> int:
    """The cash counted: Σ denomination × count.

    >>> counted_yen({10_000: 3, 1_000: 4, 100: 7, 1: 2})
    34702
    """
    return sum(denomination * count for denomination, count in counts.items())
