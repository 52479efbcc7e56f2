"""Reading a hand's ``result`` in a ``tenbo-game/1`` record: ron, tsumo, draw, abortive draw
(途中流局) or chombo (錯和), checked against the ruleset."""

from __future__ import annotations

from collections.abc import Callable

from scoring.facts import Abortive, Chombo, Compensation, Draw, Result, Ron, Tsumo
from scoring.fields import FieldReader
from scoring.ruleset import AbortiveReason, Ruleset
from scoring.win_input import read_win


def read_result(result: FieldReader, *, ruleset: Ruleset, seats: int) -> Result:
    """The hand's result, by its ``kind``; RecordError naming the field."""
    kind = result.require("kind", "ron, tsumo, draw, abortive or chombo")
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        result.fail("kind", f"unknown result kind {kind!r}; use ron, tsumo, draw, abortive "
                            "or chombo")
        raise AssertionError  # pragma: no cover
    return reader(result, ruleset, seats)


def read_ron(result: FieldReader, ruleset: Ruleset, seats: int) -> Ron:
    result.only(("kind", "loser", "wins"))
    loser = result.seat("loser", seats=seats, what="the discarder")
    wins = result.require("wins", "the list of wins on that discard")
    if not isinstance(wins, list) or not wins:
        result.fail("wins", "'wins' must list at least one win")
    if len(wins) > ruleset.player_count - 1:
        result.fail("wins", f"at most {ruleset.player_count - 1} players can ron")
    parsed = tuple(read_win(FieldReader(w, hand=result.hand,
                                        path=result.where(f"wins[{i}]")),
                            ruleset=ruleset, seats=seats, tsumo=False)
                   for i, w in enumerate(wins))
    winners = [w.winner for w in parsed]
    if len(set(winners)) != len(winners):
        result.fail("wins", "a seat can win only once on one discard")
    if loser in winners:
        result.fail("loser", f"seat {loser} cannot both win and deal in")
    return Ron(loser=loser, wins=parsed)


def read_tsumo(result: FieldReader, ruleset: Ruleset, seats: int) -> Tsumo:
    result.only(("kind", "win", "loser"))
    if result.has("loser"):
        result.fail("loser", "a tsumo has no loser: everyone pays. Remove 'loser', "
                             "or record a ron", code="tsumo_with_loser")
    win_data = result.require("win", "the winning hand")
    win = read_win(FieldReader(win_data, hand=result.hand, path=result.where("win")),
                   ruleset=ruleset, seats=seats, tsumo=True)
    return Tsumo(win=win)


def read_draw(result: FieldReader, ruleset: Ruleset, seats: int) -> Draw:
    result.only(("kind", "tenpai", "nagashi"))
    if not result.has("tenpai"):
        result.require("tenpai", "the seats that were tenpai (an empty list if none)")
    tenpai = result.seat_list("tenpai", seats=seats, what="tenpai seats")
    nagashi = result.seat_list("nagashi", seats=seats, what="nagashi mangan seats")
    if nagashi and ruleset.nagashi is None:
        result.fail("nagashi", f"ruleset {ruleset.id} does not allow nagashi mangan "
                               "(its 'nagashi' is none): enter the draw with its tenpai "
                               "seats only", code="nagashi_not_allowed")
    return Draw(tenpai=tenpai, nagashi=nagashi)


def read_abortive(result: FieldReader, ruleset: Ruleset, seats: int) -> Abortive:
    result.only(("kind", "reason"))
    reason = result.require("reason", "why the hand was aborted")
    allowed = ", ".join(r.value for r in ruleset.abortive_draws) or "none"
    if reason not in {r.value for r in ruleset.abortive_draws}:
        result.fail("reason", f"{reason!r} is not an abortive draw of ruleset "
                              f"{ruleset.id} (allowed: {allowed})")
    return Abortive(reason=AbortiveReason(reason))


def read_chombo(result: FieldReader, ruleset: Ruleset, seats: int) -> Chombo:
    result.only(("kind", "offender", "compensation"))
    offender = result.seat("offender", seats=seats, what="the offender")
    return Chombo(offender=offender,
                  compensation=read_compensation(result, ruleset=ruleset, seats=seats))


def read_compensation(result: FieldReader, *, ruleset: Ruleset,
                      seats: int) -> Compensation | None:
    if not result.has("compensation"):
        return None
    if ruleset.chombo_compensation is None:
        result.fail("compensation", f"ruleset {ruleset.id} pays no chombo compensation")
    comp = result.child("compensation")
    comp.only(("to", "han", "fu", "yakuman"))
    to = comp.seat("to", seats=seats, what="the player whose hand was spoiled")
    if comp.has("yakuman"):
        return Compensation(to=to, yakuman=comp.integer("yakuman", low=1, high=6,
                                                        what="yakuman count"))
    han = comp.integer("han", low=1, high=99, what="the spoiled hand's han")
    fu = comp.integer("fu", low=20, high=130, what="the spoiled hand's fu", default=30)
    return Compensation(to=to, han=han, fu=fu)


_READERS: dict[str, Callable[[FieldReader, Ruleset, int], Result]] = {
    "ron": read_ron,
    "tsumo": read_tsumo,
    "draw": read_draw,
    "abortive": read_abortive,
    "chombo": read_chombo,
}
