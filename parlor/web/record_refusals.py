"""A game record's refusals that name its hands, in the staff's language: web/errors.py shows
these instead of the engine's sentence, which counts hands from 0, in English."""

from __future__ import annotations

from django.utils.translation import gettext as _

from scoring import RecordError


def record_refusal(exc: Exception, *, game_over: bool = False) -> str | None:
    """The sentence for a hand that cannot follow the game's end, hands counted from 1 (a
    correction that ends the game before hands recorded after it); None for any other error.

    The engine's RecordError names the hand that cannot follow by its index from 0: the game
    ended after the hand before it, which staff call hand `index`. On a game that is over
    (`game_over`) no hand can be undone (hand_undo_last), so the sentence says what can be
    done instead: check the entry, or correct the hands one by one (hand_correct takes a
    finished game's hands, from the history).
    """
    if not isinstance(exc, RecordError) or exc.code != "hand_after_end" or exc.hand is None:
        return None
    if game_over:
        return _(
            "With this entry the game ends after hand %(number)s, but hand %(next)s and the "
            "ones after it are recorded, and the hands of a finished game cannot be undone: "
            "check this entry. Each hand can still be corrected, one at a time, from the history."
        ) % {"number": exc.hand, "next": exc.hand + 1}
    return _(
        "With this entry the game ends after hand %(number)s, so hand %(next)s and the ones "
        "after it cannot follow: undo them first, or check this entry."
    ) % {"number": exc.hand, "next": exc.hand + 1}
