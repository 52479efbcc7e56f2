"""What a waiting guest wants to play (希望): a kind of table, or any table.

The parlor's kinds of table are what its active tables play: a game type (3 or 4 players), a
ruleset and a rate. A wish names any of those three; what it leaves out it takes as it comes
(no part at all: any table, 「どこでも」). Pure values, so the counter, the API and the waiting
list read one structure and one check.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class TableKind:
    """What one active table plays; rate None: the game type has no money settings."""

    player_count: int  # 3 or 4 (三麻 / 四麻)
    ruleset_key: str
    rate_yen_per_p: int | None  # レート


@dataclass(frozen=True, slots=True)
class Wish:
    """A guest's wish (希望); a part left None (or "") is taken as it comes.

    >>> Wish(player_count=4).matches(TableKind(4, "standard", 50))
    True
    >>> Wish(player_count=4, rate_yen_per_p=100).matches(TableKind(4, "standard", 50))
    False
    >>> Wish().is_any, Wish.from_json(None) == Wish()
    (True, True)
    """

    player_count: int | None = None
    ruleset_key: str = ""
    rate_yen_per_p: int | None = None  # レート

    @classmethod
    def for_kind(cls, kind: TableKind) -> Wish:
        """A wish for exactly this kind of table (game type, ruleset and rate).

        >>> Wish.for_kind(TableKind(3, "sanma", 100)).matches(TableKind(3, "sanma", 50))
        False
        """
        return cls(kind.player_count, kind.ruleset_key, kind.rate_yen_per_p)

    @property
    def is_any(self) -> bool:
        return self.player_count is None and not self.ruleset_key and self.rate_yen_per_p is None

    def matches(self, kind: TableKind) -> bool:
        return (
            self.player_count in (None, kind.player_count)
            and self.ruleset_key in ("", kind.ruleset_key)
            and self.rate_yen_per_p in (None, kind.rate_yen_per_p)
        )

    def to_json(self) -> dict[str, Any] | None:
        """The stored form: None for any table, else the parts the wish names.

        >>> Wish(player_count=3).to_json(), Wish().to_json()
        ({'player_count': 3}, None)
        """
        parts = {
            "player_count": self.player_count,
            "ruleset_key": self.ruleset_key or None,
            "rate_yen_per_p": self.rate_yen_per_p,
        }
        named = {name: value for name, value in parts.items() if value is not None}
        return named or None

    @classmethod
    def from_json(cls, stored: Mapping[str, Any] | None) -> Wish:
        stored = stored or {}
        return cls(
            player_count=stored.get("player_count"),
            ruleset_key=stored.get("ruleset_key") or "",
            rate_yen_per_p=stored.get("rate_yen_per_p"),
        )


@dataclass(frozen=True, slots=True)
class WishRefusal:
    """Why a wish cannot be met at this parlor: the field, a stable code, the values it has."""

    field: str
    code: str
    offered: tuple[str, ...]


def wish_refusal(wish: Wish, kinds: Iterable[TableKind]) -> WishRefusal | None:
    """None when one of the active tables plays what the wish names, else the first part no
    table plays (checked in the order player count, ruleset, rate), or the whole wish when
    each part is played but never together.

    >>> kinds = [TableKind(4, "standard", 50), TableKind(3, "sanma", 100)]
    >>> wish_refusal(Wish(player_count=3), kinds) is None
    True
    >>> wish_refusal(Wish(rate_yen_per_p=30), kinds)
    WishRefusal(field='rate_yen_per_p', code='wish_rate_not_played', offered=('50', '100'))
    >>> wish_refusal(Wish(player_count=3, rate_yen_per_p=50), kinds).field
    'wish'
    """
    kinds = list(kinds)
    checks = (
        ("player_count", "wish_player_count_not_played", wish.player_count, "player_count"),
        ("ruleset_key", "wish_ruleset_not_played", wish.ruleset_key or None, "ruleset_key"),
        ("rate_yen_per_p", "wish_rate_not_played", wish.rate_yen_per_p, "rate_yen_per_p"),
    )
    for field, code, wanted, attribute in checks:
        played = _distinct(getattr(kind, attribute) for kind in kinds)
        if wanted is not None and wanted not in played:
            return WishRefusal(field, code, tuple(str(value) for value in played))
    if any(wish.matches(kind) for kind in kinds):
        return None
    return WishRefusal("wish", "wish_not_played", ())


def _distinct(values: Iterable[Any]) -> list[Any]:
    """Each value once, in the order first seen, without None."""
    return list(dict.fromkeys(value for value in values if value is not None))
