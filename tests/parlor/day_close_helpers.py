"""A business day at the counter for the close (締め) tests: settlement.md's four-player example
played and checked out on 2026-05-01 (Tokyo), with a fifth player still in."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from rest_framework.test import APIClient

from parlor.domain.cash_drawer import DENOMINATIONS_YEN
from parlor.models import MemberRole, Parlor, Player
from tests.parlor.factories import MemberFactory
from tests.parlor.money_helpers import (
    FOUR_PLAYER_EXAMPLE,
    check_out,
    example_setup,
    play,
    ron,
    start,
)

NOON = datetime(2026, 5, 1, 3, 0, tzinfo=UTC)  # 12:00 in Tokyo, business day 2026-05-01
NEXT_NOON = datetime(2026, 5, 2, 3, 0, tzinfo=UTC)  # business day 2026-05-02
FLOAT_YEN = 30_000
# Hand 1 was a mangan; it was really a haneman: the top gains, the last pays (a correction).
HANEMAN_FIRST_HAND = ron(3, 1, chips=2, han=6)


@dataclass
class CounterDay:
    parlor: Parlor
    staff: APIClient
    staff_user: Any
    manager: Any  # a manager's user (password "pw")
    players: list[Player]
    game: dict[str, Any]
    visits: dict[int, dict[str, Any]]
    receipts: list[dict[str, Any]]

    @property
    def paid_in_yen(self) -> int:
        return sum(-r["totals"]["total_yen"] for r in self.receipts if r["totals"]["total_yen"] < 0)

    @property
    def paid_out_yen(self) -> int:
        return sum(r["totals"]["total_yen"] for r in self.receipts if r["totals"]["total_yen"] > 0)


def counter_day(
    parlor: Parlor, players: list[Player], personas: dict[str, APIClient]
) -> CounterDay:
    """Call inside time_machine.travel(NOON)."""
    staff, four, _, visits = example_setup(parlor, players, personas)
    game = play(staff, start(staff, four, players[:4]), FOUR_PLAYER_EXAMPLE)
    receipts = [check_out(staff, visits[p.pk]) for p in players[:4]]
    staff_user = MemberFactory(parlor=parlor, role=MemberRole.STAFF).user
    manager = MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user
    return CounterDay(parlor, staff, staff_user, manager, players, game, visits, receipts)


def notes_and_coins(amount_yen: int) -> dict[int, int]:
    """The fewest notes and coins that make `amount_yen` (the 2,000 yen note left out)."""
    counts: dict[int, int] = {}
    for yen in DENOMINATIONS_YEN:
        if yen == 2_000:
            continue
        counts[yen], amount_yen = divmod(amount_yen, yen)
    return counts
