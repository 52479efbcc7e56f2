"""The audit log: the parlor's (managers) and one game's trail (staff and managers)."""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.serializers import error_responses
from parlor.models import AuditAction, AuditEvent
from parlor.selectors.access import Role, game_for, require
from parlor.selectors.audit import AuditFilter, audit_events_of, audit_trail_of_game
from parlor.selectors.audit_text import event_changes, event_text

AUDIT_PAGE_MAX = 500


class AuditChangeSerializer(serializers.Serializer[Any]):
    field = serializers.CharField(help_text="The snapshot's key; empty for money terms.")
    name = serializers.CharField(help_text="The field's name, as the audit page shows it.")
    old = serializers.CharField()
    new = serializers.CharField()


class AuditEventSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField(source="public_id")
    at = serializers.DateTimeField()
    actor = serializers.CharField(source="actor_name", help_text="Username; empty: the system.")
    action = serializers.ChoiceField(choices=AuditAction.choices)
    subject_type = serializers.CharField(help_text="game, hand, player, ruleset, settlement, …")
    subject_id = serializers.CharField()
    game_id = serializers.UUIDField(source="game.public_id", default=None, allow_null=True)
    summary = serializers.CharField(help_text="As written when it happened (English).")
    kind = serializers.CharField(
        allow_blank=True, help_text='What happened, e.g. "hand.corrected"; empty on old events.'
    )
    values = serializers.JSONField(
        source="data", help_text="The values `text` names (table, player, yen, …)."
    )
    text = serializers.SerializerMethodField(help_text="The event in words (the API's English).")
    changes = serializers.SerializerMethodField(
        help_text="What changed, field by field: name, old → new."
    )
    before = serializers.JSONField(allow_null=True, help_text="The subject before; null: created.")
    after = serializers.JSONField(allow_null=True, help_text="The subject after the change.")
    reason = serializers.CharField(allow_blank=True, help_text="Why (corrections, voids).")

    def get_text(self, event: AuditEvent) -> str:
        return event_text(event)

    @extend_schema_field(AuditChangeSerializer(many=True))
    def get_changes(self, event: AuditEvent) -> list[dict[str, str]]:
        return [change.as_dict() for change in event_changes(event)]


class AuditPageSerializer(serializers.Serializer[Any]):
    events = AuditEventSerializer(many=True)
    next_offset = serializers.IntegerField(allow_null=True, help_text="null: the last page.")


class AuditLogView(APIView):
    class QuerySerializer(serializers.Serializer[Any]):
        game = serializers.UUIDField(required=False, help_text="Only this game's events.")
        action = serializers.ChoiceField(choices=AuditAction.values, required=False)
        subject_type = serializers.SlugField(max_length=32, required=False)
        since = serializers.DateTimeField(required=False)
        until = serializers.DateTimeField(required=False)
        limit = serializers.IntegerField(min_value=1, max_value=AUDIT_PAGE_MAX, default=100)
        offset = serializers.IntegerField(min_value=0, max_value=10_000_000, default=0)

    @extend_schema(
        parameters=[QuerySerializer],
        responses={200: AuditPageSerializer, **error_responses(400)},
        description="The parlor's audit log, newest first (managers).",
    )
    def get(self, request: Request) -> Response:
        access = require(request.user, Role.MANAGER)
        query = self.QuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        q = query.validated_data
        game = game_for(request.user, q["game"], role=Role.MANAGER)[0] if "game" in q else None
        where = AuditFilter(
            game=game,
            action=q.get("action", ""),
            subject_type=q.get("subject_type", ""),
            since=q.get("since"),
            until=q.get("until"),
        )
        start, limit = q["offset"], q["limit"]
        page = list(audit_events_of(access.parlor, where)[start : start + limit + 1])
        more = len(page) > limit
        body = {"events": page[:limit], "next_offset": start + limit if more else None}
        return Response(AuditPageSerializer(body).data)


class GameAuditView(APIView):
    @extend_schema(
        responses={200: AuditEventSerializer(many=True), **error_responses()},
        description=(
            "A game's history, oldest first: start, every hand recorded, each correction with "
            "the version before and after and the reason, voids, and the end (staff, managers)."
        ),
    )
    def get(self, request: Request, game_id: str) -> Response:
        game, _ = game_for(request.user, game_id, role=Role.STAFF)
        return Response(AuditEventSerializer(audit_trail_of_game(game), many=True).data)


urlpatterns = [
    path("audit/", AuditLogView.as_view(), name="audit"),
    path("games/<str:game_id>/audit/", GameAuditView.as_view(), name="game-audit"),
]
