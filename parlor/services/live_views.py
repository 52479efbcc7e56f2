"""The players' live views (観戦) learn of a change once it commits.

Every change a viewer would see calls live_view_changed inside its transaction: the game's
state written (a hand recorded, corrected or undone, a game started, finished or imported:
replays.live_state_set), a game voided, and a new seat draw at a table (the table's last link
expires). On commit the cached answers of those seat draws get a new version
(selectors.live_cache), so the next poll reads the database again; a rolled-back change renews
nothing.
"""

from __future__ import annotations

from functools import partial
from uuid import UUID

from django.db import transaction

from parlor.selectors.live_cache import live_versions_renew


def live_view_changed(*draw_ids: UUID) -> None:
    """The live views of these seat draws change when the current transaction commits.

    `robust`: the change is committed by then; a cache that cannot be reached is logged and
    the views catch up when their cached answers expire (LIVE_CACHE_SECONDS)."""
    transaction.on_commit(partial(live_versions_renew, draw_ids), robust=True)
