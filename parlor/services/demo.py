"""Demo data for a fresh install: a parlor with a table per preset, players, users, money
settings, and a floor in the middle of an evening.

The demo parlor plays for money (点5) so a new user sees settlements. What `demo_load` leaves:
- a history: two finished games on each of three tables, after which two players checked out,
  so receipts exist (parlor/services/demo_floor.py plays them);
- a live floor: four tables mid-game under four different rulesets (standard, the house
  ruleset seed-001, Tenhou and the three-player seed-004), a few hands into each, a riichi
  stick on the standard table, one player there with ラス半 called;
- players checked in and waiting for a table, and a member who has not come in today.

Everything goes through the services, as the tablet and the counter would do it. Running it
again creates only what is missing: existing users keep their passwords (so signed-in tablets
stay signed in) and no game, visit or player is made twice.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from parlor.domain.money import Terms
from parlor.models import (
    FeeModel,
    Game,
    MemberRole,
    MoneySettings,
    Parlor,
    ParlorMember,
    Player,
    PlayerKind,
    Table,
    Visit,
)
from parlor.services.demo_floor import (
    DEMO_CHECKED_OUT,
    demo_check_in,
    demo_floor_play,
    demo_history_play,
)
from parlor.services.members import member_seat_name_set
from parlor.services.money import money_settings_set
from parlor.services.players import player_create
from rulesets.registry import PRESETS

DEMO_SLUG = "demo"
DEMO_STAFF_SEAT_NAME = "大西"  # the demo staff member's name when they sit in (本走)
# Demo accounts: (username, password, role); load_demo prints the password of an account it
# creates, and never changes the password of one that exists. The manager manages the demo
# parlor (its admin pages too, scoped to it); the operator runs the service, works at no
# parlor and is the admin's superuser.
DEMO_USERS = (
    ("operator", "tenbo-operator-demo", "operator"),
    ("manager", "tenbo-manager-demo", "manager"),
    ("staff", "tenbo-staff-demo", "staff"),
    ("player", "tenbo-player-demo", "player"),
)


@dataclass(frozen=True, slots=True)
class DemoPlayer:
    name: str
    kana: str  # よみがな
    member_number: str = ""  # 会員番号; a guest (walk-in) has none


# Members 0001-0008 are the demo's first players (its history); the rest came with the live
# floor. Names are unique in the demo, so the floor refers to players by name.
DEMO_PLAYERS = (
    DemoPlayer("青木", "あおき", "0001"),
    DemoPlayer("馬場", "ばば", "0002"),
    DemoPlayer("千葉", "ちば", "0003"),
    DemoPlayer("土井", "どい", "0004"),
    DemoPlayer("江藤", "えとう", "0005"),
    DemoPlayer("藤田", "ふじた", "0006"),
    DemoPlayer("後藤", "ごとう", "0007"),
    DemoPlayer("林", "はやし", "0008"),
    DemoPlayer("石川", "いしかわ", "0009"),
    DemoPlayer("上田", "うえだ", "0010"),
    DemoPlayer("小野", "おの", "0011"),
    DemoPlayer("加藤", "かとう", "0012"),
    DemoPlayer("木村", "きむら", "0013"),
    DemoPlayer("久保", "くぼ", "0014"),
    DemoPlayer("森", "もり", "0015"),
    DemoPlayer("山本", "やまもと", "0016"),  # a member who has not come in today
    DemoPlayer("佐藤", "さとう"),
    DemoPlayer("清水", "しみず"),
    DemoPlayer("鈴木", "すずき"),
    DemoPlayer("高橋", "たかはし"),
    DemoPlayer("田中", "たなか"),
    DemoPlayer("中村", "なかむら"),
)


@dataclass(frozen=True, slots=True)
class DemoResult:
    parlor: Parlor
    created_logins: tuple[tuple[str, str, str], ...]  # accounts made by this run, with passwords
    games_created: int
    no_longer_superuser: tuple[str, ...] = ()  # demo managers this run made plain managers


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


@transaction.atomic
def demo_table_order() -> list[str]:
    """The demo's tables, one per preset: the house rule sheets and the standard and Tenhou
    rules first (tables 1 to 11, as the demo always numbered them), then the league and lobby
    rules a parlor also runs tables under, so a new preset never renumbers a table."""

    def later(key: str) -> bool:
        return not (key.startswith(("seed-", "tenhou-")) or key == "standard")

    return sorted(PRESETS, key=lambda key: (later(key), key))


def demo_load() -> DemoResult:
    """Creates what is missing; running it again changes nothing."""
    parlor, _ = Parlor.objects.get_or_create(
        slug=DEMO_SLUG, defaults={"name": "点棒クラブ デモ店", "time_zone": "Asia/Tokyo"}
    )
    players, new_players = _demo_players(parlor)
    created_logins = _demo_users(parlor, players[DEMO_PLAYERS[0].name])
    demoted = _demo_managers_scoped()
    tables = {}
    for number, key in enumerate(demo_table_order(), start=1):
        table, _ = Table.objects.get_or_create(
            parlor=parlor, label=str(number), defaults={"ruleset_key": key}
        )
        tables[table.ruleset_key] = table
    for player_count, terms in DEMO_MONEY.items():
        if not MoneySettings.objects.filter(
            parlor=parlor, player_count=player_count, table__isnull=True
        ).exists():
            money_settings_set(parlor=parlor, player_count=player_count, terms=terms, by=None)
    games_before = Game.objects.filter(table__parlor=parlor).count()
    staff = get_user_model().objects.get(username="staff")
    if games_before == 0:
        demo_history_play(tables=tables, players=players, by=staff)
    elif not Visit.objects.filter(parlor=parlor).exists():
        # A demo loaded before it had money: check the players in, so the tablet can start games.
        demo_check_in([p for p in players.values() if p.name not in DEMO_CHECKED_OUT], by=staff)
    if new_players:  # a fresh demo, or one loaded before it had a live floor
        demo_floor_play(tables=tables, players=players, by=staff)
    games_created = Game.objects.filter(table__parlor=parlor).count() - games_before
    return DemoResult(parlor, created_logins, games_created, demoted)


def _demo_managers_scoped() -> tuple[str, ...]:
    """Makes a demo manager loaded as a superuser (as demos before the operator were) a plain
    manager, so the account no longer spans every parlor. Its password and sessions stay: a
    session is bound to the password, not to the flag."""
    managers = [u for u, _p, role in DEMO_USERS if role == "manager"]
    spanning = get_user_model().objects.filter(
        username__in=managers, is_superuser=True, parlor_member__role=MemberRole.MANAGER
    )
    demoted = tuple(spanning.values_list("username", flat=True))
    spanning.update(is_superuser=False, is_staff=True)
    return demoted


def _demo_players(parlor: Parlor) -> tuple[dict[str, Player], list[Player]]:
    """The demo's players by name, and those this run registered."""
    players, created = {}, []
    for demo in DEMO_PLAYERS:
        player = Player.objects.filter(
            parlor=parlor, member_number=demo.member_number, name=demo.name
        ).first()
        if player is None and demo.member_number:  # a member renamed since: the number counts
            player = Player.objects.filter(parlor=parlor, member_number=demo.member_number).first()
        if player is None:
            player = player_create(
                parlor=parlor,
                name=demo.name,
                kana=demo.kana,
                kind=PlayerKind.MEMBER if demo.member_number else PlayerKind.GUEST,
                member_number=demo.member_number,
            )
            created.append(player)
        players[demo.name] = player
    return players, created


def _demo_users(parlor: Parlor, demo_player: Player) -> tuple[tuple[str, str, str], ...]:
    """Creates the demo accounts that are missing. An account that exists keeps its password
    and role: resetting a password would sign every tablet out (a session is bound to the
    password it was opened with)."""
    users = get_user_model().objects
    created = []
    for username, password, role in DEMO_USERS:
        user = users.filter(username=username).first()
        if user is None:
            user = users.create_user(
                username=username,
                password=password,
                is_staff=role in ("manager", "operator"),  # the admin opens for them
                is_superuser=role == "operator",  # a manager's admin shows only their parlor
            )
            created.append((username, password, role))
        if role == "operator":
            continue  # the operator runs the service and works at no parlor
        if role == "player":
            if demo_player.user_id is None and not Player.objects.filter(user=user).exists():
                demo_player.user = user
                demo_player.save(update_fields=["user"])
        else:
            member, _ = ParlorMember.objects.get_or_create(
                user=user, defaults={"parlor": parlor, "role": role}
            )
            if role == "staff" and not Player.objects.filter(user=user).exists():
                member_seat_name_set(
                    member=member, name=DEMO_STAFF_SEAT_NAME, kana="おおにし", by=user
                )
    return tuple(created)
