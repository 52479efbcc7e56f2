"""Every API write goes through the Idempotency-Key: each POST, PUT, PATCH and DELETE of a view
the API's URLconf routes calls idempotent_response (or, recording a hand, keyed_request, whose
key the hand keeps), unless the allow-list below names it with the reason it needs no key."""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Iterator
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.idempotency import idempotent_response

WRITE_METHODS = ("post", "put", "patch", "delete")
IDEMPOTENT_CALLS = {"idempotent_response", "keyed_request"}

# "module.View.method": why it takes no Idempotency-Key (the view's docstring says it too).
NO_KEY = {
    "parlor.api.sign_in.TokenLoginView.post": "sign-in: one token per user, given back again",
    "parlor.api.sign_in.TokenLoginView.delete": "sign-out: a retry finds the token gone (401)",
    "parlor.api.calculator.HandEvaluateView.post": "the calculator: stores nothing",
    "parlor.api.hands.HandPreviewView.post": "a hand's preview: stores nothing",
    "parlor.api.hands.CorrectionPreviewView.post": "a correction's preview: stores nothing",
}


def routed_views(patterns: list[Any]) -> Iterator[type]:
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from routed_views(pattern.url_patterns)
        elif isinstance(pattern, URLPattern):
            view_class = getattr(pattern.callback, "view_class", None)
            if view_class is not None:
                yield view_class


def calls_in(function: Any) -> set[str]:
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    return {
        node.func.id
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    }


def unkeyed_writes(views: set[type], *, package: str = "parlor.") -> set[str]:
    """The write methods written in `package` (not DRF's) that do not call the idempotency
    path."""
    unkeyed = set()
    for view in views:
        for method in WRITE_METHODS:
            function = getattr(view, method, None)
            if function is None or not function.__module__.startswith(package):
                continue
            if not calls_in(function) & IDEMPOTENT_CALLS:
                unkeyed.add(f"{function.__module__}.{function.__qualname__}")
    return unkeyed


def api_views() -> set[type]:
    [api] = [p for p in get_resolver().url_patterns if getattr(p, "namespace", "") == "api"]
    return set(routed_views(api.url_patterns))


def test_every_api_write_takes_an_idempotency_key_or_says_why_not():
    assert unkeyed_writes(api_views()) == set(NO_KEY)


def test_the_api_has_writes_that_go_through_the_key():
    # The walk reaches the included modules (visits, money, events, ...), not only urls.py.
    modules = {view.__module__ for view in api_views()}
    assert {"parlor.api.visits", "parlor.api.money", "parlor.api.events"} <= modules
    assert "parlor.api.rankings" in modules and "parlor.api.reports" in modules


class _PlantedView(APIView):
    """A new write that forgot the key."""

    def post(self, request: Any) -> Response:
        return Response(status=201)


class _KeyedView(APIView):
    """A new write that sends its call through the key."""

    def put(self, request: Any) -> Response:
        return idempotent_response(request, parlor=None, call=lambda: (200, {}))


def test_a_view_writing_without_the_key_is_caught():
    planted = unkeyed_writes({_PlantedView, _KeyedView}, package=__name__)
    assert planted == {f"{__name__}._PlantedView.post"}
