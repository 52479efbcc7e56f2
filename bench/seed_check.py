"""Checks a database seeded by bench/seed.py against the product's own computations, so the
seeding keeps writing what the product writes when the product changes.

For every game: its stored outcomes, results and state against a replay of its log
(services.verification.game_matches_replay), its running stats and seat stats against the
hands; for every visit: its settlement and lines against what the product's check-out would
write now (selectors.settlement_lines.visits_lines). Prints the count that differ, and the
first differences; exits 1 if any.

Run from the repository root on a seeded database:

    .venv/bin/python bench/seed_check.py tenbo_bench_report
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import seed  # bench/seed.py, next to this file

LINE_COLUMNS = (
    "kind", "game_id", "table_label", "played_at", "ruleset_key", "ruleset_title", "rank",
    "result_tenths", "result_unit", "left_game_tenths", "chips", "rate_yen_per_p",
    "chip_value_yen", "points_yen", "chips_yen", "fee_yen", "amount_yen", "description",
    "stand_in",
)  # fmt: skip


def game_differs(game: Any) -> str:
    """What of the game differs from the product's computation ("" for nothing)."""
    from parlor.models import GameSeatStats
    from parlor.services.replays import current_hands
    from parlor.services.seat_stats import hand_played, seat_stats_values, stats_of_hands
    from parlor.services.verification import game_matches_replay

    if not game_matches_replay(game):
        return "outcomes, results or state differ from the replay of its log"
    hands = list(current_hands(game))
    ruleset = game.ruleset
    seats = list(game.seats.all())
    played = [
        hand_played(h.entry, h.outcome.transfers, ruleset=ruleset, seats=len(seats), index=i)
        for i, h in enumerate(hands)
    ]
    if stats_of_hands(len(seats), played) != game.running_stats:
        return "running stats differ from its hands"
    want = seat_stats_values(
        game,
        parlor_id=game.table.parlor_id,
        seats={s.seat: (s.player_id, s.is_staff_play) for s in seats},
        results=sorted((r.seat, r.rank, r.total_tenths) for r in game.results.all()),
        hands=played,
    )
    have = list(GameSeatStats.objects.filter(game=game).order_by("seat").values(*want[0]))
    return "" if sorted(want, key=lambda r: r["seat"]) == have else "seat stats differ"


def visit_differs(visit: Any, lines: list[Any]) -> str:
    """What of the visit's settlement differs from the lines the product computes now."""
    from parlor.models import Settlement
    from parlor.selectors.settlement_lines import lines_totals

    settlement = Settlement.objects.get(visit=visit)
    stored = list(settlement.lines.order_by("position"))
    for position, (want, have) in enumerate(zip(lines, stored, strict=False), 1):
        wrong = [c for c in LINE_COLUMNS if getattr(want, c) != getattr(have, c)]
        if wrong:
            return f"line {position}: {', '.join(wrong)}"
    totals = lines_totals(lines)
    if len(stored) != len(lines) or settlement.line_count != len(lines):
        return f"{len(stored)} lines (line_count {settlement.line_count}), not {len(lines)}"
    if totals != {name: getattr(settlement, name) for name in totals}:
        return "totals differ"
    return ""


def main() -> None:
    database = sys.argv[1] if len(sys.argv) > 1 else "tenbo_bench_report"
    seed.django_setup(database)
    from parlor.models import Game, Visit
    from parlor.selectors.settlement_lines import visits_lines

    games = list(Game.objects.prefetch_related("results", "seats").select_related("table"))
    wrong_games = [(g.pk, why) for g in games if (why := game_differs(g))]
    visits = list(Visit.objects.all())
    computed = visits_lines(visits)
    wrong_visits = [(v.pk, why) for v in visits if (why := visit_differs(v, computed[v.pk].lines))]
    print(f"{database}: {len(games):,} games, {len(wrong_games)} differ {wrong_games[:5]}")
    print(f"{database}: {len(visits):,} visits, {len(wrong_visits)} differ {wrong_visits[:5]}")
    sys.exit(1 if wrong_games or wrong_visits else 0)


if __name__ == "__main__":
    main()
