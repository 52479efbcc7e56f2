"""`manage.py load_demo`: a demo parlor to try the product with. Safe to run again."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from parlor.services.demo import DEMO_USERS, demo_load


class Command(BaseCommand):
    help = (
        "Loads a demo parlor: a table per preset, players, users, finished games with receipts "
        "and four tables mid-game. Creates only what is missing; passwords are left alone."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        result = demo_load()
        self.stdout.write(
            f"Demo parlor: {result.parlor.name} ({result.parlor.tables.count()} tables, "
            f"{result.games_created} new games)"
        )
        if result.created_logins:
            self.stdout.write("Demo logins (user / password / role):")
            for username, password, role in result.created_logins:
                self.stdout.write(f"  {username:<8} {password:<22} {role}")
        for username in result.no_longer_superuser:
            self.stdout.write(
                f"{username} is now a plain manager: the admin shows them their parlor only "
                "(the operator login has the whole admin)"
            )
        existing = [u for u, _p, _r in DEMO_USERS if u not in {c[0] for c in result.created_logins}]
        if existing:
            self.stdout.write(
                f"Existing logins kept as they are: {', '.join(existing)} (their passwords were "
                "printed when they were created; manage.py changepassword <user> sets a new one)"
            )
