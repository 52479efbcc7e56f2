"""A parlor's seasons (シーズン), looked up by their public id, never across parlors."""

from __future__ import annotations

import uuid

from django.db.models import QuerySet

from parlor.errors import NotFound
from parlor.models import Parlor, Season


def seasons_of(parlor: Parlor) -> QuerySet[Season]:
    """The parlor's seasons, the latest first."""
    return Season.objects.filter(parlor=parlor).select_related("parlor")


def season_of(parlor: Parlor, season_id: object) -> Season:
    """One season of the parlor, or NotFound (an id of another parlor's is not found either)."""
    try:
        public_id = uuid.UUID(str(season_id))
    except ValueError as exc:
        raise NotFound(f"no season {season_id!r}", code="season_not_found") from exc
    season = seasons_of(parlor).filter(public_id=public_id).first()
    if season is None:
        raise NotFound(f"no season {season_id} at {parlor.name}", code="season_not_found")
    return season
