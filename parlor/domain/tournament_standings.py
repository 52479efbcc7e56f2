"""A tournament's standings (大会の順位表): from each round's results and the referee's penalties.

A player's total is the sum of their rounds' event points (uma and oka included, as the
event's ruleset gives them) less their penalties (ペナルティ). Ties are broken by the best
placements (more firsts, then more seconds, ...), then by name; players equal on all three
share a rank.

Points are integers in the event's unit (the caller says which: whole points, tenths, ...).
Nothing here changes a result: a penalty is its own record with a reason, and the standings
are rebuilt from the results and penalties every time.

Pure Python: the tournament's service reads the results and penalties and calls
`event_standings`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from parlor.errors import InvalidInput
from parlor.natural_sort import NaturalKey, natural_key

PlayerId = int  # an entry's id in the event


@dataclass(frozen=True, slots=True)
class Entrant:
    """A player entered in the event (substitutes too)."""

    player_id: PlayerId
    name: str


@dataclass(frozen=True, slots=True)
class RoundResult:
    """One player's result in one round (回戦)."""

    player_id: PlayerId
    round_number: int
    placement: int  # 着順: 1 for the top of the table
    points: int  # the round's event points (uma and oka included)
    score: int = 0  # 素点: the points on the table at the end, for the export


@dataclass(frozen=True, slots=True)
class Penalty:
    """Points a referee took off a player's event score (ペナルティ), with the reason."""

    player_id: PlayerId
    points: int  # taken off: more than 0
    reason: str
    round_number: int | None = None  # the round it was given in, if any


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's line in the standings."""

    rank: int  # 順位: shared by players equal on total, placements and name
    player_id: PlayerId
    name: str
    total: int  # points less penalties
    points: int  # the sum of the rounds' event points
    penalty: int  # the sum of the penalties' points
    score: int  # the sum of the rounds' 素点
    placements: tuple[int, ...]  # times 1st, 2nd, 3rd (and 4th)
    rounds_played: int


def event_standings(
    entrants: Sequence[Entrant],
    results: Iterable[RoundResult],
    *,
    penalties: Iterable[Penalty] = (),
    table_size: int = 4,
) -> tuple[Standing, ...]:
    """The standings, first place first. Every entrant has a line, played or not.

    Raises InvalidInput for a result or penalty of a player not entered, two results of one
    player in one round, a placement off the table, or a penalty of no points or no reason.

    >>> players = [Entrant(1, "Aoki"), Entrant(2, "Baba")]
    >>> results = [RoundResult(1, 1, 1, 50), RoundResult(2, 1, 2, 50)]
    >>> [(s.rank, s.name, s.total) for s in event_standings(players, results)]
    [(1, 'Aoki', 50), (2, 'Baba', 50)]
    >>> lines = event_standings(players, results, penalties=[Penalty(1, 20, "late")])
    >>> [(s.rank, s.name, s.total) for s in lines]
    [(1, 'Baba', 50), (2, 'Aoki', 30)]
    """
    names = {entrant.player_id: entrant.name for entrant in entrants}
    if len(names) != len(entrants):
        raise InvalidInput("a player is entered twice", code="standings_duplicate_entrant")
    return _ranked(sorted(_lines(names, results, penalties, table_size), key=_order))


def _lines(
    names: dict[PlayerId, str],
    results: Iterable[RoundResult],
    penalties: Iterable[Penalty],
    table_size: int,
) -> list[Standing]:
    """Each entrant's line, not yet ranked (rank 0), each result and penalty checked."""
    points: Counter[PlayerId] = Counter()
    scores: Counter[PlayerId] = Counter()
    placements = {player: [0] * table_size for player in names}
    played: set[tuple[PlayerId, int]] = set()
    for result in results:
        _check_result(result, names, played, table_size)
        points[result.player_id] += result.points
        scores[result.player_id] += result.score
        placements[result.player_id][result.placement - 1] += 1
    penalty: Counter[PlayerId] = Counter()
    for given in penalties:
        _check_penalty(given, names)
        penalty[given.player_id] += given.points
    return [
        Standing(
            rank=0,
            player_id=player,
            name=name,
            total=points[player] - penalty[player],
            points=points[player],
            penalty=penalty[player],
            score=scores[player],
            placements=tuple(placements[player]),
            rounds_played=sum(placements[player]),
        )
        for player, name in names.items()
    ]


def _ranked(lines: Sequence[Standing]) -> tuple[Standing, ...]:
    """The lines in order, ranked: a line tied with the one above shares its rank."""
    ranked: list[Standing] = []
    for index, line in enumerate(lines):
        tied = ranked and _tie(ranked[-1]) == _tie(line)
        rank = ranked[-1].rank if tied else index + 1
        ranked.append(replace(line, rank=rank))
    return tuple(ranked)


def _tie(line: Standing) -> tuple[int, tuple[int, ...], NaturalKey]:
    return (line.total, line.placements, natural_key(line.name))


def _order(line: Standing) -> tuple[int, tuple[int, ...], NaturalKey, PlayerId]:
    return (-line.total, tuple(-n for n in line.placements), natural_key(line.name), line.player_id)


def _check_result(
    result: RoundResult,
    names: dict[PlayerId, str],
    played: set[tuple[PlayerId, int]],
    table_size: int,
) -> None:
    if result.player_id not in names:
        raise InvalidInput(
            f"round {result.round_number}: player {result.player_id} is not entered",
            code="standings_unknown_player",
            params={"player": result.player_id},
        )
    key = (result.player_id, result.round_number)
    if key in played:
        raise InvalidInput(
            f"round {result.round_number}: {names[result.player_id]} has two results",
            code="standings_duplicate_result",
            params={"player": names[result.player_id], "round": result.round_number},
        )
    played.add(key)
    if not 1 <= result.placement <= table_size:
        raise InvalidInput(
            f"round {result.round_number}: {names[result.player_id]}'s placement is "
            f"{result.placement}, not 1 to {table_size}",
            code="standings_placement",
            params={"player": names[result.player_id], "placement": result.placement},
        )


def _check_penalty(given: Penalty, names: dict[PlayerId, str]) -> None:
    if given.player_id not in names:
        raise InvalidInput(
            f"a penalty for player {given.player_id}, who is not entered",
            code="standings_unknown_player",
            params={"player": given.player_id},
        )
    if given.points <= 0:
        raise InvalidInput(
            f"a penalty for {names[given.player_id]} takes off more than 0 points",
            code="penalty_points",
            params={"player": names[given.player_id]},
        )
    if not given.reason.strip():
        raise InvalidInput(
            f"a penalty for {names[given.player_id]} needs a reason",
            code="penalty_reason",
            params={"player": names[given.player_id]},
        )
