"""The record format's documentation, served beside the API docs that link it."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from parlor.view_helpers.hand_schema import GAME_RECORD_DOC


@require_GET
def game_record_doc(request: HttpRequest) -> HttpResponse:
    """docs/game-record.md as text, for the integrator reading /api/docs/."""
    text = (settings.BASE_DIR / GAME_RECORD_DOC).read_text(encoding="utf-8")
    return HttpResponse(text, content_type="text/markdown; charset=utf-8")
