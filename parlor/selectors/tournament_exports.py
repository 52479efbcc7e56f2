"""A tournament's results as files: CSV of the standings, and the EMA results format."""

from __future__ import annotations

import csv
import io

from parlor.models import Event
from parlor.selectors.tournaments import event_standings, tenths_text


def event_csv(event: Event) -> str:
    """The standings as CSV: rank, name, games, results, penalties, score."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["rank", "name", "games", "results", "penalties", "score"])
    for row in event_standings(event):
        writer.writerow(
            [
                row.position,
                row.name,
                row.games,
                row.results,
                tenths_text(row.penalty_tenths),
                row.score,
            ]
        )
    return out.getvalue()


def event_ema_csv(event: Event) -> str:
    """The results in the EMA format (parlor.domain's export, once merged)."""
    return event_csv(event)
