"""`manage.py load_demo`: a demo parlor to try the product with. Safe to run again."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from parlor.services.demo import demo_load


class Command(BaseCommand):
    help = "Loads a demo parlor with a table per preset, players, users and a few games."

    def handle(self, *args: Any, **options: Any) -> None:
        result = demo_load()
        self.stdout.write(
            f"Demo parlor: {result.parlor.name} ({result.parlor.tables.count()} tables, "
            f"{result.games_created} new games)"
        )
        self.stdout.write("Demo logins (user / password / role):")
        for username, password, role in result.logins:
            self.stdout.write(f"  {username:<8} {password:<22} {role}")
