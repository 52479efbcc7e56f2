"""Which language a request is served in.

Django's LocaleMiddleware follows the browser's Accept-Language, so a tablet bought abroad
would open in English. The parlor wants Japanese unless the staff chose English on the tablet,
which the language cookie remembers. The API keeps English: its messages are a stable
interface for programs, and DRF would otherwise translate its own validation messages.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest
from django.middleware.locale import LocaleMiddleware
from django.utils import translation

API_PREFIX = "/api/"


def request_language(request: HttpRequest) -> str:
    """The cookie's language if it is one of LANGUAGES, else LANGUAGE_CODE."""
    if request.path_info.startswith(API_PREFIX):
        return "en"
    chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    if chosen in dict(settings.LANGUAGES):
        return chosen
    return str(settings.LANGUAGE_CODE)


class CookieLocaleMiddleware(LocaleMiddleware):
    def process_request(self, request: HttpRequest) -> None:
        translation.activate(request_language(request))
        request.LANGUAGE_CODE = translation.get_language()
