"""Natural order for the labels staff give tables (卓番): 1, 2, … 9, 10, not 1, 10, 2.

Pure Python, no Django: the floor, the counter, the reports and the admin all sort with the
same key, so a table is never in two different places on two screens.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from typing import TypeVar

_RUNS = re.compile(r"(\d+)")
T = TypeVar("T")

NaturalKey = tuple[tuple[int, int, str], ...]


def natural_key(label: str) -> NaturalKey:
    """A sort key that orders the digit runs of `label` by value and the rest by text.

    Full-width digits (１０) count as the same number as half-width ones (10), which is how staff
    on a Japanese keyboard often type them. A number sorts before text at the same place.

    >>> sorted(["10", "2", "VIP", "1", "１１", "2b", "2a"], key=natural_key)
    ['1', '2', '2a', '2b', '10', '１１', 'VIP']
    """
    text = unicodedata.normalize("NFKC", label).casefold().strip()
    parts = []
    for at, run in enumerate(_RUNS.split(text)):
        if at % 2:  # split() puts the captured digit runs at the odd places
            parts.append((0, int(run), run))
        elif run:
            parts.append((1, 0, run))
    return tuple(parts)


def natural_sorted(items: Iterable[T], *, label: Callable[[T], str]) -> list[T]:
    """`items` in the natural order of their labels (the original order breaks ties)."""
    return sorted(items, key=lambda item: natural_key(label(item)))
