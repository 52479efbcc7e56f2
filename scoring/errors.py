"""Errors raised by the engine. Each carries a stable ``code`` for programs and a
``message`` a member of staff can act on."""

from __future__ import annotations


class ScoringError(Exception):
    """Base class of every error the engine raises on bad input."""

    code = "scoring_error"

    def __init__(self, message: str, *, field: str = "", code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        if code is not None:
            self.code = code


class RulesetError(ScoringError):
    """A ruleset is incoherent or malformed; ``field`` names the parameter."""

    code = "invalid_ruleset"


class HandError(ScoringError):
    """A hand that cannot be settled as entered; ``field`` is relative to the hand."""

    code = "invalid_hand"


class RecordError(ScoringError):
    """A game record cannot be replayed; ``hand`` is the offending hand's index."""

    code = "invalid_record"

    def __init__(
        self, message: str, *, hand: int | None = None, field: str = "", code: str | None = None
    ) -> None:
        super().__init__(message, field=field, code=code)
        self.hand = hand

    def to_dict(self) -> dict[str, object]:
        return {"error": {"hand": self.hand, "field": self.field, "message": self.message,
                          "code": self.code}}
