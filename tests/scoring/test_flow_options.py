"""Game-flow options: one-hand and East-to-North games (一局戦, 東北戦), the dealer keeping the
deal after any draw (流局連荘), and the extensions (延長戦)."""

from __future__ import annotations

from typing import Any

import pytest

from rulesets.registry import PRESETS
from scoring.errors import RulesetError
from scoring.flow import Advance, EndReason, advance
from scoring.record import parse_record
from scoring.ruleset import Ruleset
from scoring.settle import settle_hand


def custom(base: str = "standard", **changes: Any) -> Ruleset:
    return Ruleset.from_dict({"base": base, "id": "house", **changes}, presets=PRESETS)


def after(ruleset: Ruleset, entry: dict[str, Any], **start: Any) -> Advance:
    record = {"format": "tenbo-game/1", "ruleset": ruleset.id, "hands": [entry],
              "players": [f"P{i}" for i in range(ruleset.player_count)], "start": start}
    parsed = parse_record(record, presets={ruleset.id: ruleset})
    settled = settle_hand(parsed.start, parsed.hands[0], ruleset=ruleset)
    return advance(parsed.start, parsed.hands[0], settled, ruleset=ruleset)


def ron(loser: int, winner: int, han: int = 1, fu: int | None = 30) -> dict[str, Any]:
    win: dict[str, Any] = {"winner": winner, "han": han}
    if fu is not None:
        win["fu"] = fu
    return {"result": {"kind": "ron", "loser": loser, "wins": [win]}}


def where(step: Advance) -> tuple[str, int, int, int] | EndReason | None:
    if step.next_state is None:
        return step.end
    s = step.next_state
    return (s.round_wind, s.round_number, s.dealer, s.honba)


ONE_HAND = custom(game_length="one_hand")


@pytest.mark.parametrize(("entry", "expected"), [
    pytest.param(ron(2, 1), EndReason.ALL_LAST, id="a-win-ends-a-one-hand-game"),
    pytest.param(ron(2, 0), EndReason.ALL_LAST, id="a-dealer-win-ends-it-too"),
    pytest.param({"result": {"kind": "draw", "tenpai": [0]}}, EndReason.ALL_LAST,
                 id="an-exhaustive-draw-ends-it"),
    pytest.param({"result": {"kind": "abortive", "reason": "four_winds"}}, ("E", 1, 0, 1),
                 id="an-abortive-draw-deals-again"),
    pytest.param({"result": {"kind": "chombo", "offender": 2}}, ("E", 1, 0, 0),
                 id="a-chombo-replay-deals-again"),
])
def test_a_one_hand_game(entry: dict[str, Any], expected: object) -> None:
    assert where(after(ONE_HAND, entry)) == expected


def test_a_one_hand_game_has_no_extension() -> None:
    with pytest.raises(RulesetError) as refused:
        custom("tenhou-4p-hanchan", game_length="one_hand")
    assert refused.value.field == "extension"


EAST_TO_NORTH = custom(game_length="east_to_north")


@pytest.mark.parametrize(("wind", "expected"), [
    pytest.param("S", ("W", 1, 0, 0), id="after-south-4-comes-west-1"),
    pytest.param("W", ("N", 1, 0, 0), id="after-west-4-comes-north-1"),
    pytest.param("N", EndReason.ALL_LAST, id="north-4-is-all-last"),
])
def test_an_east_to_north_game(wind: str, expected: object) -> None:
    assert where(after(EAST_TO_NORTH, ron(0, 1), round_wind=wind, round_number=4)) == expected
    if wind == "S":
        assert where(after(PRESETS["standard"], ron(0, 1), round_wind=wind,
                           round_number=4)) == EndReason.ALL_LAST


def test_the_dealer_keeps_the_deal_after_any_draw() -> None:
    any_draw = custom(renchan_on_all_noten=True, renchan_on_any_draw=True)
    noten_dealer = {"result": {"kind": "draw", "tenpai": [1]}}
    assert where(after(any_draw, noten_dealer)) == ("E", 1, 0, 1)
    assert where(after(PRESETS["standard"], noten_dealer)) == ("E", 2, 1, 1)


EXTENDED = {"round_wind": "W", "round_number": 1, "extension": True,
            "scores": [29000, 25000, 25000, 21000]}
TENHOU_NO_STOP = {"agari_yame": "none", "tenpai_yame": "none"}


def test_renchan_first_extension_plays_on_after_a_dealer_win_past_the_target() -> None:
    renchan_first = custom("tenhou-4p-hanchan", **TENHOU_NO_STOP)
    assert where(after(renchan_first, ron(3, 0), **EXTENDED)) == ("W", 1, 0, 1)


def test_sudden_death_extension_ends_the_moment_anyone_passes_the_target() -> None:
    sudden = custom("tenhou-4p-hanchan", extension="extra_round_sudden_death",
                    **TENHOU_NO_STOP)
    assert where(after(sudden, ron(3, 0), **EXTENDED)) == EndReason.SUDDEN_DEATH
    assert where(after(sudden, ron(3, 1), **EXTENDED)) == ("W", 2, 1, 0)


def test_a_fixed_number_of_extra_hands() -> None:
    one_more = custom("tenhou-4p-hanchan", extension="extra_hands", extension_hands=1)
    two_more = custom("tenhou-4p-hanchan", extension="extra_hands", extension_hands=2)
    assert where(after(one_more, ron(3, 2), **EXTENDED)) == EndReason.EXTENSION_END
    assert where(after(two_more, ron(3, 2), **EXTENDED)) == ("W", 2, 1, 0)
    assert where(after(two_more, ron(3, 2), **{**EXTENDED, "round_number": 2})) == (
        EndReason.EXTENSION_END)


@pytest.mark.parametrize(("changes", "field"), [
    pytest.param({"extension": "extra_hands"}, "extension_hands",
                 id="extra-hands-says-how-many"),
    pytest.param({"extension_hands": 2}, "extension_hands",
                 id="extension-hands-only-with-extra-hands"),
    pytest.param({"extension": "extra_hands", "extension_hands": 5}, "extension_hands",
                 id="extension-hands-fit-in-one-round"),
    pytest.param({"extension": "none"}, "extension_target",
                 id="a-target-without-an-extension-would-be-ignored"),
])
def test_an_incoherent_extension_is_refused(changes: dict[str, Any], field: str) -> None:
    with pytest.raises(RulesetError) as refused:
        custom("tenhou-4p-hanchan", **changes)
    assert refused.value.field == field
