"""The guard on amounts no game can reach: a line beyond the parlor's bound goes through only
with a manager (the one doing it, or one who confirms with their password), and the audit
event names the manager and the lines (domain.money_guard has the rule)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from parlor.domain.money_guard import GuardedLine
from parlor.errors import Conflict
from parlor.models.users import Actor
from parlor.selectors.access import is_manager


class LargeAmountNeedsManager(Conflict):
    """A line beyond the bound, without a manager: the message names the line."""

    code = "large_amount_needs_manager"

    def __init__(self, line: GuardedLine) -> None:
        super().__init__(line.english(), field="manager_username")
        self.line = line


@dataclass(frozen=True, slots=True)
class LargeAmountConfirmation:
    """Who confirmed which lines beyond the bound: kept in the audit event."""

    manager: str
    lines: tuple[GuardedLine, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "confirmed_by": self.manager,
            "lines_beyond_bound": [
                {
                    "amount_yen": line.amount_yen,
                    "bound_yen": line.bound_yen,
                    "table": line.table_label,
                    "what": line.english(),
                }
                for line in self.lines
            ],
        }


def large_amounts_confirm(
    *, parlor_id: int, lines: Sequence[GuardedLine], by: Actor, confirmed_by: Actor = None
) -> LargeAmountConfirmation | None:
    """None when every line is within its bound. Otherwise the manager who lets them through
    (`by` if a manager, else `confirmed_by`, checked by manager_check.manager_confirmer), or
    LargeAmountNeedsManager naming the first line beyond its bound."""
    beyond = tuple(line for line in lines if line.is_beyond)
    if not beyond:
        return None
    manager = next((u for u in (by, confirmed_by) if u and is_manager(u, parlor_id)), None)
    if manager is None:
        raise LargeAmountNeedsManager(beyond[0])
    return LargeAmountConfirmation(manager.get_username(), beyond)
