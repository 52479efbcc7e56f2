"""A game record's refusals that name its hands, in the staff's language: web/errors.py shows
these instead of the engine's sentence, which counts hands from 0, in English."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring import RecordError


def record_refusal(exc: Exception) -> str | None:
    """The sentence for a hand that cannot follow the game's end, hands counted from 1 (a
    correction that ends the game before hands recorded after it); None for any other error.

    The engine's RecordError names the hand that cannot follow by its index from 0: the game
    ended after the hand before it, which staff call hand `index`.
    """
    if not isinstance(exc, RecordError) or exc.code != "hand_after_end" or exc.hand is None:
        return None
    return _(
        "With this entry the game ends after hand %(number)s, so hand %(next)s and the ones "
        "after it cannot follow: undo them first, or check this entry."
    ) % {"number": exc.hand, "next": exc.hand + 1}
