"""A table's own money terms over the parlor's default: what it sets, and what it inherits.

A table that follows the parlor's terms stores nothing; one that sets a term (a 点ピン table's
rate beside 点5 ones, a dearer game fee) stores that term only, and inherits the others from the
parlor's default for its game type, so a later change of the default reaches it. No Django here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

from parlor.domain.money import Terms

TERM_NAMES = tuple(field.name for field in fields(Terms))


@dataclass(frozen=True, slots=True)
class OwnTerms:
    """Terms where None is a term not set here (inherited from the default).

    >>> own = OwnTerms(game_fee_yen=600)
    >>> own.over(Terms(50, 100, "each", 500, 0, 10)) == Terms(50, 100, "each", 600, 0, 10)
    True
    >>> own.set_names()
    ('game_fee_yen',)
    """

    rate_yen_per_p: int | None = None
    chip_value_yen: int | None = None
    fee_model: str | None = None
    game_fee_yen: int | None = None
    top_prize_yen: int | None = None
    money_unit_yen: int | None = None

    @classmethod
    def of(cls, values: Mapping[str, object]) -> OwnTerms:
        """From a mapping by term name; a missing name or None is inherited."""
        return cls(**{name: values.get(name) for name in TERM_NAMES})  # type: ignore[arg-type]

    @classmethod
    def every(cls, terms: Terms) -> OwnTerms:
        """Every term set: a default's terms, or a table that sets them all."""
        return cls(**{name: getattr(terms, name) for name in TERM_NAMES})

    def as_dict(self) -> dict[str, object]:
        return {name: getattr(self, name) for name in TERM_NAMES}

    def set_names(self) -> tuple[str, ...]:
        """The terms set here, in the order of Terms."""
        return tuple(name for name in TERM_NAMES if getattr(self, name) is not None)

    def missing(self) -> tuple[str, ...]:
        """The terms not set here."""
        return tuple(name for name in TERM_NAMES if getattr(self, name) is None)

    def over(self, default: Terms | None) -> Terms | None:
        """The terms a game plays under: these, and the default's where these inherit.

        None when a term is set nowhere (no default for the game type, and not set here).
        """
        values = self.as_dict()
        for name in self.missing():
            if default is None:
                return None
            values[name] = getattr(default, name)
        return Terms.of(values)
