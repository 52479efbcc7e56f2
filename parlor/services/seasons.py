"""Rankings over any period (期間ランキング) and seasons (シーズン): create, close, read.

Any range of business days can be ranked, for one kind of table, with a minimum of games.
A season names such a range; closing it (a manager, audited) stores its final standings, which
the season then shows as they closed. A correction or a void of one of its games afterwards
changes the live figures only: the season says so, and shows what it closed with.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from django.db import IntegrityError, transaction
from django.utils import timezone

from parlor.domain.business_days import business_day_of, days_range
from parlor.errors import Conflict, InvalidInput
from parlor.models import AuditAction, AuditEvent, Parlor, Season, SeasonStanding
from parlor.models.users import Actor, actor_row
from parlor.security.text import text_check
from parlor.services.audit_log import audit_record
from parlor.services.standings import (
    MAX_MONTHLY_MIN_GAMES,
    StandingRow,
    Standings,
    TableKind,
    standings_between,
)

MAX_RANGE_DAYS = 366 * 5  # a ranking covers at most five years of business days
MAX_NAME_LENGTH = 60
# What changes a closed season's figures: a hand corrected, a game voided.
CHANGES = (AuditAction.CORRECT, AuditAction.UNDO, AuditAction.GAME_VOID)


def checked_days(first_day: date, last_day: date) -> tuple[date, date]:
    """The range, refused with the field named when it runs backwards or is too long."""
    if last_day < first_day:
        raise InvalidInput(
            "the last day comes before the first day", code="days_reversed", field="last_day"
        )
    if (last_day - first_day).days >= MAX_RANGE_DAYS:
        raise InvalidInput(
            f"a ranking covers at most {MAX_RANGE_DAYS} business days",
            code="days_too_many",
            field="last_day",
            params={"limit": MAX_RANGE_DAYS},
        )
    return first_day, last_day


def standings_of_days(
    parlor: Parlor,
    first_day: date,
    last_day: date,
    *,
    kind: TableKind,
    min_games: int = 0,
) -> list[Standings]:
    """The standings of the business days first_day to last_day (both included)."""
    start, end = days_range(parlor, *checked_days(first_day, last_day))
    return standings_between(parlor, start, end, min_games=min_games, kind=kind)


def _live(season: Season) -> list[Standings]:
    """The season's standings from the games as they are now."""
    kind = TableKind(
        player_count=season.player_count,
        ruleset_key=season.ruleset_key,
        rate_yen_per_p=season.rate_yen_per_p,
    )
    days = (season.first_day, season.last_day)
    return standings_of_days(season.parlor, *days, kind=kind, min_games=season.min_games)


def _season_record(season: Season) -> dict[str, object]:
    return {
        "name": season.name,
        "first_day": season.first_day.isoformat(),
        "last_day": season.last_day.isoformat(),
        "player_count": season.player_count,
        "ruleset_key": season.ruleset_key,
        "rate_yen_per_p": season.rate_yen_per_p,
        "min_games": season.min_games,
        "closed": season.is_closed,
    }


@transaction.atomic
def season_create(
    *,
    parlor: Parlor,
    name: str,
    first_day: date,
    last_day: date,
    kind: TableKind,
    min_games: int = 0,
    by: Actor = None,
) -> Season:
    """A named season of the parlor (audited); its name is the parlor's only one."""
    name = _checked_terms(name, (first_day, last_day), min_games=min_games, kind=kind)
    season = Season(
        parlor=parlor,
        name=name,
        first_day=first_day,
        last_day=last_day,
        player_count=kind.player_count,
        ruleset_key=kind.ruleset_key,
        rate_yen_per_p=kind.rate_yen_per_p,
        min_games=min_games,
        created_by=actor_row(by),
    )
    _save_under_its_name(season)
    audit_record(
        parlor=parlor,
        by=by,
        action=AuditAction.CREATE,
        subject_type="season",
        subject_id=str(season.public_id),
        summary=f"season {name} created",
        after=_season_record(season),
    )
    return season


def _checked_terms(name: str, days: tuple[date, date], *, min_games: int, kind: TableKind) -> str:
    """The season's name, stripped; it, the days, the minimum and the game type are refused with
    the field named."""
    name = text_check(name.strip(), field="name", max_length=MAX_NAME_LENGTH)
    if not name:
        raise InvalidInput("a season needs a name", code="invalid", field="name")
    if not 0 <= min_games <= MAX_MONTHLY_MIN_GAMES:
        limit = f"the minimum is 0 to {MAX_MONTHLY_MIN_GAMES} games"
        raise InvalidInput(limit, code="invalid", field="min_games")
    if kind.player_count not in (None, 3, 4):
        raise InvalidInput("a game type is 3 or 4 players", code="invalid", field="player_count")
    checked_days(*days)
    return name


def _save_under_its_name(season: Season) -> None:
    """Saves a new season, refused when the parlor has a season of that name already."""
    try:
        with transaction.atomic():
            season.save()
    except IntegrityError as exc:
        raise Conflict(
            f"the parlor has a season named {season.name} already",
            code="season_name_taken",
            field="name",
            params={"name": season.name},
        ) from exc


@transaction.atomic
def season_close(*, season: Season, by: Actor = None, at: datetime | None = None) -> Season:
    """Stores the season's final standings (締め, audited): from now on the season shows them.

    Refused while the season's last business day has not ended, and for a closed season."""
    season = Season.objects.select_for_update().select_related("parlor").get(pk=season.pk)
    if season.is_closed:
        raise Conflict("the season is closed already", code="season_closed")
    now = at or timezone.now()
    if business_day_of(season.parlor, now) <= season.last_day:
        raise Conflict(
            "the season's last business day has not ended yet",
            code="season_not_over",
            params={"last_day": season.last_day.isoformat()},
        )
    standings = _live(season)
    SeasonStanding.objects.bulk_create(
        _snapshot_row(season, section, row, is_ranked=ranked)
        for section in standings
        for ranked, rows in ((True, section.rows), (False, section.below_minimum))
        for row in rows
    )
    season.closed_at, season.closed_by = now, actor_row(by)
    season.save(update_fields=["closed_at", "closed_by"])
    audit_record(
        parlor=season.parlor,
        by=by,
        action=AuditAction.CLOSE,
        subject_type="season",
        subject_id=str(season.public_id),
        summary=f"season {season.name} closed",
        before={**_season_record(season), "closed": False},
        after={
            **_season_record(season),
            "ranked": sum(len(s.rows) for s in standings),
            "below_minimum": sum(len(s.below_minimum) for s in standings),
        },
    )
    return season


def _snapshot_row(
    season: Season, section: Standings, row: StandingRow, *, is_ranked: bool
) -> SeasonStanding:
    assert row.player_id is not None  # rows of standings_between always name their player
    return SeasonStanding(
        season=season,
        player_id=row.player_id,
        name=row.name,
        player_count=section.player_count,
        is_point_count=section.is_point_count,
        is_ranked=is_ranked,
        position=row.position,
        games=row.games,
        total_tenths=row.total_tenths,
        average_rank_hundredths=round(row.average_rank * 100),
        tops=row.tops,
    )


@dataclass(frozen=True, slots=True)
class SeasonStandings:
    season: Season
    standings: list[Standings]
    changed_games: int  # games of the range corrected or voided since the close (0 if open)


def season_standings(season: Season) -> SeasonStandings:
    """A closed season's stored standings (and how many of its games changed since), or an open
    season's live ones."""
    if not season.is_closed:
        return SeasonStandings(season, _live(season), 0)
    return SeasonStandings(season, _stored(season), _changed_games(season))


def _stored(season: Season) -> list[Standings]:
    sections: dict[tuple[int, bool], Standings] = {}
    for line in SeasonStanding.objects.filter(season=season).order_by(
        "-player_count", "is_point_count", "position"
    ):
        section = sections.setdefault(
            (line.player_count, line.is_point_count),
            Standings(line.player_count, [], [], is_point_count=line.is_point_count),
        )
        (section.rows if line.is_ranked else section.below_minimum).append(
            StandingRow(
                position=line.position,
                name=line.name,
                games=line.games,
                total_tenths=line.total_tenths,
                average_rank=line.average_rank_hundredths / 100,
                tops=line.tops,
                is_point_count=line.is_point_count,
                player_id=line.player_id,
            )
        )
    return list(sections.values())


def _changed_games(season: Season) -> int:
    start, end = days_range(season.parlor, season.first_day, season.last_day)
    return (
        AuditEvent.objects.filter(
            parlor=season.parlor,
            at__gte=season.closed_at,  # a change at the very instant counts too
            action__in=CHANGES,
            game__ended_at__gte=start,
            game__ended_at__lt=end,
        )
        .values("game")
        .distinct()
        .count()
    )


@dataclass(frozen=True, slots=True)
class PlayerSeasonLine:
    season: Season
    row: StandingRow
    is_ranked: bool
    player_count: int
    is_point_count: bool


def seasons_of_player(player_id: int, parlor: Parlor) -> list[PlayerSeasonLine]:
    """The player's line in each season of the parlor they played in (closed: as stored)."""
    lines: list[PlayerSeasonLine] = []
    for season in Season.objects.filter(parlor=parlor).select_related("parlor"):
        for section in season_standings(season).standings:
            for ranked, rows in ((True, section.rows), (False, section.below_minimum)):
                lines.extend(
                    PlayerSeasonLine(
                        season, row, ranked, section.player_count, section.is_point_count
                    )
                    for row in rows
                    if row.player_id == player_id
                )
    return lines
