"""The static files' storage where they are collected (settings.STATIC_HASHED): WhiteNoise's
compressed manifest storage, whose content-hashed names WhiteNoise sends cached as immutable.

It also joins the scripts of a page into one file (BUNDLES), so a tablet runs one script from
its cache instead of a dozen: a plain concatenation, made when the files are collected, from
the source files as they are (nothing is moved between them). Where the files are not
collected (the tests, a bare DEBUG server) the page names the parts one by one
({% bundle_scripts %}, parlor/templatetags/bundles.py)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from django.core.files.base import ContentFile
from whitenoise.storage import CompressedManifestStaticFilesStorage  # type: ignore[import-untyped]

# The game and correction screens' scripts, in the order they build on each other: the header's
# menus (every tablet page's, base.html) and the QR dialog's (the correction screen has none:
# the script then does nothing), then the pad's.
BUNDLES: dict[str, tuple[str, ...]] = {
    "tablet/game-bundle.js": (
        "tablet/menus.js",
        "tablet/live-qr.js",
        "tablet/dom.js",
        "tablet/hand.js",
        "tablet/seats.js",
        "tablet/value-grid.js",
        "tablet/pad.js",
        "tablet/calculator.js",
        "tablet/preview.js",
        "tablet/toast.js",
        "tablet/undo.js",
        "tablet/void-menu.js",
        "tablet/offline-queue.js",
        "tablet/tablet.js",
    ),
}


def joined(parts: dict[str, bytes]) -> bytes:
    """The parts one after the other, each under a comment naming it; `;` between them, so a
    part that ends without one cannot run into the next."""
    return b"".join(b"/* %s */\n%s\n;\n" % (name.encode(), text) for name, text in parts.items())


class HashedStaticFilesStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]
    """The hashed names even under DEBUG (Django's manifest storage names the plain file then),
    so scripts/serve.sh, a DEBUG server, sends the files as production does."""

    def url(self, name: str | None, force: bool = False) -> str:
        return str(super().url(name, force=True))

    def post_process(self, paths: dict[str, Any], *args: Any, **options: Any) -> Iterator[Any]:
        """Writes each bundle before the files are hashed and compressed, so it is hashed and
        compressed with them."""
        if not options.get("dry_run"):
            for bundle, names in BUNDLES.items():
                paths[bundle] = (self, self.write_bundle(bundle, names, paths))
        yield from super().post_process(paths, *args, **options)

    def write_bundle(self, bundle: str, names: tuple[str, ...], paths: dict[str, Any]) -> str:
        missing = [name for name in names if name not in paths]
        if missing:
            raise ValueError(
                f"The script bundle {bundle} names files that are not among the "
                f"static files: {', '.join(missing)}. Fix BUNDLES in {__name__}."
            )
        parts = {}
        for name in names:
            storage, path = paths[name]
            with storage.open(path) as source:
                parts[name] = source.read()
        if self.exists(bundle):
            self.delete(bundle)
        return str(self.save(bundle, ContentFile(joined(parts))))
