"""Text a person typed: what every door refuses, and what every writer replaces.

A control character is nothing a person types at a counter, and some writers cannot take one
at all: PostgreSQL's text columns refuse NUL, openpyxl raises IllegalCharacterError for most of
C0 (a player named with a BEL once failed every XLSX build of that day), and a lone surrogate
(which a JSON body can carry as an escape) cannot be written as UTF-8 anywhere. So the doors
that store typed text refuse them (text_check, one function for the API's fields, the forms and
the services), and the writers pass stored text through writer_safe, for rows stored before the
doors refused them.
"""

from __future__ import annotations

import re
from typing import Any

from django.core.exceptions import ValidationError
from django.utils.deconstruct import deconstructible
from django.utils.translation import gettext_lazy

from parlor.errors import InvalidInput
from parlor.security.limits import REASON_MAX_LENGTH

# C0 but tab and line breaks, DEL, C1, and the surrogates (never valid alone in text).
_CONTROL_CHARACTERS = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
# A one-line value (a name, a label, a title) has no use for tabs or line breaks either.
_LINE_CONTROL_CHARACTERS = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
# What a writer shows in place of a character it cannot take: U+FFFD, the replacement character.
REPLACEMENT = "\ufffd"


def has_control_characters(text: str, *, one_line: bool = False) -> bool:
    """Whether `text` holds a control character (a tab or a line break counts in `one_line`)."""
    pattern = _LINE_CONTROL_CHARACTERS if one_line else _CONTROL_CHARACTERS
    return pattern.search(text) is not None


def text_check(value: str, *, field: str, max_length: int, one_line: bool = True) -> str:
    """`value` as typed, or InvalidInput naming `field`: over `max_length` characters
    (code too_long) or holding a control character (code control_characters)."""
    if len(value) > max_length:
        raise InvalidInput(
            f"{field} is {max_length} characters at most", code="too_long", field=field
        )
    if has_control_characters(value, one_line=one_line):
        raise InvalidInput(
            f"{field} must not contain control characters (such as NUL or BEL)",
            code="control_characters",
            field=field,
        )
    return value


def reason_check(value: str, *, missing: str) -> str:
    """The reason a person gave for a change (a hand corrected, a game voided), stripped: none
    is refused with `missing` (code reason_required), and it is checked as text_check does."""
    value = value.strip()
    if not value:
        raise InvalidInput(missing, code="reason_required", field="reason")
    return text_check(value, field="reason", max_length=REASON_MAX_LENGTH, one_line=False)


def writer_safe(text: str) -> str:
    """`text` with each control character a writer cannot take (tab and line breaks stay)
    replaced by U+FFFD, so text stored before the doors refused it still prints."""
    return _CONTROL_CHARACTERS.sub(REPLACEMENT, text)


@deconstructible
class OneLineText:
    """A model field's validator, so that a form made from the model (the admin's) refuses
    what the services refuse: a control character, tabs and line breaks included."""

    message = gettext_lazy("Remove the special characters (such as NUL) from the text.")
    code = "control_characters"

    def __call__(self, value: Any) -> None:
        if isinstance(value, str) and has_control_characters(value, one_line=True):
            raise ValidationError(self.message, code=self.code)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, OneLineText)

    def __hash__(self) -> int:
        return hash(OneLineText)
