"""The ruleset snapshot's one reader (domain.snapshots, Game.ruleset): every snapshot reads as
the ruleset it holds now, however often it was read before, never a stale one kept from an
earlier read."""

from __future__ import annotations

from parlor.domain.snapshots import ruleset_of_snapshot
from parlor.models import Game
from rulesets.registry import PRESETS
from scoring import Ruleset


def test_a_snapshot_reads_as_the_ruleset_it_was_taken_of() -> None:
    for key in ("standard", "mleague", "mahjongsoul-3p-hanchan"):
        assert ruleset_of_snapshot(PRESETS[key].to_dict()) == PRESETS[key]


def test_a_snapshot_read_twice_is_parsed_once() -> None:
    snapshot = PRESETS["ema"].to_dict()
    assert ruleset_of_snapshot(snapshot) is ruleset_of_snapshot(dict(snapshot))


def test_a_snapshot_changed_in_place_after_a_read_reads_as_it_is_now() -> None:
    snapshot = PRESETS["standard"].to_dict()
    assert ruleset_of_snapshot(snapshot).start_points == 25000
    snapshot["start_points"], snapshot["return_points"] = 30000, 40000
    assert ruleset_of_snapshot(snapshot).start_points == 30000
    snapshot["title"] = "改訂"
    assert ruleset_of_snapshot(snapshot).title == "改訂"


def test_two_versions_of_one_ruleset_each_read_as_themselves() -> None:
    """A parlor's ruleset edited between two games: both snapshots name the same id."""
    before = PRESETS["standard"].to_dict()
    after = {**before, "start_points": 30000, "return_points": 30000}
    for _ in range(2):
        assert ruleset_of_snapshot(before).return_points == 30000
        assert ruleset_of_snapshot(before).start_points == 25000
        assert ruleset_of_snapshot(after).start_points == 30000


def test_a_game_reads_the_snapshot_it_holds_now() -> None:
    game = Game(ruleset_key="standard", ruleset_snapshot=PRESETS["standard"].to_dict())
    assert game.ruleset.player_count == 4
    game.ruleset_snapshot = PRESETS["mahjongsoul-3p-hanchan"].to_dict()
    assert game.ruleset.player_count == 3
    game.ruleset_snapshot["title"] = "三麻"
    assert game.ruleset.title == "三麻"
    assert isinstance(game.ruleset, Ruleset)
