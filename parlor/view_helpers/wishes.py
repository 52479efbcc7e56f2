"""A wish (希望) on the counter: the text staff read and the one-value form of a kind of table.

A kind of table travels in a form as one token, "4|standard|50" (player count, ruleset key,
rate; an empty part is taken as it comes), so changing a wish is one tap on its button and
the check-in's choice is one select.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import get_language, pgettext

from parlor.domain.wishes import TableKind, Wish
from parlor.errors import InvalidInput
from parlor.selectors.waiting import TableKindOffer
from parlor.units_text import rate_text


def wish_token(wish: Wish | TableKind) -> str:
    """The form value of a wish or a kind of table; "" is any table.

    >>> wish_token(TableKind(4, "standard", 50)), wish_token(Wish())
    ('4|standard|50', '')
    """
    parts = (wish.player_count, wish.ruleset_key, wish.rate_yen_per_p)
    if not any(parts):
        return ""
    return "|".join("" if part is None else str(part) for part in parts)


def wish_of_token(token: str) -> Wish:
    """The wish a form sent; a token the page never offered is refused, naming the field."""
    token = token.strip()
    if not token:
        return Wish()
    parts = token.split("|")
    try:
        count, key, rate = parts
        return Wish(
            player_count=int(count) if count else None,
            ruleset_key=key,
            rate_yen_per_p=int(rate) if rate else None,
        )
    except ValueError as exc:
        raise InvalidInput(
            f"the wish {token!r} is not one this page offers", code="invalid_value", field="wish"
        ) from exc


@dataclass(frozen=True, slots=True)
class WishChoice:
    token: str
    label: str


def wish_choices(offers: Sequence[TableKindOffer]) -> list[WishChoice]:
    """Any table first (どこでも), then each kind of table the parlor plays."""
    anything = WishChoice("", pgettext("wish", "Any table"))
    return [anything, *(WishChoice(wish_token(o.kind), _kind_text(o)) for o in offers)]


def wish_label(wish: Wish, offers: Sequence[TableKindOffer]) -> str:
    """What a guest wants, in words: 「4人・標準ルール・50 円/1,000点」 or 「どこでも」."""
    if wish.is_any:
        return pgettext("wish", "Any table")
    fitting = [o for o in offers if wish.matches(o.kind)]
    parts = []
    if wish.player_count is not None:
        parts.append(_players(wish.player_count))
    if wish.ruleset_key:
        parts.append(_title(fitting[0]) if fitting else wish.ruleset_key)
    if wish.rate_yen_per_p is not None:
        parts.append(_rate(wish.rate_yen_per_p, fitting))
    return pgettext("wish parts separator", " · ").join(parts)


def _kind_text(offer: TableKindOffer) -> str:
    kind = offer.kind
    parts = [_players(kind.player_count), _title(offer)]
    if kind.rate_yen_per_p is not None:
        parts.append(_rate(kind.rate_yen_per_p, [offer]))
    return pgettext("wish parts separator", " · ").join(parts)


def _players(count: int) -> str:
    return pgettext("wish", "%(count)s players") % {"count": count}


def _title(offer: TableKindOffer) -> str:
    ja = (get_language() or "ja").startswith("ja")
    return offer.ruleset_title if ja or not offer.ruleset_title_en else offer.ruleset_title_en


def _rate(yen: int, fitting: Sequence[TableKindOffer]) -> str:
    if not fitting:
        return pgettext("wish", "rate %(yen)s") % {"yen": yen}
    return rate_text(yen, fitting[0].rate_basis)
