"""Shared output serializers and the error shape, used by views and the OpenAPI schema."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers

from parlor.models import Hand


class ErrorBodySerializer(serializers.Serializer[Any]):
    code = serializers.CharField()
    message = serializers.CharField(help_text="A sentence a member of staff can act on.")
    field = serializers.CharField(allow_blank=True)
    hand = serializers.IntegerField(allow_null=True, help_text="Index of the offending hand.")


class ErrorSerializer(serializers.Serializer[Any]):
    error = ErrorBodySerializer()


_ERROR_TEXT = {
    400: "Invalid input (the engine's or the request's).",
    401: "Not signed in.",
    403: "Your role does not allow this.",
    404: "Not found at your parlor.",
    409: "Conflicts with the state of the table or game.",
}


def error_responses(*codes: int) -> dict[int, OpenApiResponse]:
    return {
        code: OpenApiResponse(ErrorSerializer, description=_ERROR_TEXT[code])
        for code in (401, 403, 404, *codes)
    }


IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description=(
        "Client-generated, unique per table (table and game POSTs) or per parlor (every "
        "other write): a retry returns the first response."
    ),
)


class SeatSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    player_id = serializers.UUIDField(source="player.public_id")
    name = serializers.CharField()


class ResultSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField()
    player_id = serializers.UUIDField(source="player.public_id")
    rank = serializers.IntegerField()
    final_score = serializers.IntegerField()
    oka = serializers.SerializerMethodField()
    uma = serializers.SerializerMethodField()
    bonus = serializers.SerializerMethodField(help_text="Tobi bonus and the like (p).")
    deduction = serializers.SerializerMethodField(
        help_text="罰符: a chombo deducted at the settlement, and shares of one (p)."
    )
    total = serializers.SerializerMethodField(help_text="成績 in the ruleset's unit (p).")
    chips = serializers.IntegerField()

    def get_oka(self, obj: Any) -> float:
        value: float = obj.oka_tenths / 10  # tenths of a p
        return value

    def get_uma(self, obj: Any) -> float:
        value: float = obj.uma_tenths / 10  # tenths of a p
        return value

    def get_bonus(self, obj: Any) -> float:
        value: float = obj.bonus_tenths / 10  # tenths of a p
        return value

    def get_deduction(self, obj: Any) -> float:
        value: float = obj.deduction_tenths / 10  # tenths of a p
        return value

    def get_total(self, obj: Any) -> float:
        value: float = obj.total_tenths / 10  # tenths of a p
        return value


class OutcomeSerializer(serializers.Serializer[Any]):
    round_wind = serializers.CharField()
    round_number = serializers.IntegerField()
    honba = serializers.IntegerField()
    dealer = serializers.IntegerField()
    sticks_before = serializers.IntegerField()
    scores_before = serializers.ListField(child=serializers.IntegerField())
    transfers = serializers.ListField(child=serializers.DictField())
    deltas = serializers.ListField(child=serializers.IntegerField())
    scores_after = serializers.ListField(child=serializers.IntegerField())
    sticks_after = serializers.IntegerField()
    next = serializers.JSONField(source="next_state", allow_null=True)
    notes = serializers.ListField()
    deductions = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="罰符 owed at the final settlement per seat, in points (empty: none).",
    )


class HandSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField(source="public_id")
    sequence = serializers.IntegerField()
    version = serializers.IntegerField()
    state = serializers.CharField()
    entry = serializers.JSONField(help_text="The hand in tenbo-game/1.")
    entered_by = serializers.CharField(source="entered_by.username", default=None, allow_null=True)
    entered_at = serializers.DateTimeField()
    reason = serializers.CharField(help_text="Why this version corrects the previous one.")
    supersedes_version = serializers.IntegerField(
        source="supersedes.version", default=None, allow_null=True
    )
    voided_at = serializers.DateTimeField(allow_null=True)
    void_reason = serializers.CharField()
    outcome = serializers.SerializerMethodField()

    def get_outcome(self, obj: Hand) -> dict[str, Any] | None:
        outcome = getattr(obj, "outcome", None)
        return OutcomeSerializer(outcome).data if outcome is not None else None


class GameSummarySerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField(source="public_id")
    table_id = serializers.UUIDField(source="table.public_id")
    table_label = serializers.CharField(source="table.label")
    status = serializers.CharField()
    ruleset_key = serializers.CharField()
    number_in_seating = serializers.IntegerField()
    started_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)
    end_reason = serializers.CharField()
    hand_count = serializers.IntegerField()
    scores = serializers.ListField(child=serializers.IntegerField())
    sticks = serializers.IntegerField()
    next = serializers.JSONField(source="next_state", allow_null=True)
    seats = SeatSerializer(many=True)
    results = ResultSerializer(many=True)


class GameDetailSerializer(GameSummarySerializer):
    schema_version = serializers.IntegerField()
    ruleset = serializers.JSONField(source="ruleset_snapshot")
    is_closed_by_staff = serializers.BooleanField()
    # Published as cancel_reason, as before the model's field was named void_reason.
    cancel_reason = serializers.CharField(source="void_reason")
    hands = HandSerializer(many=True, help_text="Every version, corrected and voided ones too.")
