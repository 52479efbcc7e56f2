"""Migrates the database DATABASE_URL names, creates the fault tests' parlor in it and prints
it as JSON: a staff token and a game in progress at each of `count` tables (one process for
both: Django starts once). Run as a module:

    DATABASE_URL=... SECRET_KEY=... python -m tests.faults.scene 8
"""

from __future__ import annotations

import json
import os
import sys

import django


def main(count: int) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "parlor.settings")
    django.setup()
    # Imported after setup: the models need the app registry.
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from parlor.models import MemberRole, Parlor, ParlorMember, Player, PlayerKind, Table
    from parlor.services.games import game_start
    from parlor.services.seating import Seating

    call_command("migrate", interactive=False, verbosity=0)
    parlor = Parlor.objects.create(name="Fault parlor", slug="faults")
    staff = get_user_model().objects.create_user("fault-staff", password="not-used")
    ParlorMember.objects.create(parlor=parlor, user=staff, role=MemberRole.STAFF)
    token = Token.objects.create(user=staff).key
    games = []
    for number in range(1, count + 1):
        table = Table.objects.create(parlor=parlor, label=str(number), ruleset_key="standard")
        players = [
            Player.objects.create(parlor=parlor, name=f"P{number}-{seat}", kind=PlayerKind.GUEST)
            for seat in range(4)
        ]
        game = game_start(table=table, players=players, seating=Seating.GIVEN, by=staff)
        games.append(str(game.public_id))
    print(json.dumps({"token": token, "games": games}))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 8)
