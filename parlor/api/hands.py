"""Hands: preview, record, correct, void the last."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.games import prefers_minimal
from parlor.api.hand_examples import hand_examples
from parlor.api.idempotency import answer_response, idempotent_response, keyed_request
from parlor.api.serializers import (
    IDEMPOTENCY_KEY,
    GameDetailSerializer,
    error_responses,
)
from parlor.selectors.access import game_for
from parlor.selectors.answers import game_answer, hand_recorded_answer
from parlor.services.hand_corrections import hand_correct, hand_undo_last
from parlor.services.hand_previews import correction_preview, hand_preview
from parlor.services.hands import hand_record_once
from parlor.services.idempotency import Answer
from parlor.view_helpers.hand_inputs import (
    HandCorrectInput,
    HandPreviewInput,
    HandRecordInput,
    HandVoidInput,
)
from parlor.view_helpers.hand_schema import GAME_RECORD_LINK

RECORD_HELP = (
    "Records the next hand of a game in progress. The hand is a hand of a tenbo-game/1 record "
    f"({GAME_RECORD_LINK}): a `result` of one of five kinds (ron, tsumo, draw, abortive, "
    "chombo), and riichi, penalties, pao and wareme where they happened. Seats are fixed for "
    "the game: seat 0 is the first dealer. The engine checks the hand against the game's "
    "ruleset and answers 400 naming the field; a stale `sequence` gets 409. The answer is the "
    "game with every payment of the hand; with `Prefer: return=minimal` it is only the new "
    "hand (its outcome) and the game's live state. A retry with the same Idempotency-Key "
    "records nothing and gets the answer built again from the hand it recorded (as the hand "
    "and the game stand), with `Idempotent-Replayed: true`; the key sent with another hand "
    "gets 409 `idempotency_key_reused`."
)


class HandPreviewView(APIView):
    """Stores nothing: a retry gives the same answer, so it takes no Idempotency-Key."""

    InputSerializer = HandPreviewInput

    @extend_schema(
        request=InputSerializer,
        responses={200: OpenApiTypes.OBJECT, **error_responses(400, 409)},
        description=(
            "What the hand would give (transfers, scores, end; `hand.deductions`: the 罰符 a "
            "chombo owes at the final settlement, per seat in points, where the ruleset deducts "
            "it there); stores nothing. The hand as for "
            f"recording it ({GAME_RECORD_LINK})."
        ),
        examples=hand_examples(sequence=False),
    )
    def post(self, request: Request, game_id: str) -> Response:
        game, _ = game_for(request.user, game_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(hand_preview(game=game, entry=data.validated_data["hand"]).to_dict())


class HandRecordView(APIView):
    """Idempotent by the hand itself: the recorded hand keeps the request's key
    (hand_record_once, with the key read by keyed_request), so it keeps no IdempotencyRecord."""

    InputSerializer = HandRecordInput

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: GameDetailSerializer, **error_responses(400, 409)},
        description=RECORD_HELP,
        examples=hand_examples(sequence=True),
    )
    def post(self, request: Request, game_id: str) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        minimal = prefers_minimal(request)
        recorded = hand_record_once(
            game_id=game_id,
            sequence=data.validated_data["sequence"],
            entry=data.validated_data["hand"],
            request=keyed_request(request),
        )
        if minimal:
            body = hand_recorded_answer(recorded.hand, recorded.game)
        else:
            body = game_answer(recorded.game)
        response = answer_response(Answer(201, body, replayed=recorded.replayed))
        if minimal:
            response["Preference-Applied"] = "return=minimal"
        return response


CORRECT_HELP = (
    "A new version of the hand; the game is replayed from it on. Send the `version` of the "
    "hand the correction was made from (the hand's `version` in the game): if the hand was "
    "corrected or undone since, the correction is refused with 409 `hand_changed_since` or "
    "`hand_undone_since`, whose message names who changed it and when, instead of replacing "
    "that change unseen. Without `version` the correction replaces whatever version is "
    "current (kept for clients written before it; two such corrections at once both apply, "
    "the later one current)."
)


class HandCorrectView(APIView):
    InputSerializer = HandCorrectInput

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={201: GameDetailSerializer, **error_responses(400, 409)},
        description=CORRECT_HELP,
    )
    def post(self, request: Request, game_id: str, sequence: int) -> Response:
        game, _ = game_for(request.user, game_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def call() -> tuple[int, object]:
            hand = hand_correct(
                game=game,
                sequence=sequence,
                entry=data.validated_data["hand"],
                reason=data.validated_data["reason"],
                by=request.user,
                version=data.validated_data.get("version"),
            )
            return 201, game_answer(hand.game)

        return idempotent_response(request, table=game.table, call=call)


class HandVoidView(APIView):
    InputSerializer = HandVoidInput

    @extend_schema(
        request=InputSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: GameDetailSerializer, **error_responses(400, 409)},
        description=(
            "Voids the last hand (only the last); it stays in the log. The hand is named in "
            "the path: a hand that is no longer the last (another hand recorded since) gets 409 "
            "`not_last_hand`, one undone already 409 `hand_already_undone`, each naming who "
            "and when; send an Idempotency-Key so that a retry gets the first answer."
        ),
    )
    def post(self, request: Request, game_id: str, sequence: int) -> Response:
        game, _ = game_for(request.user, game_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def call() -> tuple[int, object]:
            hand = hand_undo_last(
                game=game, sequence=sequence, reason=data.validated_data["reason"], by=request.user
            )
            return 200, game_answer(hand.game)

        return idempotent_response(request, table=game.table, call=call)


class CorrectionPreviewView(APIView):
    """Stores nothing: a retry gives the same answer, so it takes no Idempotency-Key."""

    InputSerializer = HandPreviewView.InputSerializer  # the corrected hand, as for a new one

    @extend_schema(
        request=InputSerializer,
        responses={200: OpenApiTypes.OBJECT, **error_responses(400, 409)},
        description=(
            "What correcting the hand would give; stores nothing. The answer, as the preview "
            "of a new hand writes hands: `hand` (the corrected hand), `last` (the game's last "
            "hand after the replay), `end` and `final` where the game ends; `settled`, the "
            "adjustments the correction would make for players already checked out "
            "(`player_id`, `name`, `amount_yen`: + owed to the player, − owed by them). The "
            f"hand as for recording it ({GAME_RECORD_LINK})."
        ),
        examples=hand_examples(sequence=False),
    )
    def post(self, request: Request, game_id: str, sequence: int) -> Response:
        game, _ = game_for(request.user, game_id)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        preview = correction_preview(
            game=game, sequence=sequence, entry=data.validated_data["hand"]
        )
        settled = [
            {
                "player_id": str(change.player.public_id),
                "name": change.player.name,
                "amount_yen": change.amount_yen,
            }
            for change in preview.settled
        ]
        return Response({**preview.to_dict(), "settled": settled})
