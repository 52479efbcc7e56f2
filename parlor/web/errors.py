"""Errors in the staff's language, next to the field they concern.

The engine and the services raise errors with a stable `code` and an English message. The
tablet shows a sentence for each code it knows, in the active language, and names the part of
the pad the field belongs to (seats, value, options), so the message appears beside it.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from parlor.errors import DomainError
from parlor.services.money_guard import LargeAmountNeedsManager
from parlor.web.event_refusals import event_refusals, event_refusals_with_params
from parlor.web.money_refusals import (
    large_amount_text,
    money_refusals,
    money_refusals_with_params,
)
from parlor.web.record_refusals import record_refusal
from scoring import RecordError, ScoringError

# The part of the pad a field path points at: the first pattern that matches wins.
_AREAS = (
    (re.compile(r"(^|\.)penalties(\[\d+\])?(\.\w+)?$"), "penalties"),
    (re.compile(r"(^|\.)compensation(\.\w+)?$"), "compensation"),
    (re.compile(r"\.(han|fu|yakuman|points|pao|dora|chips)(\[\d+\])?$"), "value"),
    (re.compile(r"(dice|wareme|stop)$"), "options"),
    (
        re.compile(
            r"(loser|winner|wins|win|tenpai|nagashi|offender|riichi|open_riichi|"
            r"riichi_cancelled|sit_out)(\[\d+\])?$"
        ),
        "seats",
    ),
    (re.compile(r"^reason$"), "reason"),
)


def _messages() -> dict[str, str]:
    """Long because it is one table: every refusal code with its words, in the language."""
    broken_key = _("The tablet sent a broken entry key: reload the page and send it again.")
    return {
        "below_min_han": _("This ruleset needs more han for a win."),
        "impossible_value": _("This han and fu cannot occur together."),
        "tsumo_with_loser": _("A tsumo has no loser: everyone pays."),
        "riichi_below_minimum": _("A player below the riichi minimum cannot declare riichi."),
        "noten_riichi": _("A riichi player must be tenpai at a draw here."),
        "nagashi_not_allowed": _(
            "This ruleset has no nagashi mangan: record the draw with the tenpai players only."
        ),
        "stop_not_allowed": _("The dealer cannot stop here."),
        "dealer_sits_out": _("The dealer cannot sit out."),
        "missing_field": _("Something is missing: finish the entry."),
        "out_of_range": _("A value is out of range."),
        "game_finished": _("The game is already over: correct a hand instead."),
        "game_cancelled": _("The game was voided: it counts for nothing."),
        "hand_already_recorded": _(
            "Another tablet recorded this hand first. Reload the table, and correct the hand "
            "if it is wrong."
        ),
        "hand_out_of_order": _("The hand number is out of date: reload the table."),
        "idempotency_key_reused": _("This entry was already sent with different content."),
        "reason_required": _("Say why the hand is corrected."),
        "table_has_open_game": _("This table already has a game in progress."),
        "seat_draw_required": _("Seats must be drawn again before this game."),
        "wrong_player_count": _("Choose the number of players this ruleset needs."),
        "duplicate_player": _("A player cannot take two seats."),
        "not_last_hand": _("Only the last hand can be undone; correct earlier hands."),
        "no_hand": _("There is no hand to undo."),
        "label_required": _("Enter a table number."),
        "hand_version_not_found": _("This screen is out of date: reload it and try again."),
        "hand_version_required": _("This screen is out of date: reload it and try again."),
        "dead_hand_win": _("A player with a dead hand cannot win."),
        "dead_hand_tenpai": _("A player with a dead hand cannot be tenpai."),
        "chombo_replays": _("After this chombo the hand is replayed: enter it as a chombo."),
        "sit_out_penalty": _("The player sitting out cannot be penalised this way."),
        "invalid_compensation": _("This chombo compensation is not valid."),
        "table_not_found": _("There is no such table at this parlor."),
        "game_not_found": _("There is no such game at this parlor."),
        "hand_not_found": _("The game has no such hand."),
        "unknown_player": _("Choose players of this parlor."),
        "role_required": _("This account cannot use the tablet: ask a manager."),
        "no_role": _("This account has no role at a parlor: ask a manager."),
        "not_authenticated": _("Sign in first."),
        "bad_json": _("The tablet sent something the server cannot read: reload the page."),
        "player_not_checked_in": _(
            "A player is not checked in: check them in before the game starts."
        ),
        "no_money_settings": _(
            "This table has no money settings, so checked-in players cannot play here: "
            "ask a manager."
        ),
        "visit_already_open": _("This player is already checked in."),
        "wish_player_count_not_played": _(
            "No table in use plays games for this number of players: choose another wish."
        ),
        "wish_ruleset_not_played": _("No table in use plays this ruleset: choose another wish."),
        "wish_rate_not_played": _("No table in use plays at this rate: choose another wish."),
        "wish_not_played": _(
            "No table in use plays these together: choose another wish, or leave a part open."
        ),
        "proposal_changed": _(
            "The floor changed since this proposal was shown: check the new proposal and "
            "confirm again."
        ),
        "visit_closed": _("This player has already checked out."),
        "visit_over": _("The last game of this player is over: check them out."),
        "visit_game_in_progress": _(
            "This player is still playing: finish the game first (or call the last game)."
        ),
        "visit_not_found": _("There is no such visit at this parlor."),
        "player_not_found": _("There is no such player at this parlor."),
        "name_required": _("Enter the player's name."),
        "too_long": _("This is too long: shorten it."),
        "invalid_value": _(
            "The tablet sent a value the server cannot use: reload the page and enter it again."
        ),
        "control_characters": _("Remove the special characters (such as NUL) from the text."),
        "idempotency_key_invalid": broken_key,
        "idempotency_key_too_long": broken_key,
        "member_number_required": _("A member needs a member number."),
        "member_number_taken": _(
            "This member number is already someone else's: find them in the list and check "
            "them in there."
        ),
        "no_open_adjustment": _("This player has no open adjustment: it was settled already."),
        "player_in_open_game": _(
            "This person is in a game in progress at another table: finish or void that game first."
        ),
        "manager_required": _("Enter a manager's username."),
        "manager_password_wrong": _("Wrong username or password, or not a manager of this parlor."),
        "day_closed": _(
            "The business day is closed: this waits for the next business day, or a manager "
            "reopens the day on the close page."
        ),
        "adjustment_settled": _("This adjustment is already settled: reload the page."),
        "day_in_future": _(
            "That business day has not started yet: choose today or an earlier day."
        ),
        "game_not_in_visit": _("This player did not play that game during this visit."),
        "invalid_amount": _("This amount cannot be used for an adjustment."),
        "invalid_kind": _("Choose a kind from the list."),
        "member_is_self": _("You cannot do this to your own account: ask another manager."),
        "password_weak": _("This password is too easy to guess: choose a longer, rarer one."),
        "reason_too_long": _("The reason is too long: shorten it."),
        "ruleset_key_taken": _(
            "This key is taken (by a preset or another of this parlor's rulesets): choose another."
        ),
        "username_taken": _("This username is already taken: choose another."),
        "season_name_taken": _("The parlor has a season of that name already."),
        "season_closed": _("The season is closed already."),
        "season_not_over": _("The season's last business day has not ended yet."),
        "days_reversed": _("The last day comes before the first day."),
        **event_refusals(),
        **money_refusals(),
    }


def _messages_with_params() -> dict[str, str]:
    """Sentences that quote the error's params (who changed a hand, when); an error of one of
    these codes without params takes its plain sentence above, if it has one.
    Long because it is one table, like `_messages`."""
    return {
        "hand_changed_since": _(
            "Hand %(sequence)s was changed by %(who)s at %(when)s, after this screen showed "
            "it. Open the history again, and correct the hand again if it is still wrong."
        ),
        "hand_undone_since": _(
            "Hand %(sequence)s was undone by %(who)s at %(when)s, after this screen showed "
            "it. Open the game again."
        ),
        "hand_already_undone": _(
            "Hand %(sequence)s was already undone by %(who)s at %(when)s. Nothing more was undone."
        ),
        "table_label_taken": _("This parlor already has a table %(label)s."),
        "table_has_open_game": _(
            "Table %(table)s has a game in progress: change it after the game ends."
        ),
        "player_in_open_game": _(
            "%(name)s is in a game in progress at table %(table)s: finish or void that game first."
        ),
        "day_closed": _(
            "Business day %(day)s was closed at %(time)s by %(who)s: this waits for the next "
            "business day, or a manager reopens the day on the close page."
        ),
        "not_last_hand": _(
            "Hand %(sequence)s is no longer the last hand: hand %(last)s was recorded by "
            "%(who)s at %(when)s. Nothing was undone: undo hand %(last)s first, or correct "
            "hand %(sequence)s."
        ),
        "day_in_future": _(
            "Business day %(day)s has not started yet: choose today or an earlier day."
        ),
        "invalid_amount": _("An adjustment is 1 to %(max)s yen, either way."),
        "invalid_kind": _("A correction is not an adjustment: correct the game's hand instead."),
        "password_weak": _("This password cannot be used: %(reasons)s"),
        "reason_too_long": _("Say it in %(max)s characters or fewer."),
        "ruleset_key_taken": _(
            "The key %(key)s is taken (by a preset or another of this parlor's rulesets): "
            "choose another."
        ),
        "username_taken": _("The username %(username)s is already taken: choose another."),
        "member_number_taken": _(
            "Member number %(number)s is already %(name)s's: find them in the list."
        ),
        **event_refusals_with_params(),
        **money_refusals_with_params(),
    }


def _with_params(code: str, params: dict[str, str | int]) -> str | None:
    """The sentence for `code` quoting `params`, if there is one."""
    text = _messages_with_params().get(code) if params else None
    if text is None:
        return None
    return text % {**params, "who": params.get("who") or _("another user")}


def refusal_sentence(exc: DomainError) -> str | None:
    """A service's refusal in the active language: the sentence quoting its params, else the
    sentence for its code; None for a code with neither."""
    return _with_params(exc.code, exc.params) or _messages().get(exc.code)


# Errors about a penalty that the engine reports on the result (a dead hand that won, ...):
# shown beside the penalties, where staff entered what makes the result impossible.
_CODE_AREAS = {
    "dead_hand_win": "penalties",
    "dead_hand_tenpai": "penalties",
    "sit_out_penalty": "penalties",
    "chombo_replays": "penalties",
    "invalid_compensation": "compensation",
}


def error_area(field: str, code: str = "") -> str:
    if code in _CODE_AREAS:
        return _CODE_AREAS[code]
    for pattern, area in _AREAS:
        if pattern.search(field):
            return area
    return "general"


def error_payload(exc: Exception, *, game_over: bool = False) -> dict[str, Any]:
    """{code, message, detail, field, area} for a ScoringError or a DomainError; `game_over`:
    the game the refused entry is for has finished (record_refusal)."""
    if isinstance(exc, (ScoringError, DomainError)):
        code, message, field = exc.code, exc.message, exc.field
    else:  # pragma: no cover - callers pass only the two kinds above
        code, message, field = "error", str(exc), ""
    if isinstance(exc, RecordError) and field.startswith("hands["):
        field = field.split("]", 1)[1].lstrip(".")  # relative to the hand being entered
    known = record_refusal(exc, game_over=game_over) or _messages().get(code)
    if isinstance(exc, LargeAmountNeedsManager):
        known = large_amount_text(exc.line)
        return {"code": code, "message": known, "detail": "", "field": field, "area": "general"}
    if isinstance(exc, DomainError):
        known = _with_params(code, exc.params) or known
    in_english = (get_language() or "ja").startswith("en")
    # The engine's English sentence is the most precise one. Staff reading Japanese get the
    # sentence for its code, and the engine's words as a detail only for codes with none.
    if in_english:
        text, detail = record_refusal(exc, game_over=game_over) or message, ""
    elif known is not None:
        # The names and tables an error quotes are in its params' sentence, not in English.
        text, detail = known, ""
    else:
        text, detail = _("This entry cannot be recorded as it is."), message
    return {
        "code": code,
        "message": text,
        "detail": detail,
        "field": field,
        "area": error_area(field, code),
    }


def error_status(exc: Exception) -> int:
    if isinstance(exc, DomainError):
        return exc.status_code
    return 400
