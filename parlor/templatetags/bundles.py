"""{% bundle_scripts "tablet/game-bundle.js" %}: the script tags of a bundle of scripts
(parlor/static_storage.py BUNDLES): the one joined file where the static files are collected
(settings.STATIC_HASHED), else each part in its order (the tests, a bare DEBUG server, where
nothing joins them). Deferred and render-blocking, named in the page's head: the browser draws
the page once, after the pad's start-up script has run, instead of once per parsed piece of
the page and again after the script."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.templatetags.static import static
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

from parlor.static_storage import BUNDLES

register = template.Library()


@register.simple_tag
def bundle_scripts(bundle: str) -> SafeString:
    names = (bundle,) if settings.STATIC_HASHED else BUNDLES[bundle]
    tag = '<script src="{}" defer blocking="render"></script>'
    return format_html_join("\n", tag, ((static(n),) for n in names))
