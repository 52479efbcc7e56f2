"""A league's stage standings, carry-over (持ち越し) and cut: pure arithmetic, no Django.

A stage's total for a player is the points carried in from the stage before plus the sum of
their sessions' totals (each session is a tournament event: results less penalties). The cut
keeps the top N for the next stage; ties are broken, in this order, by the higher total, the
best single session (最高節), then the earlier registration in the league. So the cut is never
a coin toss, and the rule is one a player can check on the standings page.

Points are integers in tenths of the event unit, as the tournament's standings give them.
Carrying half (半分持ち越し) halves toward zero: 12.3 becomes 6.1 and -12.3 becomes -6.1, so a
player below zero is never pushed further down by the halving.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from parlor.errors import InvalidInput


class CarryOver(StrEnum):
    """How much of a stage's total a player takes into the next stage (持ち越し)."""

    FULL = "full"  # 全額持ち越し
    HALF = "half"  # 半分持ち越し
    NONE = "none"  # リセット


def carried(total: int, *, policy: CarryOver) -> int:
    """The points a total carries into the next stage.

    >>> carried(123, policy=CarryOver.HALF), carried(-123, policy=CarryOver.HALF)
    (61, -61)
    >>> carried(123, policy=CarryOver.FULL), carried(123, policy=CarryOver.NONE)
    (123, 0)
    """
    if policy == CarryOver.FULL:
        return total
    if policy == CarryOver.HALF:
        return abs(total) // 2 * (1 if total >= 0 else -1)
    return 0


@dataclass(frozen=True, slots=True)
class StageEntrant:
    """A player in a stage: the points carried in and the order they entered the league."""

    player_id: int
    name: str
    carried_in: int = 0  # tenths, from the stage before
    order: int = 0  # registration order in the league: lower came first


@dataclass(frozen=True, slots=True)
class StageLine:
    """A player's line in a stage's standings."""

    rank: int  # 1 for the top; distinct ranks (the tie-break settles every tie)
    player_id: int
    name: str
    total: int  # carried_in + the sessions' sum, tenths
    carried_in: int
    sessions: tuple[int, ...]  # one total per session played, session order; 0 if absent
    best_session: int


def stage_standings(
    entrants: Sequence[StageEntrant], sessions: Iterable[Mapping[int, int]]
) -> tuple[StageLine, ...]:
    """The stage's standings, top first. `sessions` is one {player_id: total} per session;
    a player missing from a session scores 0 in it. A total of a player not in the stage is
    refused: it would be counted nowhere.

    >>> ones = [StageEntrant(1, "Aoki", order=1), StageEntrant(2, "Baba", carried_in=5, order=2)]
    >>> [(l.rank, l.name, l.total) for l in stage_standings(ones, [{1: 30, 2: -30}, {1: 0, 2: 20}])]
    [(1, 'Aoki', 30), (2, 'Baba', -5)]
    """
    ids = {e.player_id for e in entrants}
    if len(ids) != len(entrants):
        raise InvalidInput("a player is in the stage twice", code="league_duplicate_entrant")
    played = [dict(session) for session in sessions]
    for number, session in enumerate(played, start=1):
        strangers = set(session) - ids
        if strangers:
            raise InvalidInput(
                f"session {number}: players {sorted(strangers)} are not in the stage",
                code="league_unknown_player",
                params={"session": number},
            )
    lines = []
    for entrant in entrants:
        totals = tuple(session.get(entrant.player_id, 0) for session in played)
        lines.append(
            StageLine(
                rank=0,
                player_id=entrant.player_id,
                name=entrant.name,
                total=entrant.carried_in + sum(totals),
                carried_in=entrant.carried_in,
                sessions=totals,
                best_session=max(totals, default=0),
            )
        )
    order = {e.player_id: e.order for e in entrants}
    lines.sort(key=lambda line: (-line.total, -line.best_session, order[line.player_id]))
    return tuple(replace(line, rank=index) for index, line in enumerate(lines, start=1))


@dataclass(frozen=True, slots=True)
class Cut:
    """The result of closing a stage: who goes on, with the points they carry, and who is out."""

    advancing: tuple[tuple[int, int], ...]  # (player_id, carried points), rank order
    out: tuple[int, ...]  # player ids, rank order (敗退)


def stage_cut(lines: Sequence[StageLine], *, advance: int, policy: CarryOver) -> Cut:
    """The top `advance` lines go on, carrying their totals by `policy`; the rest are out.

    >>> lines = stage_standings([StageEntrant(n, str(n), order=n) for n in (1, 2, 3)],
    ...                         [{1: 10, 2: 30, 3: 20}])
    >>> stage_cut(lines, advance=2, policy=CarryOver.HALF)
    Cut(advancing=((2, 15), (3, 10)), out=(1,))
    """
    if not 1 <= advance <= len(lines):
        raise InvalidInput(
            f"{advance} cannot go on from a stage of {len(lines)} players",
            code="league_cut_size",
            params={"advance": advance, "players": len(lines)},
        )
    ranked = sorted(lines, key=lambda line: line.rank)
    return Cut(
        advancing=tuple(
            (line.player_id, carried(line.total, policy=policy)) for line in ranked[:advance]
        ),
        out=tuple(line.player_id for line in ranked[advance:]),
    )
