"""/favicon.ico (browsers ask for it on every site): a permanent redirect to the static icon,
which is served, and which every base template names with <link rel="icon">."""

from __future__ import annotations

import io
from typing import Any
from urllib.request import urlopen

import pytest
from django.templatetags.static import static
from django.test import Client
from PIL import Image

pytestmark = pytest.mark.django_db


def test_favicon_ico_leads_to_an_icon_that_is_served(live_server: Any) -> None:
    answer = Client().get("/favicon.ico")
    assert answer.status_code == 301 and answer["Location"] == static("favicon.ico")
    with urlopen(live_server.url + "/favicon.ico") as icon:  # follows the redirect, as a browser
        assert (icon.status, icon.url) == (200, live_server.url + static("favicon.ico"))
        body = icon.read()
    image = Image.open(io.BytesIO(body))
    assert image.format == "ICO" and image.size[0] >= 16


@pytest.mark.parametrize("path", ["/", "/tablet/login/", "/no-such-page/"])
def test_the_pages_name_the_icon(path: str) -> None:
    page = Client().get(path).content.decode()
    assert f'<link rel="icon" href="{static("favicon.ico")}">' in page
