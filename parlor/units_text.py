"""A result and a rate as people read them, with their unit, in the active language.

The values and their arithmetic are domain.units'; every page, receipt and report that writes a
result or a rate writes it here, so "+16,000点" and "50 円/1,000点" read the same everywhere.
"""

from __future__ import annotations

from django.utils.translation import pgettext

from parlor.domain.units import RateBasis, Result, SettlementUnit


def result_text(result: Result) -> str:
    """+52.0p, +16,000点 (points), +30点 (a point count)."""
    number = result.number()
    if result.unit is SettlementUnit.P_1000:
        return pgettext("result in p", "%(number)sp") % {"number": number}
    if result.unit is SettlementUnit.POINTS:
        return pgettext("result in points", "%(number)s pts") % {"number": number}
    return pgettext("result in a point count", "%(number)s pt") % {"number": number}


def unit_name(unit: SettlementUnit) -> str:
    """The unit a result is in: p, points (点棒) or a point count's 点."""
    if unit is SettlementUnit.P_1000:
        return pgettext("result unit", "p (1p = 1,000 points)")
    if unit is SettlementUnit.POINTS:
        return pgettext("result unit", "points")
    return pgettext("result unit", "point count (点)")


def rate_basis_text(basis: RateBasis) -> str:
    """What a rate is per: 円/1,000点 or 円/点."""
    if basis is RateBasis.PER_TEN:
        return pgettext("rate basis", "yen per 点 (point count)")
    return pgettext("rate basis", "yen per 1,000 points")


def rate_text(yen: int, basis: RateBasis) -> str:
    """50 円/1,000点, 30 円/点."""
    if basis is RateBasis.PER_TEN:
        return pgettext("rate", "%(yen)s yen per 点") % {"yen": f"{yen:,}"}
    return pgettext("rate", "%(yen)s yen per 1,000 points") % {"yen": f"{yen:,}"}
