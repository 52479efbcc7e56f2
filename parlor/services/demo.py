"""Demo data for a fresh install: a parlor, a table per preset, players, users, money settings,
visits and games.

The demo parlor plays for money (点5) so a new user sees settlements: every demo player is
checked in before the demo games, and two of them are checked out, so receipts exist.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from parlor.models import (
    FeeModel,
    MoneySettings,
    Parlor,
    ParlorMember,
    Player,
    PlayerKind,
    Table,
    Visit,
    VisitStatus,
)
from parlor.services.games import game_finish, game_start
from parlor.services.hands import hand_record
from parlor.services.money import Terms, money_settings_set
from parlor.services.seating import Seating
from parlor.services.visits import visit_check_in, visit_check_out
from rulesets.registry import PRESETS
from scoring.ruleset import Ruleset, ValueInput

DEMO_SLUG = "demo"
# Demo accounts: (username, password, role); the password is printed by load_demo.
DEMO_USERS = (
    ("manager", "tenbo-manager-demo", "manager"),
    ("staff", "tenbo-staff-demo", "staff"),
    ("player", "tenbo-player-demo", "player"),
)
PLAYER_NAMES = ("青木", "馬場", "千葉", "土井", "江藤", "藤田", "後藤", "林")


@dataclass(frozen=True, slots=True)
class DemoResult:
    parlor: Parlor
    logins: tuple[tuple[str, str, str], ...]
    games_created: int


# The demo's money terms per game type, plausible for a Tokyo parlor: 点5 (50 yen per 1p), and
# money rounded to 10 yen. Four players pay a 500-yen game fee each; three-player games (サンマ)
# take a 400-yen fee each and a 300-yen top prize (トップ賞) from the winner; a chip is 100 yen.
DEMO_MONEY = {
    4: Terms(
        rate_yen_per_p=50,
        chip_value_yen=100,
        fee_model=FeeModel.EACH.value,
        game_fee_yen=500,
        top_prize_yen=0,
        money_unit_yen=10,
    ),
    3: Terms(
        rate_yen_per_p=50,
        chip_value_yen=100,
        fee_model=FeeModel.EACH_PLUS_TOP.value,
        game_fee_yen=400,
        top_prize_yen=300,
        money_unit_yen=10,
    ),
}
# Players checked out after the demo games, so that receipts exist: 青木 (the demo player's own,
# seen at /me/) and 土井, who played the four-player games only.
DEMO_CHECKED_OUT = ("0001", "0004")

# Tables that get a few finished games: a four-player, a three-player and a 回り親 preset.
DEMO_GAME_PRESETS = ("standard", "tenhou-3p-tonpuu", "seed-004")


def _win(ruleset: Ruleset, han: int, fu: int) -> dict[str, int]:
    """A win's value in the form the ruleset takes (han and fu, han alone, or points)."""
    if ruleset.value_input == ValueInput.POINT_COUNT:
        return {"points": 1000 * han}
    if ruleset.value_input == ValueInput.HAN_FIXED_40FU:
        return {"han": han}
    return {"han": han, "fu": fu}


def _hands(ruleset: Ruleset) -> list[dict]:
    """A few ordinary hands (non-dealer wins, a riichi, a draw)."""
    last = ruleset.player_count - 1
    return [
        {"result": {"kind": "ron", "loser": 0, "wins": [{"winner": 1, **_win(ruleset, 3, 30)}]}},
        {"riichi": [2], "result": {"kind": "tsumo", "win": {"winner": 2, **_win(ruleset, 2, 30)}}},
        {"result": {"kind": "draw", "tenpai": [0, last]}},
        {"result": {"kind": "ron", "loser": 1, "wins": [{"winner": last, **_win(ruleset, 4, 30)}]}},
    ]


@transaction.atomic
def demo_load() -> DemoResult:
    """Creates what is missing; running it again changes nothing but the demo passwords."""
    parlor, _ = Parlor.objects.get_or_create(
        slug=DEMO_SLUG, defaults={"name": "点棒クラブ デモ店", "time_zone": "Asia/Tokyo"}
    )
    players = []
    for number, name in enumerate(PLAYER_NAMES, start=1):
        player, _ = Player.objects.get_or_create(
            parlor=parlor,
            member_number=f"{number:04d}",
            defaults={"name": name, "kind": PlayerKind.MEMBER},
        )
        players.append(player)
    users = get_user_model().objects
    for username, password, role in DEMO_USERS:
        user, _ = users.get_or_create(username=username)
        user.set_password(password)
        user.is_staff = role == "manager"  # the manager may use the Django admin
        user.is_superuser = role == "manager"
        user.save()
        if role == "player":
            Player.objects.filter(pk=players[0].pk).update(user=user)
        else:
            ParlorMember.objects.update_or_create(
                user=user, defaults={"parlor": parlor, "role": role}
            )
    tables = []
    for number, key in enumerate(PRESETS, start=1):
        table, _ = Table.objects.get_or_create(
            parlor=parlor, label=str(number), defaults={"ruleset_key": key}
        )
        tables.append(table)
    for player_count, terms in DEMO_MONEY.items():
        if not MoneySettings.objects.filter(
            parlor=parlor, player_count=player_count, table__isnull=True
        ).exists():
            money_settings_set(parlor=parlor, player_count=player_count, terms=terms)
    created = 0
    if not parlor.tables.filter(games__isnull=False).exists():
        _demo_check_in(players)
        created = _demo_games(tables, players)
        _demo_check_out(players)
    elif not Visit.objects.filter(parlor=parlor).exists():
        # A demo loaded before it had money: check the players in, so the tablet can start games.
        _demo_check_in(players)
    return DemoResult(parlor, DEMO_USERS, created)


def _demo_check_in(players: list[Player]) -> None:
    staff = get_user_model().objects.get(username="staff")
    for player in players:
        if not Visit.objects.filter(player=player, status=VisitStatus.OPEN).exists():
            visit_check_in(player=player, by=staff)


def _demo_check_out(players: list[Player]) -> None:
    staff = get_user_model().objects.get(username="staff")
    for player in players:
        if player.member_number in DEMO_CHECKED_OUT:
            visit = Visit.objects.get(player=player, status=VisitStatus.OPEN)
            visit_check_out(visit=visit, by=staff)


def _demo_games(tables: list[Table], players: list[Player]) -> int:
    staff = get_user_model().objects.get(username="staff")
    created = 0
    for table in tables:
        if table.ruleset_key not in DEMO_GAME_PRESETS:
            continue
        ruleset = PRESETS[table.ruleset_key]
        for round_index in range(2):
            seating = Seating.DRAW if round_index == 0 else Seating.KEEP
            game = game_start(
                table=table,
                players=list(players[: ruleset.player_count]),
                seating=seating,
                by=staff,
            )
            for sequence, entry in enumerate(_hands(ruleset), start=1):
                hand_record(game=game, sequence=sequence, entry=entry, by=staff)
            game.refresh_from_db()
            if game.is_open:  # some presets end the game by themselves (agari-yame)
                game_finish(game=game, by=staff)
            created += 1
    return created
