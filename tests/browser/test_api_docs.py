"""The API's documentation page (Swagger UI) works with no network but the parlor's server:
its scripts and styles are vendored (drf-spectacular-sidecar), never fetched from a CDN."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from tests.browser.conftest import SCREENSHOTS, signed_in_context


def test_the_api_docs_render_every_operation_from_our_own_server(
    browser: Any, live_server: Any, parlor_floor: dict[str, Any]
) -> None:
    context = signed_in_context(browser, live_server, parlor_floor["staff"])
    page = context.new_page()
    hosts: set[str] = set()
    page.on("request", lambda request: hosts.add(urlparse(request.url).netloc))
    page.goto(live_server.url + "/api/docs/")
    page.wait_for_selector(".opblock", timeout=15_000)  # Swagger UI rendered the operations
    page.screenshot(path=str(SCREENSHOTS / "api-docs.png"))
    assert "/api/games/{game_id}/hands/" in page.inner_text("body")
    assert hosts == {urlparse(live_server.url).netloc}, hosts
    context.close()
