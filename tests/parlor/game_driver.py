"""Plays a whole game through the API, choosing each hand from the live state it reads back."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

from rulesets.registry import PRESETS
from scoring.ruleset import ValueInput


def _win(key: str, han: int, fu: int) -> dict[str, Any]:
    value_input = PRESETS[key].value_input if key in PRESETS else ValueInput.HAN_FU
    if value_input == ValueInput.POINT_COUNT:
        return {"points": 1000 * han}
    if value_input == ValueInput.HAN_FIXED_40FU:
        return {"han": han}
    return {"han": han, "fu": fu}


def next_hand(game: dict[str, Any], number: int) -> dict[str, Any]:
    """A plausible hand: the leading non-dealer keeps winning, so every game ends soon."""
    scores, dealer, key = game["scores"], game["next"]["dealer"], game["ruleset_key"]
    others = [seat for seat in range(len(scores)) if seat != dealer]
    leader = max(others, key=lambda s: (scores[s], -s))
    victim = min((s for s in others if s != leader), key=lambda s: (scores[s], s))
    pattern = number % 4
    if pattern == 0:
        return {
            "riichi": [leader],
            "result": {
                "kind": "ron",
                "loser": victim,
                "wins": [{"winner": leader, **_win(key, 3, 30)}],
            },
        }
    if pattern == 1:
        return {"result": {"kind": "tsumo", "win": {"winner": leader, **_win(key, 2, 30)}}}
    if pattern == 2:
        return {"result": {"kind": "draw", "tenpai": [leader]}}
    return {
        "result": {"kind": "ron", "loser": dealer, "wins": [{"winner": leader, **_win(key, 4, 30)}]}
    }


def play_to_end(client: APIClient, game_id: str, *, max_hands: int = 80) -> dict[str, Any]:
    """Records hands until the engine ends the game; returns the game as the API shows it."""
    game = client.get(f"/api/games/{game_id}/").json()
    for number in range(max_hands):
        if game["status"] != "in_progress":
            return game
        response = client.post(
            f"/api/games/{game_id}/hands/",
            {"sequence": number + 1, "hand": next_hand(game, number)},
            format="json",
        )
        assert response.status_code == 201, response.content.decode()
        game = response.json()
    raise AssertionError(f"the game did not end in {max_hands} hands")
