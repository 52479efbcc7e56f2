"""Hand entry on the tablet: preview, record (once per Idempotency-Key), correct.

The pad's script posts a hand in tenbo-game/1 as JSON. Preview answers with the rendered
payments, so staff see every transfer before the hand counts; record and correct call the
same services as the API, under the same per-table Idempotency-Key, so a hand queued while
the Wi-Fi was down and sent twice is recorded once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.http import require_GET, require_POST
from rest_framework import serializers

from parlor.domain.hand_entries import hand_of
from parlor.domain.json_shapes import HandEntry
from parlor.errors import DomainError, NotFound
from parlor.models import Game, GameStatus, HandState
from parlor.security.limits import HAND_SEQUENCE_MAX
from parlor.selectors.access import game_for
from parlor.selectors.game_seats import seats_before
from parlor.services.hand_corrections import hand_correct
from parlor.services.hand_previews import HandPreview, correction_preview, hand_preview
from parlor.services.hands import hand_record_once
from parlor.services.idempotency import KeyedRequest, idempotent_call, request_keyed
from parlor.services.settlements import SettledMoneyChange
from parlor.view_helpers import hand_rows, labels, pages
from parlor.view_helpers.hand_inputs import HandCorrectInput, HandPreviewInput, HandRecordInput
from parlor.web.access import staff_page
from parlor.web.adjustments import settled_notice
from parlor.web.errors import error_payload, error_status
from parlor.web.game_state import state_html
from parlor.web.input import json_body, validated
from parlor.web.pad import pad_config, stop_is_optional
from parlor.web.strings import script_strings
from scoring import NextHand, ScoringError


class PreviewInput(HandPreviewInput):
    """The API's preview, and on the correction screen the number of the hand it replaces."""

    correct = serializers.IntegerField(
        min_value=1, max_value=HAND_SEQUENCE_MAX, required=False, allow_null=True
    )


class CorrectionInput(HandCorrectInput):
    """The API's correction, with the version the tablet's screen showed, which it always
    sends: a hand corrected or undone since is refused instead of overwritten."""

    version = serializers.IntegerField(min_value=1)


def _error(exc: DomainError | ScoringError, game: Game | None = None) -> JsonResponse:
    """The refusal as JSON; with the `game` a correction was for, its sentence knows whether
    the game is over."""
    game_over = game is not None and game.status == GameStatus.FINISHED
    payload = error_payload(exc, game_over=game_over)
    return JsonResponse({"ok": False, "error": payload}, status=error_status(exc))


def _can_stop(game: Game, entry: HandEntry, preview: HandPreview) -> bool:
    """Whether the all-last dealer may choose to stop after this hand (アガリ止め/テンパイ止め).

    Asked of the engine by previewing the same hand with `stop`: where the ruleset leaves the
    choice to the dealer the tablet offers it, and only then.
    """
    if preview.outcome.hand.stop:  # the dealer chose it already
        return True
    if not stop_is_optional(preview.ruleset) or preview.end is not None:
        return False
    try:
        stopped = hand_preview(game=game, entry={**entry, "stop": True})
    except (ScoringError, DomainError):
        return False
    return stopped.end is not None


@dataclass(frozen=True, slots=True)
class _Shown:
    """What the preview shows: the hand and the game's end, the money a correction settles and
    the scores after the game's last hand (for a correction)."""

    preview: HandPreview
    settled: tuple[SettledMoneyChange, ...] = ()
    standing: tuple[int, ...] | None = None
    can_stop: bool = False
    hands: int = 0  # the corrected game's hands (a correction's end is after the last one)
    goes_on: str = ""  # the round a finished game goes on from, once corrected


def _previewed(game: Game, entry: HandEntry, correct: int | None) -> _Shown:
    if not correct:
        previewed = hand_preview(game=game, entry=entry)
        return _Shown(previewed, can_stop=_can_stop(game, entry, previewed))
    corrected = correction_preview(game=game, sequence=correct, entry=entry)
    replay = corrected.replay
    reopens = replay.end is None and game.status == GameStatus.FINISHED
    return _Shown(
        HandPreview(corrected.hand, replay.end, replay.final, game.ruleset),
        settled=corrected.settled,
        standing=corrected.last.scores_after,
        hands=len(replay.hands),
        goes_on=labels.round_label(corrected.last.next_state) if reopens else "",
    )


@require_POST
@staff_page
def preview(request: HttpRequest, game_id: str) -> JsonResponse:
    """{hand, correct?}: the payments of the hand as HTML, or the error next to its field."""
    game, _access = game_for(request.user, game_id)
    try:
        values = validated(PreviewInput, json_body(request))
        shown = _previewed(game, values["hand"], values.get("correct"))
    except (DomainError, ScoringError) as exc:
        return _error(exc, game)
    names, previewed = pages.game_names(game), shown.preview
    context = hand_rows.preview_context(
        previewed.outcome, names, previewed.ruleset, end=previewed.end, final=previewed.final
    )
    if shown.standing is not None:
        context["standing"] = [
            (name, pages.points(score)) for name, score in zip(names, shown.standing)
        ]
        context.update(end_after=shown.hands, goes_on=shown.goes_on)
    html = str(render_to_string("tablet/_preview.html", context, request=request))
    # The money notice goes beside 確定, outside the payments that scroll (issue 30).
    return JsonResponse(
        {
            "ok": True,
            "html": html,
            "settled": settled_notice(list(shown.settled), request=request),
            "can_stop": shown.can_stop,
            "ends": previewed.end is not None,
        }
    )


def _keyed(request: HttpRequest, body: Any) -> KeyedRequest:
    """The tablet's POST as idempotency sees it, as the API's (api.idempotency.keyed_request)."""
    return request_keyed(
        headers=request.headers, method="POST", path=request.path, body=body, user=request.user
    )


@require_POST
@staff_page
def record(request: HttpRequest, game_id: str) -> JsonResponse:
    """{sequence, hand} with an Idempotency-Key: records the next hand once.

    The answer is of the hand alone, and carries the page's scores after it as GET /state/
    draws them (one round trip for the banner after 確定); a retry gets it built again from
    the hand it recorded and the game as it stands."""
    try:
        body = json_body(request)
        values = validated(HandRecordInput, body)
        recorded = hand_record_once(
            game_id=game_id,
            sequence=values["sequence"],
            entry=values["hand"],
            request=_keyed(request, body),
        )
    except (DomainError, ScoringError) as exc:
        return _error(exc)
    payload = {
        "ok": True,
        "sequence": recorded.hand.sequence,
        "replayed": recorded.replayed,
        "state": state_html(request, recorded.game),
    }
    response = JsonResponse(payload, status=201)
    if recorded.replayed:
        response["Idempotent-Replayed"] = "true"
    return response


@require_GET
@staff_page
def correct_page(request: HttpRequest, game_id: str, sequence: int) -> HttpResponse:
    """The pad again, filled with the hand as it stands, for a correction with a reason."""
    game, _access = game_for(request.user, game_id)
    hand = (
        game.hands.filter(sequence=sequence, state=HandState.CURRENT)
        .select_related("outcome")
        .first()
    )
    if hand is None:
        raise NotFound(f"the game has no hand {sequence}", code="hand_not_found")
    ruleset, rows, outcome = game.ruleset, list(game.seats.select_related("player")), hand.outcome
    names = [row.name for row in rows]
    parsed = hand_of(hand.entry, ruleset=ruleset, seats=len(names), index=sequence - 1)
    played = NextHand.of(outcome, sit_out=parsed.sit_out)
    at_table = seats_before(rows, outcome.scores_before, played, player_count=ruleset.player_count)
    context = {
        "game": game,
        "table": game.table,
        "ruleset": pages.ruleset_title(ruleset),
        "hand": hand,
        "round": labels.round_label(played),
        "tiles": pages.seat_tiles(at_table, ruleset),
        "summary": hand_rows.entry_summary(parsed, names, ruleset),
        "pad": pad_config(ruleset, seats=len(names)),
        "strings": script_strings(),
        "initial": hand.entry,
        "sit_out": parsed.sit_out,
        "next_sequence": sequence,
    }
    return render(request, "tablet/correct.html", context)


@require_POST
@staff_page
def correct(request: HttpRequest, game_id: str, sequence: int) -> JsonResponse:
    """{hand, reason, version}: a new version of hand `sequence` made from `version`; the game
    is replayed from it."""
    game, _access = game_for(request.user, game_id)
    try:
        body = json_body(request)
        values = validated(CorrectionInput, body)

        def call() -> tuple[int, Any]:
            hand_correct(
                game=game,
                sequence=sequence,
                entry=values["hand"],
                reason=values["reason"],
                by=request.user,
                version=values["version"],
            )
            return 201, {"ok": True, "sequence": sequence}

        answered = idempotent_call(
            table=game.table,
            request=_keyed(request, body),
            call=call,
        )
    except (DomainError, ScoringError) as exc:
        return _error(exc, game)
    url = reverse("tablet:history", kwargs={"game_id": game.public_id})
    return JsonResponse(
        {**answered.body, "replayed": answered.replayed, "redirect": url}, status=answered.status
    )
