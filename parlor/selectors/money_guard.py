"""The lines a check-out, a pay-out or an adjustment moves, each with the bound beyond which a
manager confirms it (domain.money_guard has the rule and the arithmetic)."""

from __future__ import annotations

from collections.abc import Sequence

from parlor.domain.money import Terms
from parlor.domain.money_guard import GuardedLine, game_reach_yen, loose_reach_yen
from parlor.models import Game, GameMoney, LineKind, MoneySettings, Parlor, SettlementLine


def _game_bound(game: Game, money: GameMoney) -> int:
    ruleset = game.ruleset
    table_points = ruleset.start_points * ruleset.player_count
    unit = game.result_unit
    return game_reach_yen(rate=Terms.of(money).rate_for(unit), unit=unit, table_points=table_points)


def guarded_lines(parlor: Parlor, lines: Sequence[SettlementLine]) -> list[GuardedLine]:
    """The lines (unsaved receipt lines: games and adjustments) with their bounds.

    The parlor's bound where it set one; else a game's line (or an adjustment of a game) is
    held to what its game can reach, a manual adjustment to what a game at the parlor's
    highest rate can. At most two queries: the games' terms, the parlor's rates.
    """
    game_ids = {line.game_id for line in lines if line.game_id is not None}
    terms = (
        {m.game_id: m for m in GameMoney.objects.filter(game_id__in=game_ids)}
        if parlor.large_amount_yen is None and game_ids
        else {}
    )
    loose: list[int] = []

    def bound_of(line: SettlementLine) -> int:
        if parlor.large_amount_yen is not None:
            return parlor.large_amount_yen
        if line.game_id is not None and line.game is not None and line.game_id in terms:
            return _game_bound(line.game, terms[line.game_id])
        if not loose:
            loose.append(loose_reach_yen(_rates(parlor)))
        return loose[0]

    return [
        GuardedLine(
            amount_yen=line.amount_yen,
            bound_yen=bound_of(line),
            table_label=line.table_label,
            played_at=line.played_at,
            description=line.description if line.kind == LineKind.ADJUSTMENT else "",
        )
        for line in lines
    ]


def _rates(parlor: Parlor) -> list[int]:
    rates = MoneySettings.objects.filter(parlor=parlor, rate_yen_per_p__isnull=False)
    return [rate for rate in rates.values_list("rate_yen_per_p", flat=True) if rate is not None]
