"""A tournament's results as CSV: the standings as the parlor shows them, and the EMA format.

The EMA (European Mahjong Association) ranks players (MERS) from the results a certified
tournament sends it; its published tournament result pages (mahjong-europe.org/ranking/
Tournament/) list, per player: the place, last name, first name, country (nationality), EMA
number, table points and score (the mahjong points of the tables, 素点). `ema_results_csv`
writes those columns, in that order, one row per player:

    Rank, Last name, First name, EMA number, Country, Points, Score

- Rank: the place in the standings (tied players share it);
- Points: the event's total (table points: uma and oka included, penalties taken off);
- Score: the sum of the table scores (素点 less the starting points, as the caller gives them);
- EMA number: blank for a player who has none (a first tournament); Country: the member
  country's code as the caller stores it (e.g. JPN, DEU).

Points are integers in the event's unit; `scale` says how many units make one point (10 for
tenths), so 453 with scale 10 is written 45.3. Text a spreadsheet would read as a formula gets
a leading apostrophe (OWASP: CSV injection). Both files are UTF-8 with a byte order mark, so
Excel opens Japanese names correctly.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from parlor.domain.tournament_standings import PlayerId, Standing
from parlor.errors import InvalidInput

EMA_HEADERS = ("Rank", "Last name", "First name", "EMA number", "Country", "Points", "Score")
# The plain file's headings; the page passes them translated.
STANDINGS_HEADERS = (
    "Rank", "Name", "Total", "Points", "Penalty", "Score", "Rounds", "1st", "2nd", "3rd", "4th",
)
# A spreadsheet reads a cell that starts with one of these as a formula.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")


@dataclass(frozen=True, slots=True)
class EmaPlayer:
    """What the EMA file says of a player beyond the standings."""

    player_id: PlayerId
    last_name: str
    first_name: str
    ema_number: str = ""  # e.g. "04290001"; blank for a player with none
    country: str = ""  # e.g. "JPN"


def decimal_text(value: int, scale: int = 1) -> str:
    """`value` units written as points, `scale` units to a point, with no float on the way.

    >>> decimal_text(453, 10), decimal_text(-5, 10), decimal_text(-1200), decimal_text(7, 100)
    ('45.3', '-0.5', '-1200', '0.07')
    """
    if scale < 1 or 10 ** (len(str(scale)) - 1) != scale:
        raise InvalidInput(f"points are scaled by 1, 10, 100, ..., not {scale}", code="scale")
    if scale == 1:
        return str(value)
    whole, part = divmod(abs(value), scale)
    sign = "-" if value < 0 else ""
    return f"{sign}{whole}.{part:0{len(str(scale)) - 1}d}"


def standings_csv(
    standings: Iterable[Standing], *, scale: int = 1, headers: Sequence[str] = STANDINGS_HEADERS
) -> str:
    """The standings as CSV: one row per player, placements as counts (4th blank at a
    three-player event).

    >>> line = Standing(1, 7, "=Aoki", 453, 473, 20, 12000, (1, 0, 0, 0), 1)
    >>> print(*standings_csv([line], scale=10).lstrip("\\ufeff").splitlines(), sep="\\n")
    Rank,Name,Total,Points,Penalty,Score,Rounds,1st,2nd,3rd,4th
    1,'=Aoki,45.3,47.3,2.0,12000,1,1,0,0,0
    """
    if len(headers) != len(STANDINGS_HEADERS):
        raise InvalidInput("the standings file has 11 headings", code="headers")
    rows = [
        [
            str(line.rank), _inert(line.name), decimal_text(line.total, scale),
            decimal_text(line.points, scale), decimal_text(line.penalty, scale),
            str(line.score), str(line.rounds_played),
            *(str(n) for n in line.placements), *([""] * (4 - len(line.placements))),
        ]
        for line in standings
    ]
    return _csv(headers, rows)


def ema_results_csv(
    standings: Iterable[Standing], players: Mapping[PlayerId, EmaPlayer], *, scale: int = 1
) -> str:
    """The EMA results file (the module's docstring): every player in the standings must
    have their names in `players`.

    >>> line = Standing(1, 7, "Aoki Ken", 453, 453, 0, -2300, (1, 0, 0, 0), 1)
    >>> ema = {7: EmaPlayer(7, "Aoki", "Ken", "19000123", "JPN")}
    >>> print(*ema_results_csv([line], ema, scale=10).lstrip("\\ufeff").splitlines(), sep="\\n")
    Rank,Last name,First name,EMA number,Country,Points,Score
    1,Aoki,Ken,19000123,JPN,45.3,-2300
    """
    rows = []
    for line in standings:
        player = players.get(line.player_id)
        if player is None:
            raise InvalidInput(
                f"{line.name} has no last and first name for the EMA file",
                code="ema_player_missing", params={"player": line.name},
            )
        rows.append([
            str(line.rank), _inert(player.last_name), _inert(player.first_name),
            _inert(player.ema_number), _inert(player.country),
            decimal_text(line.total, scale), str(line.score),
        ])
    return _csv(EMA_HEADERS, rows)


def _inert(text: str) -> str:
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def _csv(headers: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(headers)
    writer.writerows(rows)
    return out.getvalue()
