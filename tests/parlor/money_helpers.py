"""Helpers for the visit and settlement tests: chip rulesets, money settings, visits, games,
all through the API as a tablet and a manager would use it."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

from parlor.models import Parlor, Player, Table
from tests.parlor.conftest import ok
from tests.parlor.game_driver import next_hand

CHIPS = {
    "events": ["ippatsu", "ura_dora", "red_five"],
    "ron_paid_by": "discarder",
    "tsumo_paid_by": "each",
}
NOTEN = {"result": {"kind": "draw", "tenpai": []}}


def ron(loser: int, winner: int, *, chips: int = 0, **value: int) -> dict[str, Any]:
    win: dict[str, Any] = {"winner": winner, **value}
    if chips:
        win["chips"] = chips
    return {"result": {"kind": "ron", "loser": loser, "wins": [win]}}


def tsumo(winner: int, *, chips: int = 0, **value: int) -> dict[str, Any]:
    win: dict[str, Any] = {"winner": winner, **value}
    if chips:
        win["chips"] = chips
    return {"result": {"kind": "tsumo", "win": win}}


def chip_ruleset(manager: APIClient, base: str) -> str:
    key = f"{base}-chips"
    ok(
        manager.post(
            "/api/rulesets/",
            {
                "key": key,
                "title": f"{base} 祝儀あり",
                "definition": {"base": base, "id": key, "chips": CHIPS},
            },
            format="json",
        ),
        201,
    )
    return key


def money_settings(manager: APIClient, player_count: int, **terms: Any) -> dict[str, Any]:
    body = {"player_count": player_count, **terms}
    return ok(manager.put("/api/money-settings/", body, format="json"))


def check_in(staff: APIClient, player: Player) -> dict[str, Any]:
    return ok(staff.post("/api/visits/", {"player": str(player.public_id)}, format="json"), 201)


def start(staff: APIClient, table: Table, players: list[Player]) -> dict[str, Any]:
    body = {"players": [str(p.public_id) for p in players], "seating": "given"}
    return ok(staff.post(f"/api/tables/{table.public_id}/games/", body, format="json"), 201)


def play(
    staff: APIClient, game: dict[str, Any], hands: list[dict[str, Any]], *, finish: bool = False
) -> dict[str, Any]:
    """Records the hands in order (and staff-closes the game if asked); the game as read back."""
    for sequence, hand in enumerate(hands, start=game["hand_count"] + 1):
        ok(
            staff.post(
                f"/api/games/{game['id']}/hands/",
                {"sequence": sequence, "hand": hand},
                format="json",
            ),
            201,
        )
    if finish:
        ok(staff.post(f"/api/games/{game['id']}/finish/"))
    return ok(staff.get(f"/api/games/{game['id']}/"))


def check_out(staff: APIClient, visit: dict[str, Any]) -> dict[str, Any]:
    return ok(staff.post(f"/api/visits/{visit['visit']['id']}/check-out/"), 201)


def table(parlor: Parlor, label: str, ruleset_key: str) -> Table:
    return Table.objects.create(parlor=parlor, label=label, ruleset_key=ruleset_key)


# settlement.md's worked examples, played hand by hand: seat 1 tops the four-player game with
# +52.0 p (scores 27,000 / 42,000 / 27,000 / 4,000, standard uma 20-10 and oka 20) and chips
# 0, +3, −1, −2; seat 0 tops the three-player seed-004 game with +35.0 / −5.0 / −30.0 p
# (60,000 / 35,000 / 10,000 after 35,000 持ち 40,000 返し) and chips +2, −1, −1.
FOUR_PLAYER_EXAMPLE = [
    ron(3, 1, chips=2, han=5),
    ron(3, 0, han=2, fu=30),
    ron(2, 1, chips=1, han=1, fu=40),
    ron(3, 2, han=2, fu=30),
    ron(3, 1, han=4, fu=30),
    ron(3, 2, han=1, fu=40),
    NOTEN,
    NOTEN,
]
THREE_PLAYER_EXAMPLE = [
    tsumo(0, chips=1, han=3),
    ron(2, 1, han=2),
    ron(2, 0, han=8),
    ron(2, 0, han=1),
]


def play_out(
    staff: APIClient, game: dict[str, Any], *, base: str, shift: int = 0
) -> dict[str, Any]:
    """Plays the game to its end with game_driver's hands (for preset `base`, starting `shift`
    hands into its pattern), every third win earning chips; the game as read back."""
    game = ok(staff.get(f"/api/games/{game['id']}/"))
    for number in range(80):
        if game["status"] != "in_progress":
            return game
        hand = next_hand({**game, "ruleset_key": base}, number + shift)
        result = hand["result"]
        for win in result.get("wins", [result.get("win")]):
            if win and number % 3 == 0:
                win["chips"] = 1 + number % 2
        response = staff.post(
            f"/api/games/{game['id']}/hands/", {"sequence": number + 1, "hand": hand}, format="json"
        )
        game = ok(response, 201)
    raise AssertionError("the game did not end")


def example_setup(
    parlor: Parlor, players: list[Player], personas: dict[str, APIClient]
) -> tuple[APIClient, Table, Table, dict[int, dict[str, Any]]]:
    """The parlor of settlement.md's examples (点5, chips at 100 yen, money unit 10 yen; four
    players each_plus_top 400 + 200, three players top_only 1,200), a chip table of each kind
    and every player checked in: (staff client, four-player table, three-player table, visits)."""
    manager, staff = personas["manager"], personas["staff"]
    money_settings(
        manager,
        4,
        rate_yen_per_p=50,
        chip_value_yen=100,
        fee_model="each_plus_top",
        game_fee_yen=400,
        top_prize_yen=200,
        money_unit_yen=10,
    )
    money_settings(
        manager,
        3,
        rate_yen_per_p=50,
        chip_value_yen=100,
        fee_model="top_only",
        game_fee_yen=1200,
        money_unit_yen=10,
    )
    four = table(parlor, "1", chip_ruleset(manager, "standard"))
    three = table(parlor, "2", chip_ruleset(manager, "seed-004"))
    visits = {p.pk: check_in(staff, p) for p in players}
    return staff, four, three, visits


def play_both_examples(staff: APIClient, four: Table, three: Table, players: list[Player]) -> None:
    """settlement.md's worked examples, both finished: players[:4] at the four-player table,
    then players 0, 4 and 2 at the three-player table (players[0] ends on +700 yen)."""
    play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    play(
        staff,
        start(staff, three, [players[0], players[4], players[2]]),
        THREE_PLAYER_EXAMPLE,
        finish=True,
    )
