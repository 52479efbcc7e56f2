"""Settlements (精算): a visit's receipt lines, the closed settlement, and adjustments.

    visit_total = Σ game_money over the games of the visit + Σ open adjustments

An adjustment is signed from the player's side (+ owed to the player, − owed by them), so money
already paid out during the visit is an adjustment of −(what was paid), as settlement.md has it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from parlor.domain.money import SeatMoney, Terms
from parlor.errors import Conflict, InvalidInput
from parlor.models import (
    Adjustment,
    AdjustmentKind,
    Game,
    GameMoney,
    GameStatus,
    LineKind,
    Player,
    Settlement,
    SettlementLine,
    Visit,
    VisitGame,
    VisitStatus,
)
from parlor.selectors.money import game_money_of, games_money
from parlor.services.audit_log import audit_adjustment_created, audit_adjustment_settled

MAX_ADJUSTMENT_YEN = 10_000_000  # a manual adjustment; corrections are computed, not entered


def _game_line(link: VisitGame, money: SeatMoney | None) -> SettlementLine | None:
    """The receipt line of one game of the visit (unsaved), or None if it counts for nothing:
    `money` is the seat's money in that game, None without money terms or results."""
    game = link.game
    if game.status != GameStatus.FINISHED or money is None:
        return None
    terms = Terms.of(game.money)
    return SettlementLine(
        kind=LineKind.GAME,
        game=game,
        table_label=game.table.label,
        played_at=game.started_at,
        ruleset_key=game.ruleset_key,
        ruleset_title=str(game.ruleset_snapshot.get("title", game.ruleset_key))[:100],
        rank=money.rank,
        result_tenths=money.result_tenths,
        chips=money.chips,
        rate_yen_per_p=terms.rate_yen_per_p,
        chip_value_yen=terms.chip_value_yen,
        points_yen=money.points_yen,
        chips_yen=money.chips_yen,
        fee_yen=money.fee_yen,
        amount_yen=money.game_money_yen,
        stand_in=link.stand_in_by_id is not None,
    )


def _adjustment_line(adjustment: Adjustment) -> SettlementLine:
    return SettlementLine(
        kind=LineKind.ADJUSTMENT,
        adjustment=adjustment,
        game=adjustment.game,
        table_label=adjustment.game.table.label if adjustment.game else "",
        played_at=adjustment.game.started_at if adjustment.game else None,
        amount_yen=adjustment.amount_yen,
        description=adjustment.reason,
    )


def visit_lines(visit: Visit) -> list[SettlementLine]:
    """What the receipt of the visit would say now (unsaved lines, in order).

    Finished games only, in the order they were played, then the player's open adjustments.
    """
    return visits_lines([visit])[visit.pk].lines


@dataclass(frozen=True, slots=True)
class VisitLines:
    """What an open visit's receipt would say now, and how many of its games are in progress."""

    lines: list[SettlementLine]
    games_in_progress: int


def visits_lines(visits: Sequence[Visit]) -> dict[int, VisitLines]:
    """visit_lines of many visits at once (the counter shows every open visit's money).

    Four queries whatever the number of visits and games: the visits' games with their
    tables and money terms, those games' results, their staff seats, the players' open
    adjustments.
    """
    links = list(
        VisitGame.objects.filter(visit__in=visits)
        .select_related("game__table", "game__money")
        .order_by("game__started_at", "game_id")
    )
    terms = {
        link.game_id: link.game.money
        for link in links
        if link.game.status == GameStatus.FINISHED and _has_money(link.game)
    }
    money = games_money(terms) if terms else {}
    adjustments = Adjustment.objects.filter(
        player_id__in={visit.player_id for visit in visits}, settled_at__isnull=True
    ).select_related("game__table")
    by_visit: dict[int, list[SettlementLine]] = {visit.pk: [] for visit in visits}
    in_progress = dict.fromkeys(by_visit, 0)
    for link in links:
        seat_money = money.get(link.game_id, {}).get(link.seat)
        line = _game_line(link, seat_money)
        if line is not None:
            by_visit[link.visit_id].append(line)
        in_progress[link.visit_id] += link.game.status == GameStatus.IN_PROGRESS
    visit_of_player = {visit.player_id: visit.pk for visit in visits}
    for adjustment in adjustments:  # in the order they were made (Meta.ordering)
        by_visit[visit_of_player[adjustment.player_id]].append(_adjustment_line(adjustment))
    for lines in by_visit.values():
        for position, line in enumerate(lines, start=1):
            line.position = position
    return {pk: VisitLines(lines, in_progress[pk]) for pk, lines in by_visit.items()}


def _has_money(game: Game) -> bool:
    try:
        game.money  # noqa: B018  (select_related: no query; absent for games without terms)
    except GameMoney.DoesNotExist:
        return False
    return True


def lines_totals(lines: list[SettlementLine]) -> dict[str, int]:
    games = [line for line in lines if line.kind == LineKind.GAME]
    totals = {
        "points_yen": sum(line.points_yen for line in games),
        "chips_yen": sum(line.chips_yen for line in games),
        "fees_yen": sum(line.fee_yen for line in games),
        "adjustments_yen": sum(line.amount_yen for line in lines if line.kind != LineKind.GAME),
    }
    totals["total_yen"] = (
        totals["points_yen"] + totals["chips_yen"] - totals["fees_yen"] + totals["adjustments_yen"]
    )
    return totals


def settlement_build(*, visit: Visit, by: AbstractBaseUser | None, at: datetime) -> Settlement:
    """Writes the settlement of a visit being checked out (the caller holds the visit's lock).

    The open adjustments it takes are marked settled in it.
    """
    # Lock the open adjustments, so staff cannot pay one at the counter while it is taken here.
    list(
        Adjustment.objects.select_for_update().filter(player=visit.player, settled_at__isnull=True)
    )
    lines = visit_lines(visit)
    settlement = Settlement.objects.create(
        visit=visit, closed_at=at, closed_by=by, **lines_totals(lines)
    )
    for line in lines:
        line.settlement = settlement
    SettlementLine.objects.bulk_create(lines)
    taken = [line.adjustment_id for line in lines if line.adjustment_id is not None]
    Adjustment.objects.filter(pk__in=taken, settled_at__isnull=True).update(
        settled_in=settlement, settled_at=at, settled_by=by
    )
    return settlement


@dataclass(frozen=True, slots=True)
class SettledMoneyChange:
    """What a change of a game's money owes the player of a closed visit it was settled in."""

    player: Player
    settlement: Settlement | None  # the closed receipt that has the game's line
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
    game: Game, *, by: AbstractBaseUser | None = None
) -> list[Adjustment]:
    """After a game's results changed, or it was voided: an adjustment for every closed visit
    it was settled in.

    Called under the game's lock by replays.replay_apply and games.game_void. A difference
    between what was paid and what the game is worth now (settled_money_changes; nothing, once
    voided) becomes an open adjustment naming the correction or the void, never a change to
    the closed receipt. `by`: who voided the game.
    """
    if game.status == GameStatus.IN_PROGRESS:
        return []
    voided = game.status == GameStatus.CANCELLED
    changes = settled_money_changes(game, (lambda: {}) if voided else (lambda: game_money_of(game)))
    if not changes:
        return []
    correction = (
        None
        if voided
        else game.hands.filter(supersedes__isnull=False).order_by("-entered_at", "-id").first()
    )
    if voided:
        reason = f"game voided (無効): {game.cancel_reason}"
    else:
        reason = (correction.reason if correction else "") or "game result changed"
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
            created_by=correction.entered_by if correction else by,
        )
        for change in changes
    ]
    for adjustment in made:  # money owed after a receipt closed: audited like a manual one
        audit_adjustment_created(adjustment, by=adjustment.created_by)
    return made


@transaction.atomic
def adjustment_create(
    *,
    player: Player,
    amount_yen: int,
    reason: str,
    kind: AdjustmentKind = AdjustmentKind.OTHER,
    by: AbstractBaseUser | None,
) -> Adjustment:
    """A manual adjustment: money paid during a visit (−), a goodwill credit (+), and so on."""
    if not reason.strip():
        raise InvalidInput("say what the adjustment is for", code="reason_required", field="reason")
    if not 0 < abs(amount_yen) <= MAX_ADJUSTMENT_YEN:
        raise InvalidInput(
            f"an adjustment is 1 to {MAX_ADJUSTMENT_YEN:,} yen either way",
            code="invalid_amount",
            field="amount_yen",
        )
    if kind == AdjustmentKind.CORRECTION:
        raise InvalidInput(
            "corrections are made by correcting the game's hand", code="invalid_kind", field="kind"
        )
    adjustment = Adjustment.objects.create(
        parlor=player.parlor,
        player=player,
        kind=kind,
        amount_yen=amount_yen,
        reason=reason.strip(),
        created_by=by,
    )
    audit_adjustment_created(adjustment, by=by)  # type: ignore[arg-type]
    return adjustment


@transaction.atomic
def adjustment_settle(*, adjustment: Adjustment, by: AbstractBaseUser | None) -> Adjustment:
    """Staff pay (or collect) an open adjustment at the counter, outside any visit."""
    adjustment = Adjustment.objects.select_for_update().get(pk=adjustment.pk)
    if adjustment.settled_at is not None:
        raise Conflict("the adjustment is already settled", code="adjustment_settled")
    adjustment.settled_at, adjustment.settled_by = timezone.now(), by
    adjustment.save(update_fields=["settled_at", "settled_by"])
    audit_adjustment_settled(adjustment, by=by)  # type: ignore[arg-type]
    return adjustment
