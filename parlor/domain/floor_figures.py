"""The floor's figures for the daily report (日報): guests' waits, tables' use by hour.

Pure arithmetic over times the report reads (docs/floor.md, "Figures for the manager"):

- A **wait** runs from a visit's check-in, or from the end of one of its games, to the start of
  the visit's next game. A wait that no game ends (the guest left, or is still waiting) is
  not a wait the figures count.
- A table is **in play** from its game's start to its end; the **use** of an hour is the
  table-minutes in play in it over the tables open in it, times 60.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

HOUR = timedelta(hours=1)


@dataclass(frozen=True, slots=True)
class Span:
    start: datetime
    end: datetime | None  # None: still going on


@dataclass(frozen=True, slots=True)
class VisitTimes:
    guest: str  # the player's name
    checked_in_at: datetime
    games: tuple[Span, ...]  # the games the guest sat in during the visit, voided ones left out


@dataclass(frozen=True, slots=True)
class Wait:
    guest: str
    since: datetime  # check-in, or the end of the guest's game before
    is_after_game: bool  # False: since check-in
    seated_at: datetime  # the start of the game that ended the wait

    @property
    def seconds(self) -> int:
        return int((self.seated_at - self.since).total_seconds())


def visit_waits(visit: VisitTimes) -> list[Wait]:
    """The waits of one visit, in order: check-in to the first game, each game's end to the
    next game's start.

    >>> from datetime import UTC
    >>> t = lambda h, m=0: datetime(2026, 5, 1, h, m, tzinfo=UTC)
    >>> v = VisitTimes("山田", t(19), (Span(t(21, 30), None), Span(t(20), t(21))))
    >>> [(w.is_after_game, w.seconds // 60) for w in visit_waits(v)]
    [(False, 60), (True, 30)]
    """
    waits = []
    since, after_game = visit.checked_in_at, False
    for game in sorted(visit.games, key=lambda span: span.start):
        if game.start >= since:
            waits.append(Wait(visit.guest, since, after_game, game.start))
        if game.end is None:
            break
        since, after_game = max(since, game.end), True
    return waits


def minutes_rounded(seconds: int) -> int:
    """Whole minutes, half a minute and more rounded up.

    >>> minutes_rounded(89), minutes_rounded(90), minutes_rounded(0)
    (1, 2, 0)
    """
    return (seconds + 30) // 60


@dataclass(frozen=True, slots=True)
class TableSpan:
    table: str  # 卓番
    start: datetime
    end: datetime  # a game still going on ends, for the figures, when they are read


@dataclass(frozen=True, slots=True)
class HourUse:
    starts_at: datetime
    tables: int  # tables open in the hour
    seconds_in_play: int  # table-seconds

    @property
    def seconds_open(self) -> int:
        return self.tables * 3600


def _overlap(span: TableSpan, start: datetime, end: datetime) -> int:
    seconds = (min(span.end, end) - max(span.start, start)).total_seconds()
    return max(0, int(seconds))


def hourly_use(
    games: Sequence[TableSpan],
    *,
    day_start: datetime,
    day_end: datetime,
    open_tables: Iterable[str],
) -> list[HourUse]:
    """The business day's hours from the first with a table in play to the last, each with
    its tables open (the tables in use, and any other table that played in the hour) and its
    table-seconds in play.

    >>> from datetime import UTC
    >>> t = lambda h, m=0: datetime(2026, 5, 1, h, m, tzinfo=UTC)
    >>> hours = hourly_use([TableSpan("1", t(20, 30), t(21, 15))], day_start=t(6),
    ...                    day_end=t(6) + 24 * HOUR, open_tables=["1", "2"])
    >>> [(h.starts_at.hour, h.tables, h.seconds_in_play // 60) for h in hours]
    [(20, 2, 30), (21, 2, 15)]
    """
    opened = set(open_tables)
    rows = []
    start = day_start
    while start < day_end:
        end = min(start + HOUR, day_end)  # a day with a clock change has 23 or 25 hours
        # Only a game that starts before the hour ends and ends after it starts plays in it.
        in_play = [
            (g.table, _overlap(g, start, end)) for g in games if g.start < end and g.end > start
        ]
        playing = {table for table, seconds in in_play if seconds}
        rows.append(HourUse(start, len(opened | playing), sum(s for _, s in in_play)))
        start = end
    used = [index for index, row in enumerate(rows) if row.seconds_in_play]
    return rows[used[0] : used[-1] + 1] if used else []
