"""The API's sign-in endpoint for tablets, rate-limited (parlor/security/throttling.py) and
behind the login lockout; the same URL lists the user's tokens (GET) and revokes one (DELETE)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import parsers, serializers
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import NotAuthenticated, Throttled
from rest_framework.request import Request
from rest_framework.response import Response

from parlor.api.serializers import ErrorSerializer
from parlor.security.client_address import client_address
from parlor.security.lockout import lockout_remaining
from parlor.security.parsers import BoundedJSONParser
from parlor.security.throttling import LoginRateThrottle
from parlor.security.tokens import token_info, token_issue


class TokenInfoSerializer(serializers.Serializer[Any]):
    key_prefix = serializers.CharField(help_text="The first 8 characters of the token.")
    created = serializers.DateTimeField()
    expires = serializers.DateTimeField()
    is_current = serializers.BooleanField(help_text="The token that signed this request.")


class TokenLoginView(ObtainAuthToken):
    """Sign-in (POST) and sign-out (DELETE) take no Idempotency-Key. A retried sign-in
    changes nothing: the user keeps one token, and gets the same one back (token_issue); a
    retried sign-out finds the token gone and gets 401. Keeping their answers would store the
    token, a secret, in the idempotency records, under a scope (a parlor) that a request
    signing in has yet to prove."""

    throttle_classes = (LoginRateThrottle,)
    parser_classes = (BoundedJSONParser, parsers.FormParser, parsers.MultiPartParser)

    def get_throttles(self) -> list[Any]:
        """Sign-in attempts are limited per address; listing or revoking one's own token is not
        a guess at a password."""
        return super().get_throttles() if self.request.method == "POST" else []

    @extend_schema(
        request=AuthTokenSerializer,
        responses={
            200: ObtainAuthToken.serializer_class,
            400: OpenApiResponse(ErrorSerializer, description="Wrong username or password."),
            429: OpenApiResponse(
                ErrorSerializer,
                description="Too many attempts from this address, or too many failed sign-ins "
                "for this username: wait for Retry-After seconds.",
            ),
        },
        auth=[],
        description="A token for a tablet: `Authorization: Token <token>` on later requests.",
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = request.data if isinstance(request.data, Mapping) else {}
        username = str(data.get("username", ""))
        wait = lockout_remaining(username=username, address=client_address(request))
        if wait:
            raise Throttled(
                wait=wait,
                detail=(
                    f"too many failed sign-ins for {username!r} or from this address: try "
                    f"again in {math.ceil(wait / 60)} minutes, or ask a manager"
                ),
            )
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        token = token_issue(serializer.validated_data["user"])
        return Response({"token": token.key})

    @extend_schema(
        request=None,
        responses={
            200: OpenApiResponse(
                TokenInfoSerializer(many=True),
                description="The signed-in user's own tokens: when each was issued and expires "
                "(the key itself only as its first characters).",
            ),
            401: OpenApiResponse(ErrorSerializer, description="Not signed in."),
        },
        description="Lists the signed-in user's API tokens.",
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        if not request.user.is_authenticated:
            raise NotAuthenticated("sign in to list your tokens")
        tokens = Token.objects.filter(user=request.user)
        current = request.auth if isinstance(request.auth, Token) else None
        infos = [token_info(t, current) for t in tokens]
        return Response(TokenInfoSerializer(infos, many=True).data)

    @extend_schema(
        request=None,
        responses={
            204: OpenApiResponse(description="The token is revoked: it signs nothing any more."),
            401: OpenApiResponse(ErrorSerializer, description="No valid token signed the request."),
        },
        description="Revokes the token that signs this request (a tablet signing out).",
    )
    def delete(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        if not isinstance(request.auth, Token):
            raise NotAuthenticated(
                "sign the request with the token to revoke (Authorization: Token …)"
            )
        request.auth.delete()
        return Response(status=204)
