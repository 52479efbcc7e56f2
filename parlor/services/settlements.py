"""Settlements (精算): the closed settlement of a check-out, and adjustments.

The settlement's lines as they would be now (visit_total = Σ game money + Σ open adjustments)
are read by selectors.settlement_lines; a check-out writes them as they are.

An adjustment is signed from the player's side (+ owed to the player, − owed by them), so money
already paid out during the visit is an adjustment of −(what was paid), as settlement.md has it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from parlor.domain.money import SeatMoney
from parlor.errors import Conflict, InvalidInput
from parlor.models import (
    Adjustment,
    AdjustmentKind,
    Game,
    GameStatus,
    Hand,
    LineKind,
    Player,
    Settlement,
    SettlementLine,
    Visit,
    VisitGame,
    VisitStatus,
)
from parlor.models.adjustments import RESULT_CHANGED_REASON, VOIDED_GAME_REASON
from parlor.models.users import Actor, actor_row
from parlor.reports.staleness import report_days_changed
from parlor.security.limits import REASON_MAX_LENGTH
from parlor.security.text import text_check
from parlor.selectors.money import game_money_of
from parlor.selectors.money_guard import guarded_lines
from parlor.selectors.settlement_lines import lines_totals, visit_lines
from parlor.services.audit_log import (
    audit_adjustment_created,
    audit_adjustment_settled,
    audit_settlement_closed,
)
from parlor.services.day_open import day_open_require
from parlor.services.money_guard import LargeAmountConfirmation, large_amounts_confirm

MAX_ADJUSTMENT_YEN = 10_000_000  # a manual adjustment; corrections are computed, not entered


def settlement_build(
    *, visit: Visit, by: Actor, at: datetime, confirmed_by: Actor = None
) -> Settlement:
    """Writes the settlement of a visit being checked out (the caller holds the visit's lock),
    and audits its close.

    The open adjustments it takes are marked settled in it. A line beyond the parlor's bound
    needs a manager: `by`, or `confirmed_by` (services.money_guard).
    """
    # Lock the open adjustments, so staff cannot pay one at the counter while it is taken here.
    list(
        Adjustment.objects.select_for_update().filter(player=visit.player, settled_at__isnull=True)
    )
    lines = visit_lines(visit)
    confirmation = large_amounts_confirm(
        parlor_id=visit.parlor_id,
        lines=guarded_lines(visit.parlor, lines),
        by=by,
        confirmed_by=confirmed_by,
    )
    settlement = Settlement.objects.create(
        visit=visit,
        closed_at=at,
        closed_by=actor_row(by),
        line_count=len(lines),
        **lines_totals(lines),
    )
    for line in lines:
        line.settlement = settlement
    SettlementLine.objects.bulk_create(lines)
    taken = [line.adjustment_id for line in lines if line.adjustment_id is not None]
    Adjustment.objects.filter(pk__in=taken, settled_at__isnull=True).update(
        settled_in=settlement, settled_at=at, settled_by=by
    )
    report_days_changed(visit.parlor, [at])  # the receipt and the adjustments it took
    audit_settlement_closed(settlement, by=by, confirmation=confirmation)
    return settlement


@dataclass(frozen=True, slots=True)
class SettledMoneyChange:
    """What a change of a game's money owes the player of a closed visit it was settled in."""

    player: Player
    settlement: Settlement | None  # the closed settlement that has the game's line
    amount_yen: int  # + owed to the player, − owed by the player


def settled_money_changes(
    game: Game, money_of: Callable[[], Mapping[int, SeatMoney]]
) -> list[SettledMoneyChange]:
    """For every closed visit the game was settled in: the difference between what was paid
    for the game (its receipt line and the corrections since) and what `money_of()` (the
    game's money per seat, as it stands or as a correction would make it) says it is worth.
    Players whose money does not change are left out.

    The one computation behind the adjustment a correction creates (settlement_reconcile_game)
    and the warning the tablet shows before the correction is confirmed. One query when no
    visit has closed with the game (the usual case: the game just ended); `money_of` is called
    only otherwise.
    """
    links = list(
        VisitGame.objects.filter(game=game, visit__status=VisitStatus.CLOSED).select_related(
            "visit__player"
        )
    )
    if not links:
        return []
    money = money_of()
    changes = []
    for link in links:
        line = (
            SettlementLine.objects.filter(
                settlement__visit=link.visit, game=game, kind=LineKind.GAME
            )
            .select_related("settlement")
            .first()
        )
        paid = (line.amount_yen if line else 0) + (
            Adjustment.objects.filter(
                game=game, player=link.visit.player, kind=AdjustmentKind.CORRECTION
            ).aggregate(total=Sum("amount_yen"))["total"]
            or 0
        )
        worth = money[link.seat].game_money_yen if link.seat in money else 0
        if worth != paid:
            changes.append(
                SettledMoneyChange(
                    link.visit.player, line.settlement if line else None, worth - paid
                )
            )
    return changes


def settlement_reconcile_game(
    game: Game, *, by: Actor = None
) -> list[Adjustment]:
    """After a game's results changed, or it was voided: an adjustment for every closed visit
    it was settled in.

    Called under the game's lock by replays.replay_store and games.game_void. A difference
    between what was paid and what the game is worth now (settled_money_changes; nothing, once
    voided) becomes an open adjustment naming the correction or the void, never a change to
    the closed settlement. `by`: who voided the game.
    """
    if game.status == GameStatus.IN_PROGRESS:
        return []
    voided = game.status == GameStatus.VOIDED
    changes = settled_money_changes(game, (lambda: {}) if voided else (lambda: game_money_of(game)))
    if not changes:
        return []
    # What is owed now is dated now: never into a day whose drawer is counted and closed.
    day_open_require(
        game.table.parlor, what="a correction that changes money already paid", lock=False
    )
    correction, reason = correction_cause(game)
    made = [
        Adjustment.objects.create(
            parlor=game.table.parlor,
            player=change.player,
            kind=AdjustmentKind.CORRECTION,
            amount_yen=change.amount_yen,
            reason=reason,
            game=game,
            correction=correction,
            corrects_settlement=change.settlement,
            created_by=correction.entered_by if correction else actor_row(by),
        )
        for change in changes
    ]
    for adjustment in made:  # money owed after a settlement closed: audited like a manual one
        audit_adjustment_created(adjustment, by=adjustment.created_by)
    report_days_changed(game.table.parlor, [adjustment.created_at for adjustment in made])
    return made


def correction_cause(game: Game) -> tuple[Hand | None, str]:
    """The latest correction of a game's hands and its reason, or the void's (no hand): what
    an adjustment made by a change of the game's results names (one query)."""
    if game.status == GameStatus.VOIDED:
        return None, f"{VOIDED_GAME_REASON}{game.void_reason}"
    correction = (
        game.hands.filter(supersedes__isnull=False).order_by("-entered_at", "-id").first()
    )
    return correction, (correction.reason if correction else "") or RESULT_CHANGED_REASON


@transaction.atomic
def adjustment_create(
    *,
    player: Player,
    amount_yen: int,
    reason: str,
    kind: AdjustmentKind = AdjustmentKind.OTHER,
    by: Actor,
    confirmed_by: Actor = None,
) -> Adjustment:
    """A manual adjustment: money paid during a visit (−), a goodwill credit (+), and so on.

    One beyond the parlor's bound needs a manager: `by`, or `confirmed_by`."""
    _adjustment_input_check(amount_yen=amount_yen, reason=reason, kind=kind)
    day_open_require(player.parlor, what="an adjustment", lock=False)
    adjustment = Adjustment(
        parlor=player.parlor,
        player=player,
        kind=kind,
        amount_yen=amount_yen,
        reason=reason.strip(),
        created_by=actor_row(by),
    )
    confirmation = _adjustment_confirm(adjustment, by=by, confirmed_by=confirmed_by)
    adjustment.save()
    audit_adjustment_created(adjustment, by=by, confirmation=confirmation)
    report_days_changed(adjustment.parlor, [adjustment.created_at])
    return adjustment


def _adjustment_input_check(*, amount_yen: int, reason: str, kind: AdjustmentKind) -> None:
    """InvalidInput naming the field, for a new adjustment's reason, amount or kind."""
    if not reason.strip():
        raise InvalidInput("say what the adjustment is for", code="reason_required", field="reason")
    text_check(reason.strip(), field="reason", max_length=REASON_MAX_LENGTH, one_line=False)
    if not 0 < abs(amount_yen) <= MAX_ADJUSTMENT_YEN:
        raise InvalidInput(
            f"an adjustment is 1 to {MAX_ADJUSTMENT_YEN:,} yen either way",
            code="invalid_amount",
            field="amount_yen",
            params={"max": f"{MAX_ADJUSTMENT_YEN:,}"},
        )
    if kind == AdjustmentKind.CORRECTION:
        raise InvalidInput(
            "corrections are made by correcting the game's hand",
            code="invalid_kind",
            field="kind",
            params={"kind": kind},
        )


@transaction.atomic
def adjustment_settle(
    *, adjustment: Adjustment, by: Actor, confirmed_by: Actor = None
) -> Adjustment:
    """Staff pay (or collect) an open adjustment at the counter, outside any visit. One beyond
    the parlor's bound needs a manager: `by`, or `confirmed_by`."""
    day_open_require(adjustment.parlor, what="a payment at the counter")
    adjustment = (
        Adjustment.objects.select_for_update(of=("self",))
        .select_related("parlor", "game__table")
        .get(pk=adjustment.pk)
    )
    if adjustment.settled_at is not None:
        raise Conflict("the adjustment is already settled", code="adjustment_settled")
    confirmation = _adjustment_confirm(adjustment, by=by, confirmed_by=confirmed_by)
    adjustment.settled_at, adjustment.settled_by = timezone.now(), actor_row(by)
    adjustment.save(update_fields=["settled_at", "settled_by"])
    audit_adjustment_settled(adjustment, by=by, confirmation=confirmation)
    report_days_changed(adjustment.parlor, [adjustment.created_at, adjustment.settled_at])
    return adjustment


def _adjustment_confirm(
    adjustment: Adjustment, *, by: Actor, confirmed_by: Actor
) -> LargeAmountConfirmation | None:
    """The guard on one adjustment, read as the receipt line it becomes."""
    line = SettlementLine(
        kind=LineKind.ADJUSTMENT,
        game=adjustment.game,
        table_label=adjustment.game.table.label if adjustment.game else "",
        played_at=adjustment.game.started_at if adjustment.game else None,
        amount_yen=adjustment.amount_yen,
        description=adjustment.reason,
    )
    return large_amounts_confirm(
        parlor_id=adjustment.parlor_id,
        lines=guarded_lines(adjustment.parlor, [line]),
        by=by,
        confirmed_by=confirmed_by,
    )
