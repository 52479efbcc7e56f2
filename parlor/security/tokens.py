"""API tokens (tablets' `Authorization: Token …`) that expire, can be revoked, and die with
the password they were issued under.

- A token lives TOKEN_TTL_SECONDS from its issue (one night's shift by default, like a session);
  after that it is refused with 401 and deleted, and signing in again issues a new one.
- `GET /api/auth/token/` lists the signed-in user's own tokens (issued, expires, the key's first
  characters); `DELETE` revokes the token that signs the request (a tablet signing out).
- A password change deletes every token of the user: Django calls each password validator's
  `password_changed(password, user)` whenever a password is set and saved (the admin, the
  `changepassword` command, `set_password` + `save`), which is the hook used here.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token
from rest_framework.exceptions import AuthenticationFailed

from parlor.security.user_roles import USER_ROLES


def token_is_expired(token: Token) -> bool:
    created: datetime = token.created  # the DRF stubs leave the column untyped
    return created <= timezone.now() - timedelta(seconds=int(settings.TOKEN_TTL_SECONDS))


def token_info(token: Token, current: Token | None = None) -> dict[str, Any]:
    """What a user may see of a token of theirs: never the whole key."""
    return {
        "key_prefix": token.key[:8],
        "created": token.created,
        "expires": token.created + timedelta(seconds=int(settings.TOKEN_TTL_SECONDS)),
        "is_current": current is not None and current.key == token.key,
    }


def token_issue(user: Any) -> Token:
    """The user's token, a new one if theirs has expired (one token per user, as DRF keeps)."""
    token, created = Token.objects.get_or_create(user=user)
    if not created and token_is_expired(token):
        token.delete()
        token = Token.objects.create(user=user)
    return token


class ExpiringTokenAuthentication(TokenAuthentication):
    """DRF's token authentication, refusing a token past its lifetime. The token's query also
    loads the user's roles (USER_ROLES), so the request knows what the user may see."""

    def authenticate_credentials(self, key: str) -> tuple[Any, Token]:
        # DRF's own method, with the roles joined to its select_related("user").
        token = (
            Token.objects.select_related(*(f"user__{name}" for name in USER_ROLES))
            .filter(key=key)
            .first()
        )
        if token is None:
            raise AuthenticationFailed(_("Invalid token."))
        if not token.user.is_active:
            raise AuthenticationFailed(_("User inactive or deleted."))
        if token_is_expired(token):
            token.delete()
            raise AuthenticationFailed("the token has expired: sign in again")
        return token.user, token


class RevokeTokensOnPasswordChange:
    """Listed in AUTH_PASSWORD_VALIDATORS for its `password_changed` hook only: it accepts every
    password, and deletes the user's API tokens once a new password is saved."""

    def validate(self, password: str, user: Any = None) -> None:
        return None

    def password_changed(self, password: str, user: Any = None) -> None:
        if user is not None and user.pk is not None:
            Token.objects.filter(user=user).delete()

    def get_help_text(self) -> str:
        return ""
