"""Domain errors. The API maps them to HTTP statuses; the engine's ScoringError maps to 400."""

from __future__ import annotations

from collections.abc import Mapping


class DomainError(Exception):
    """A request that conflicts with the state of the parlor (HTTP 409 unless a subclass says)."""

    status_code = 409
    code = "conflict"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        field: str = "",
        params: Mapping[str, str | int] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        # The names, times and numbers the message quotes, for a sentence in the staff's
        # language (parlor.web.errors) that says the same.
        self.params: dict[str, str | int] = dict(params or {})
        if code is not None:
            self.code = code

    def to_dict(self) -> dict[str, object]:
        return {
            "error": {"code": self.code, "message": self.message, "field": self.field, "hand": None}
        }


class Conflict(DomainError):
    status_code = 409
    code = "conflict"


class InvalidInput(DomainError):
    status_code = 400
    code = "invalid"


class NotFound(DomainError):
    status_code = 404
    code = "not_found"


class Forbidden(DomainError):
    status_code = 403
    code = "forbidden"


class TooManyRequests(DomainError):
    """A limit on how often something may be asked for; `retry_after` seconds until it may."""

    status_code = 429
    code = "too_many_requests"

    def __init__(self, message: str, *, retry_after: int, code: str | None = None) -> None:
        super().__init__(message, code=code)
        self.retry_after = retry_after
