"""What the tablet shows of one hand, read from the engine's typed values.

A hand as entered (scoring.Hand) in one line, what it gave (scoring.HandOutcome) as payments
and scores, and the final settlement (scoring.FinalSettlement) per seat. The stored or posted
JSON is parsed once, by the engine, before it reaches here (domain.hand_entries.hand_of,
the preview services): nothing here reads the engine's output by key, and no rule is decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from parlor.domain.hand_entries import hand_of
from parlor.models import Hand as RecordedEntry
from parlor.view_helpers import labels
from parlor.view_helpers.pages import (
    deduction_lines,
    p_value,
    points,
    signed,
    transfer_rows,
)
from scoring import (
    Abortive,
    Chombo,
    Draw,
    EndReason,
    FinalSettlement,
    Hand,
    HandOutcome,
    Result,
    Ron,
    Ruleset,
    Tsumo,
    Win,
    in_unit,
)


def _name(names: Sequence[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "?"


def _win_text(win: Win, names: Sequence[str], ruleset: Ruleset) -> str:
    """3翻30符 (包: 千葉): a win's value, with who is liable for it."""
    text = labels.win_value_label(win, limits=ruleset.limits)
    if win.pao is not None:
        text += " " + _("(pao: %(name)s)") % {"name": _name(names, win.pao)}
    if win.daiminkan_feeder is not None:  # 大明槓の責任払い
        text += " " + _("(open-kan feeder pays: %(name)s)") % {
            "name": _name(names, win.daiminkan_feeder)
        }
    return text


def _result_text(result: Result, names: Sequence[str], ruleset: Ruleset) -> str:
    """The result of a hand (ロン, ツモ, 流局, 途中流局, チョンボ) in words."""
    if isinstance(result, Ron):
        wins = ", ".join(
            f"{_name(names, w.winner)} {_win_text(w, names, ruleset)}" for w in result.wins
        )
        return _("Ron: %(wins)s from %(loser)s") % {
            "wins": wins,
            "loser": _name(names, result.loser),
        }
    if isinstance(result, Tsumo):
        return _("Tsumo: %(winner)s %(value)s") % {
            "winner": _name(names, result.win.winner),
            "value": _win_text(result.win, names, ruleset),
        }
    if isinstance(result, Draw):
        tenpai = ", ".join(_name(names, s) for s in result.tenpai) or _("nobody")
        return _("Draw, tenpai: %(seats)s") % {"seats": tenpai}
    if isinstance(result, Abortive):
        return _("Abortive draw: %(reason)s") % {"reason": labels.abortive_label(result.reason)}
    return _chombo_text(result, names, ruleset)


def _chombo_text(result: Chombo, names: Sequence[str], ruleset: Ruleset) -> str:
    text = _("Chombo: %(name)s") % {"name": _name(names, result.offender)}
    comp = result.compensation
    if comp is not None:
        text += " · " + _("compensation to %(name)s: %(value)s") % {
            "name": _name(names, comp.to),
            "value": labels.win_value_label(comp, limits=ruleset.limits),
        }
    return text


def entry_summary(hand: Hand, names: Sequence[str], ruleset: Ruleset) -> str:
    """One line for a hand as entered: ロン 青木 ← 馬場 3翻30符 · 立直: 青木."""
    text = _result_text(hand.result, names, ruleset)
    if hand.riichi:
        text += " · " + _("riichi: %(seats)s") % {
            "seats": ", ".join(_name(names, s) for s in hand.riichi)
        }
    for penalty in hand.penalties:
        text += f" · {labels.penalty_label(penalty.kind)}: {_name(names, penalty.seat)}"
    # A wareme given by the dice is an offset from the dealer until the replay resolves it
    # (negative here): the line names the seat only where staff entered it.
    if hand.wareme is not None and hand.wareme >= 0:
        text += " · " + _("wareme: %(name)s") % {"name": _name(names, hand.wareme)}
    return text


def recorded_summary(hand: RecordedEntry, names: Sequence[str], ruleset: Ruleset) -> str:
    """entry_summary of a stored hand, its entry read by the engine (domain.hand_entries.hand_of,
    the stored entries' one reader)."""
    parsed = hand_of(hand.entry, ruleset=ruleset, seats=len(names), index=hand.sequence - 1)
    return entry_summary(parsed, names, ruleset)


def score_rows(outcome: HandOutcome, names: Sequence[str]) -> list[dict[str, Any]]:
    """Each seat's score before the hand, its change and its score after."""
    before, deltas, after = outcome.before.scores, outcome.settled.deltas, outcome.scores_after
    return [
        {
            "name": name,
            "before": points(before[seat]),
            "delta": signed(deltas[seat]),
            "is_gain": deltas[seat] > 0,
            "is_loss": deltas[seat] < 0,
            "after": points(after[seat]),
        }
        for seat, name in enumerate(names)
    ]


def final_rows(
    final: FinalSettlement, names: Sequence[str], ruleset: Ruleset
) -> list[dict[str, Any]]:
    """The engine's final settlement per seat in the ruleset's unit, best rank first."""

    def unit(values: tuple[int, ...], seat: int) -> str:
        return p_value(in_unit(values[seat], ruleset)) if values else "0"

    rows = [
        {
            "seat": seat,
            "name": name,
            "rank": final.ranks[seat],
            "score": points(final.scores[seat]),
            "oka": unit(final.oka, seat),
            "uma": unit(final.uma, seat),
            "bonus": unit(final.bonuses, seat),
            "deduction": unit(final.deductions, seat),
            "has_deduction": bool(final.deductions and final.deductions[seat]),
            "total": unit(final.total, seat),
            "chips": final.chips[seat] if final.chips else 0,
        }
        for seat, name in enumerate(names)
    ]
    return sorted(rows, key=lambda row: (row["rank"], row["seat"]))


def preview_context(
    outcome: HandOutcome,
    names: list[str],
    ruleset: Ruleset,
    *,
    end: EndReason | None,
    final: FinalSettlement | None,
) -> dict[str, Any]:
    """What _preview.html shows of a previewed hand, the game's end and its settlement."""
    settled = outcome.settled
    deductions = deduction_lines(settled.deductions, names, ruleset)
    owed = {line.seat: line.amount for line in deductions}
    final_table = final_rows(final, names, ruleset) if final is not None else []
    chips = settled.chips if ruleset.chips is not None else ()
    return {
        "round": labels.round_label(outcome.before),
        "transfers": transfer_rows(
            settled.transfers, names, cancelled=outcome.hand.riichi_cancelled
        ),
        "scores": [
            {**row, "deduction": owed.get(seat, "")}
            for seat, row in enumerate(score_rows(outcome, names))
        ],
        "deductions": deductions,
        "sticks_before": outcome.before.sticks,
        "sticks_after": settled.sticks_after,
        "chips": [
            {"name": name, "chips": signed(chips[seat])}
            for seat, name in enumerate(names)
            if chips and chips[seat]
        ],
        "next": labels.round_label(outcome.next_state),
        "end": labels.end_label(end) if end is not None else "",
        "final": final_table,
        "final_has_deductions": any(row["has_deduction"] for row in final_table),
        "notes": [labels.note_label(note, names) for note in settled.notes],
    }
