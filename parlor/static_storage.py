"""The static files' storage where they are collected (settings.STATIC_HASHED): WhiteNoise's
compressed manifest storage, whose content-hashed names WhiteNoise sends cached as immutable."""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage  # type: ignore[import-untyped]


class HashedStaticFilesStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]
    """The hashed names even under DEBUG (Django's manifest storage names the plain file then),
    so scripts/serve.sh, a DEBUG server, sends the files as production does."""

    def url(self, name: str | None, force: bool = False) -> str:
        return str(super().url(name, force=True))
