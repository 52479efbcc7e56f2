"""What one value of a win is worth, as a quick-reference table shows it (点数早見表).

The value grid on the tablet shows each cell's points (子ロン 1000 / 親ロン 1500, ツモ
300/500) from here, so the grid and the payments come from the same arithmetic: the
amounts are the engine's own `ron_amount` and `tsumo_amounts`, honba, sticks and wareme
excluded (those depend on the table, not on the value).

>>> from scoring.ruleset_files import load_directory, default_preset_dir
>>> standard = load_directory(default_preset_dir())["standard"]
>>> win_points(han=1, fu=30, ruleset=standard)
WinPoints(ron=1000, dealer_ron=1500, tsumo=300, tsumo_dealer_pays=500, dealer_tsumo=500)
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.facts import Win
from scoring.ruleset import Ruleset
from scoring.values import ron_amount, tsumo_amounts

DEALER, NON_DEALER, OTHER = 0, 1, 2  # seats of an example table: the dealer (親) is seat 0


@dataclass(frozen=True, slots=True)
class WinPoints:
    """One value's points, honba excluded: what each payer owes the winner."""

    ron: int  # 子のロン: a non-dealer's ron, paid by the discarder
    dealer_ron: int  # 親のロン
    tsumo: int  # 子のツモ: what each other non-dealer pays
    tsumo_dealer_pays: int  # 子のツモ: what the dealer pays
    dealer_tsumo: int  # 親のツモ: what each player pays (オール)


def win_points(
    *,
    han: int | None = None,
    fu: int | None = None,
    yakuman: int = 0,
    points: int | None = None,
    ruleset: Ruleset,
) -> WinPoints:
    """The points of a win valued by han (and fu), yakuman count or point count.

    The seats are those of a full table of the ruleset's players (sanma's tsumo rules
    included). A value the ruleset refuses is the caller's to avoid (`impossible_fu`).
    """
    payers = tuple(range(ruleset.player_count))

    def win(winner: int) -> Win:
        return Win(winner=winner, han=han, fu=fu, yakuman=yakuman, points=points)

    def tsumo(winner: int) -> dict[int, int]:
        others = tuple(p for p in payers if p != winner)
        return tsumo_amounts(win(winner), dealer=DEALER, payers=others, ruleset=ruleset)

    by_child, by_dealer = tsumo(NON_DEALER), tsumo(DEALER)
    return WinPoints(
        ron=ron_amount(win(NON_DEALER), winner_is_dealer=False, ruleset=ruleset),
        dealer_ron=ron_amount(win(DEALER), winner_is_dealer=True, ruleset=ruleset),
        tsumo=by_child[OTHER],
        tsumo_dealer_pays=by_child[DEALER],
        dealer_tsumo=by_dealer[NON_DEALER],
    )
