"""Adjustments (調整) as staff read them: signed yen and who pays whom, at the counter and on
the correction screen, so both say it in the same words."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from django.http import HttpRequest
from django.template.loader import render_to_string

from parlor.models import Adjustment, Player
from parlor.selectors.audit_text import adjustment_reason_text
from parlor.services.settlements import SettledMoneyChange
from parlor.view_helpers.present import signed


@dataclass(frozen=True, slots=True)
class AdjustmentView:
    player: Player
    amount_yen: int  # + owed to the player (受取), − owed by the player (支払)
    amount: str  # signed, with separators: +1,200 / −800
    reason: str
    table_label: str
    created_at: datetime | None

    @property
    def player_receives(self) -> bool:
        return self.amount_yen > 0


def adjustment_view(adjustment: Adjustment) -> AdjustmentView:
    game = adjustment.game
    return AdjustmentView(
        player=adjustment.player,
        amount_yen=adjustment.amount_yen,
        amount=signed(adjustment.amount_yen),
        reason=adjustment_reason_text(adjustment.reason),
        table_label=game.table.label if game is not None else "",
        created_at=adjustment.created_at,
    )


@dataclass(frozen=True, slots=True)
class OwedByPlayer:
    """A player's open adjustments, paid out (or collected) together on one receipt."""

    player: Player
    items: list[AdjustmentView]

    @property
    def total_yen(self) -> int:
        return sum(item.amount_yen for item in self.items)

    @property
    def total(self) -> str:
        return signed(self.total_yen)

    @property
    def owed(self) -> str:
        """What the player pays, without a sign: 「1,200円お支払い」 reads better than −1,200."""
        return f"{abs(self.total_yen):,}"

    @property
    def error_key(self) -> str:
        return f"owed-{self.player.public_id}"


def owed_by_player(adjustments: Iterable[Adjustment]) -> list[OwedByPlayer]:
    """Open adjustments grouped by player, each group in the order the player first owed."""
    groups: dict[int, OwedByPlayer] = {}
    for adjustment in adjustments:
        group = groups.setdefault(adjustment.player_id, OwedByPlayer(adjustment.player, []))
        group.items.append(adjustment_view(adjustment))
    return list(groups.values())


def settled_notice(changes: list[SettledMoneyChange], *, request: HttpRequest) -> str:
    """The warning before 確定 that a correction changes checked-out players' money (HTML)."""
    if not changes:
        return ""
    rows = [
        AdjustmentView(change.player, change.amount_yen, signed(change.amount_yen), "", "", None)
        for change in changes
    ]
    return render_to_string("tablet/_settled_money.html", {"changes": rows}, request=request)
