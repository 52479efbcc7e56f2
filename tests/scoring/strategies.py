"""Hypothesis strategies: random valid game records for any preset.

A record is built hand by hand against the engine's own state (scores, honba, the end
of the game), so that every generated hand is one staff could really enter.
"""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scoring.errors import ScoringError
from scoring.flow import advance
from scoring.record import parse_record
from scoring.ruleset import ChomboHand, NotenRiichi, Ruleset, ValueInput
from scoring.settle import settle_hand
from scoring.win_input import impossible_fu

FU_CHOICES = (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110)


@st.composite
def win_values(draw: st.DrawFn, ruleset: Ruleset, *, tsumo: bool) -> dict[str, Any]:
    """The value of one win, valid for ``ruleset``."""
    if draw(st.integers(0, 39)) == 0:
        return {"yakuman": draw(st.integers(1, 2))}
    if ruleset.value_input is ValueInput.POINT_COUNT:
        return {"points": draw(st.integers(1, 40))}
    # Mostly small hands, as at a real table, so that games reach all-last.
    low = max(1, ruleset.min_han)
    han = draw(st.one_of(st.integers(low, 4), st.integers(low, 4), st.integers(low, 4),
                         st.integers(low, 13)))
    if ruleset.value_input is ValueInput.HAN_FIXED_40FU:
        return {"han": han}
    fu_options = [fu for fu in FU_CHOICES
                  if not impossible_fu(fu=fu, han=han, tsumo=tsumo, ruleset=ruleset)]
    value: dict[str, Any] = {"han": han}
    if han < ruleset.limits[0].min_han or draw(st.booleans()):
        value["fu"] = draw(st.sampled_from(fu_options))
    return value


@st.composite
def hand_entries(draw: st.DrawFn, ruleset: Ruleset, scores: tuple[int, ...],
                 honba: int) -> dict[str, Any]:
    """One hand, as staff would enter it, from the current scores."""
    seats = tuple(range(len(scores)))
    eligible = [s for s in seats if scores[s] >= ruleset.riichi_min_points]
    riichi = draw(st.lists(st.sampled_from(eligible), unique=True, max_size=2)
                  if eligible else st.just([]))
    kinds = ["ron"] * 4 + ["tsumo"] * 3 + ["draw"] * 2 + ["chombo"]
    if ruleset.abortive_draws:
        kinds.append("abortive")
    kind = draw(st.sampled_from(kinds))
    hand: dict[str, Any] = {"riichi": riichi} if riichi else {}
    if ruleset.wareme is not None and draw(st.booleans()):
        hand["dice"] = draw(st.integers(2, 12))
    if ruleset.chombo_hand is ChomboHand.CONTINUE_DEAD_HAND and draw(st.integers(0, 9)) == 0:
        hand["penalties"] = [{"kind": "chombo", "offender": draw(st.sampled_from(seats))}]
    elif ruleset.penalty_deposit is not None and draw(st.integers(0, 9)) == 0:
        hand["penalties"] = [{"kind": "deposit", "seat": draw(st.sampled_from(seats))}]
    if kind == "ron":
        loser = draw(st.sampled_from(seats))
        others = [s for s in seats if s != loser]
        winners = draw(st.lists(st.sampled_from(others), unique=True, min_size=1,
                                max_size=min(2, len(others))))
        wins = [{"winner": w, **draw(win_values(ruleset, tsumo=False))} for w in winners]
        hand["result"] = {"kind": "ron", "loser": loser, "wins": wins}
    elif kind == "tsumo":
        winner = draw(st.sampled_from(seats))
        win = {"winner": winner, **draw(win_values(ruleset, tsumo=True))}
        if "yakuman" in win and ruleset.pao is not None and draw(st.booleans()):
            win["pao"] = draw(st.sampled_from([s for s in seats if s != winner]))
        elif (ruleset.pao is not None and ruleset.pao.daiminkan_rinshan
              and draw(st.booleans())):  # 大明槓の責任払い
            win["daiminkan_feeder"] = draw(st.sampled_from([s for s in seats if s != winner]))
        hand["result"] = {"kind": "tsumo", "win": win}
    elif kind == "draw":
        tenpai = draw(st.lists(st.sampled_from(seats), unique=True))
        if ruleset.noten_riichi is NotenRiichi.INVALID:
            tenpai = sorted(set(tenpai) | set(riichi))
        result: dict[str, Any] = {"kind": "draw", "tenpai": tenpai}
        if ruleset.nagashi is not None and draw(st.integers(0, 9)) == 0:
            result["nagashi"] = [draw(st.sampled_from(seats))]
        hand["result"] = result
    elif kind == "abortive":
        reason = draw(st.sampled_from([r.value for r in ruleset.abortive_draws]))
        hand["result"] = {"kind": "abortive", "reason": reason}
    else:
        hand["result"] = {"kind": "chombo", "offender": draw(st.sampled_from(seats))}
    return hand


@st.composite
def game_records(draw: st.DrawFn, ruleset: Ruleset, *, max_hands: int = 30
                 ) -> dict[str, Any]:
    """A valid record under ``ruleset``: hands until the game ends or ``max_hands``."""
    players = [f"P{i}" for i in range(ruleset.player_count)]
    record: dict[str, Any] = {"format": "tenbo-game/1", "ruleset": ruleset.id,
                              "players": players, "hands": []}
    parsed = parse_record(record, presets={ruleset.id: ruleset})
    state = parsed.start
    for _ in range(draw(st.integers(0, max_hands))):
        entry = draw(hand_entries(ruleset, state.scores, state.honba))
        try:
            one = parse_record({**record, "start": state_dict(state), "hands": [entry]},
                               presets={ruleset.id: ruleset})
            settled = settle_hand(state, one.hands[0], ruleset=ruleset)
            step = advance(state, one.hands[0], settled, ruleset=ruleset)
        except ScoringError:
            continue  # e.g. a minimum-han rule at high honba: staff could not enter it
        record["hands"].append(entry)
        if step.next_state is None:
            break
        state = step.next_state
    if draw(st.booleans()):
        record["finished"] = True
    return record


def state_dict(state: Any) -> dict[str, Any]:
    return {"round_wind": state.round_wind, "round_number": state.round_number,
            "dealer": state.dealer, "honba": state.honba, "sticks": state.sticks,
            "scores": list(state.scores), "extension": state.extension}
