"""The waiting list (待ち席) and a guest's wish (希望). The counter calls the same selector and
service with the same errors."""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.idempotency import idempotent_response
from parlor.api.serializers import IDEMPOTENCY_KEY, error_responses
from parlor.domain.wishes import Wish
from parlor.selectors.access import Role, require
from parlor.selectors.visits import visit_for
from parlor.selectors.waiting import waiting_list
from parlor.services.wishes import visit_wish_set


@extend_schema_serializer(component_name="Wish")
class WishSerializer(serializers.Serializer[Any]):
    """希望: each part left out (null or "") is taken as it comes; all left out: any table."""

    player_count = serializers.ChoiceField(choices=[3, 4], allow_null=True, default=None)
    ruleset_key = serializers.CharField(
        max_length=50, allow_blank=True, default="", help_text="a ruleset an active table plays"
    )
    rate_yen_per_p = serializers.IntegerField(
        min_value=1, allow_null=True, default=None, help_text="レート, as the tables' terms say it"
    )


def wish_of(data: dict[str, Any] | None) -> Wish | None:
    """The wish sent, or None when none was."""
    return None if data is None else Wish(**data)


class WaitingGuestSerializer(serializers.Serializer[Any]):
    player_id = serializers.UUIDField(source="player.public_id")
    name = serializers.CharField(source="player.name")
    visit_id = serializers.UUIDField()
    since = serializers.DateTimeField(help_text="check-in, or the end of the visit's last game")
    waited_minutes = serializers.IntegerField()
    wish = WishSerializer()


class WaitingListView(APIView):
    @extend_schema(
        responses={200: WaitingGuestSerializer(many=True), **error_responses()},
        description="Every checked-in guest waiting for a seat, longest waiting first.",
    )
    def get(self, request: Request) -> Response:
        access = require(request.user, Role.STAFF)
        return Response(WaitingGuestSerializer(waiting_list(access.parlor), many=True).data)


class VisitWishView(APIView):
    @extend_schema(
        request=WishSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={200: WishSerializer, **error_responses(400, 409)},
        description="Changes what a checked-in guest wants to play; audited.",
    )
    def put(self, request: Request, visit_id: str) -> Response:
        visit, access = visit_for(request.user, visit_id)
        data = WishSerializer(data=request.data)
        data.is_valid(raise_exception=True)

        def call() -> tuple[int, Any]:
            changed = visit_wish_set(visit=visit, wish=Wish(**data.validated_data), by=request.user)
            return 200, WishSerializer(Wish.from_json(changed.wish)).data

        return idempotent_response(request, parlor=access.parlor, call=call)


urlpatterns = [
    path("waiting-list/", WaitingListView.as_view(), name="waiting-list"),
    path("visits/<str:visit_id>/wish/", VisitWishView.as_view(), name="visit-wish"),
]
