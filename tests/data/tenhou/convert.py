"""Turn the Tenhou corpus into `tenbo-game/1` records with the scores Tenhou applied.

Reads ``games.jsonl`` next to this file (a verbatim copy of the shared Tenhou corpus, see
``README.md`` here) and writes ``records.jsonl``: one line per game of the strict set
(``standard_rules: true``, 261 games, 2,559 hands)::

    {"id": <corpus game id>, "log_id": <Tenhou log id or null>,
     "settlement_era": "decimal" | "whole_points",
     "record": <tenbo-game/1 record, as staff would enter it>,
     "expected": {"hands": [<per hand, the engine's field names>, ...],
                  "final_scores": <owari scores>, "final_points": <owari game points, p>,
                  "hand_count": <number of hands>},
     "notes": [<what the converter had to infer, if anything>]}

The record holds only what happened at the table (riichi that stood, who won from whom
with what han/fu or yakuman count, pao, tenpai at a draw, abortive reason). Everything
Tenhou computed from it (round, dealer, honba, sticks, payments, scores, the end of the
game and the settlement) goes to ``expected`` so a test can compare the engine with Tenhou.

Games of the ``whole_points`` settlement era (logs up to 2020) are recorded with a ruleset
override, the preset plus ``"settlement_rounding": "shisha_gonyu_score"`` (Tenhou then
rounded each non-top player's final score to 1,000 before the uma; README section 4).

The converter checks that the corpus is self-consistent (scores and sticks chain from hand
to hand, zero sum, leftover sticks to the top give the owari scores, riichi seats are tenpai
at a draw, ...) and stops with a list of every problem otherwise. The output is
deterministic: regenerate with

    python tests/data/tenhou/convert.py           # rewrite records.jsonl
    python tests/data/tenhou/convert.py --check   # exit 1 if records.jsonl is stale

Standard library only; it never imports the engine.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "games.jsonl"
TARGET = HERE / "records.jsonl"

STICK = 1000  # one riichi stick, in points
START_POINTS = {4: 25000, 3: 35000}
ROUND_WINDS = "ESWN"

ABORTIVE_REASONS = {
    "yao9": "nine_terminals",  # 九種九牌
    "kaze4": "four_winds",  # 四風連打
    "reach4": "four_riichi",  # 四家立直
    "ron3": "triple_ron",  # 三家和
    "kan4": "four_kans",  # 四槓散了
}

WHOLE_POINTS_ROUNDING = "shisha_gonyu_score"  # 四捨五入 of each non-top final score to 1,000


class CorpusError(Exception):
    """The corpus contradicts itself, or a game cannot be expressed as a record."""


def preset_id(game: Mapping[str, Any]) -> str:
    """The tenbo preset for a game's lobby: player count and hanchan/tonpuu."""
    players = "4p" if game["players"] == 4 else "3p"
    length = "hanchan" if game["rules"]["hanchan"] else "tonpuu"
    return f"tenhou-{players}-{length}"


def ruleset_for(game: Mapping[str, Any]) -> str | dict[str, str]:
    base = preset_id(game)
    if game["settlement_era"] == "whole_points":
        return {"base": base, "id": f"{base}-whole-points",
                "settlement_rounding": WHOLE_POINTS_ROUNDING}
    return base


def convert_win(win: Mapping[str, Any], where: str) -> dict[str, Any]:
    out: dict[str, Any] = {"winner": win["winner"]}
    if win["yakuman"]:
        out["yakuman"] = win["yakuman"]
    else:
        if win["han"] is None:
            raise CorpusError(f"{where}: a win with neither han nor yakuman")
        out["han"] = win["han"]
        if win["fu"]:
            out["fu"] = win["fu"]
        elif win["han"] < 5:
            raise CorpusError(f"{where}: {win['han']} han without fu")
    if win["pao"] is not None:
        out["pao"] = win["pao"]
    return out


def inferred_tenpai(game: Mapping[str, Any], index: int, notes: list[str]) -> list[int]:
    """Tenpai at a draw whose log does not say (tenhou.net/6 JSON nagashi).

    Only the dealer's tenpai matters for such a draw (nagashi replaces no-ten money), and
    the next hand shows it: the dealer kept the deal exactly when tenpai. Riichi seats are
    tenpai by definition online.
    """
    hands = game["hands"]
    hand = hands[index]
    if index + 1 >= len(hands):
        raise CorpusError(f"{game['id']} hand {index}: tenpai unknown on the last hand")
    seats = set(hand["riichi"])
    if hands[index + 1]["dealer"] == hand["dealer"]:
        seats.add(hand["dealer"])
    notes.append(f"hand {index}: tenpai not in the log; inferred {sorted(seats)} "
                 "from the next dealer and the riichi seats")
    return sorted(seats)


def convert_result(game: Mapping[str, Any], index: int, notes: list[str]) -> dict[str, Any]:
    hand = game["hands"][index]
    result = hand["result"]
    where = f"{game['id']} hand {index}"
    kind = result["kind"]
    if kind == "ron":
        losers = {w["loser"] for w in result["wins"]}
        if len(losers) != 1 or None in losers:
            raise CorpusError(f"{where}: ron wins do not share one loser: {losers}")
        return {"kind": "ron", "loser": losers.pop(),
                "wins": [convert_win(w, where) for w in result["wins"]]}
    if kind == "tsumo":
        if len(result["wins"]) != 1:
            raise CorpusError(f"{where}: {len(result['wins'])} tsumo wins")
        return {"kind": "tsumo", "win": convert_win(result["wins"][0], where)}
    if kind == "draw":
        tenpai = result["tenpai"]
        if tenpai is None:
            tenpai = inferred_tenpai(game, index, notes)
        elif game["source_info"]["format"] == "tenhou6":
            # The JSON log gives only deltas at a draw; the corpus inferred tenpai from them.
            notes.append(f"hand {index}: tenpai {sorted(tenpai)} inferred by the corpus "
                         "from the draw's deltas (tenhou.net/6 JSON)")
        noten_riichi = [s for s in hand["riichi"] if s not in tenpai]
        if noten_riichi:
            raise CorpusError(f"{where}: riichi seats {noten_riichi} not tenpai at a draw "
                              "(online rules cannot have a noten riichi)")
        out: dict[str, Any] = {"kind": "draw", "tenpai": sorted(tenpai)}
        if result["type"] == "nm":
            out["nagashi"] = sorted(result["nagashi"])
        elif result["type"] != "exhaustive" or result["nagashi"]:
            raise CorpusError(f"{where}: unexpected draw {result}")
        return out
    if kind == "abortive":
        return {"kind": "abortive", "reason": ABORTIVE_REASONS[result["type"]]}
    raise CorpusError(f"{where}: unknown result kind {kind!r}")


def expected_hand(hand: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "round_wind": hand["round_wind"],
        "round_number": hand["round_number"],
        "honba": hand["honba"],
        "dealer": hand["dealer"],
        "sticks_before": hand["riichi_sticks_before"],
        "scores_before": hand["scores_before"],
        "deltas": hand["net_deltas"],
        "scores_after": hand["scores_after"],
        "sticks_after": hand["riichi_sticks_after"],
    }


def check_game(game: Mapping[str, Any]) -> list[str]:
    """Every way the game's numbers fail to chain; empty when it is self-consistent."""
    problems: list[str] = []
    gid, n = game["id"], game["players"]
    hands: Sequence[Mapping[str, Any]] = game["hands"]

    def fail(where: str, what: str) -> None:
        problems.append(f"{gid} {where}: {what}")

    start = [START_POINTS[n]] * n
    if game["start_points"] != start or hands[0]["scores_before"] != start:
        fail("hand 0", f"does not start at {start}")
    first = hands[0]
    if (first["round_wind"], first["round_number"], first["dealer"], first["honba"],
            first["riichi_sticks_before"]) != ("E", 1, 0, 0, 0):
        fail("hand 0", "is not East 1, dealer seat 0, no honba, no sticks")
    for i, hand in enumerate(hands):
        where = f"hand {i}"
        if hand["index"] != i:
            fail(where, f"index {hand['index']}")
        if hand["round_wind"] not in ROUND_WINDS[:3] or not 1 <= hand["round_number"] <= n:
            fail(where, f"round {hand['round_wind']}{hand['round_number']}")
        if hand["dealer"] != hand["round_number"] - 1:
            fail(where, f"dealer {hand['dealer']} in round number {hand['round_number']}")
        for name in ("scores_before", "net_deltas", "deltas", "riichi_deposits", "scores_after"):
            if len(hand[name]) != n:
                fail(where, f"{name} has {len(hand[name])} seats")
        deposits = [-STICK if s in hand["riichi"] else 0 for s in range(n)]
        if hand["riichi_deposits"] != deposits or len(set(hand["riichi"])) != len(hand["riichi"]):
            fail(where, f"riichi {hand['riichi']} vs deposits {hand['riichi_deposits']}")
        for s in hand["riichi"]:
            if hand["scores_before"][s] < STICK:
                fail(where, f"seat {s} declared riichi with {hand['scores_before'][s]}")
        net = [d + r for d, r in zip(hand["deltas"], hand["riichi_deposits"])]
        if hand["net_deltas"] != net:
            fail(where, "net_deltas != deltas + riichi_deposits")
        after = [b + d for b, d in zip(hand["scores_before"], hand["net_deltas"])]
        if hand["scores_after"] != after:
            fail(where, f"scores_before + net_deltas = {after} != {hand['scores_after']}")
        sticks_change = hand["riichi_sticks_after"] - hand["riichi_sticks_before"]
        if sum(hand["net_deltas"]) + STICK * sticks_change != 0:
            fail(where, "points are not conserved with the sticks")
        is_win = hand["result"]["kind"] in ("ron", "tsumo")
        sticks_after = 0 if is_win else hand["riichi_sticks_before"] + len(hand["riichi"])
        if hand["riichi_sticks_after"] != sticks_after:
            fail(where, f"sticks_after {hand['riichi_sticks_after']}, expected {sticks_after}")
        if i + 1 < len(hands):
            following = hands[i + 1]
            if following["scores_before"] != hand["scores_after"]:
                fail(where, "scores_after is not the next hand's scores_before")
            if following["riichi_sticks_before"] != hand["riichi_sticks_after"]:
                fail(where, "sticks_after is not the next hand's sticks_before")
    final = game["final"]
    last = hands[-1]
    leftover = last["riichi_sticks_after"]
    if final["leftover_riichi_sticks"] != leftover:
        fail("final", f"leftover sticks {final['leftover_riichi_sticks']} != {leftover}")
    scores = list(last["scores_after"])
    if leftover:
        top = max(range(n), key=lambda s: (scores[s], -s))  # ties: nearest the first dealer
        scores[top] += STICK * leftover
    if final["scores"] != scores:
        fail("final", f"owari scores {final['scores']} != last scores + leftover sticks {scores}")
    if round(sum(final["uma"]) * 10) != 0 or len(final["uma"]) != n:
        fail("final", f"owari points {final['uma']} do not sum to zero")
    return problems


def convert_game(game: Mapping[str, Any]) -> dict[str, Any]:
    notes: list[str] = []
    hands_in = []
    for index, hand in enumerate(game["hands"]):
        entry: dict[str, Any] = {}
        if hand["riichi"]:
            entry["riichi"] = list(hand["riichi"])
        entry["result"] = convert_result(game, index, notes)
        hands_in.append(entry)
    record = {
        "format": "tenbo-game/1",
        "ruleset": ruleset_for(game),
        "players": [f"seat{s}" for s in range(game["players"])],
        "hands": hands_in,
    }
    expected = {
        "hands": [expected_hand(hand) for hand in game["hands"]],
        "final_scores": game["final"]["scores"],
        "final_points": game["final"]["uma"],
        "hand_count": len(game["hands"]),
    }
    return {"id": game["id"], "log_id": game["log_id"], "settlement_era": game["settlement_era"],
            "record": record, "expected": expected, "notes": notes}


def load_games(path: Path) -> Iterable[dict[str, Any]]:
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)


def convert_all(path: Path = SOURCE) -> list[dict[str, Any]]:
    """Every strict game converted; raises CorpusError listing every problem found."""
    problems: list[str] = []
    lines: list[dict[str, Any]] = []
    for game in load_games(path):
        if not game.get("standard_rules"):
            continue
        found = check_game(game)
        if not found:
            try:
                lines.append(convert_game(game))
            except CorpusError as error:
                found = [str(error)]
        problems.extend(found)
    if problems:
        raise CorpusError("the corpus is not self-consistent:\n  " + "\n  ".join(problems))
    return lines


def render(lines: Sequence[Mapping[str, Any]]) -> str:
    return "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n"
                   for line in lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if records.jsonl differs from a fresh conversion")
    args = parser.parse_args(argv)
    try:
        lines = convert_all()
    except CorpusError as error:
        print(error, file=sys.stderr)
        return 2
    text = render(lines)
    hands = sum(line["expected"]["hand_count"] for line in lines)
    if args.check:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET.name} is stale: run python tests/data/tenhou/convert.py",
                  file=sys.stderr)
            return 1
        print(f"{TARGET.name} is up to date: {len(lines)} games, {hands} hands")
        return 0
    TARGET.write_text(text, encoding="utf-8")
    for line in lines:
        for note in line["notes"]:
            print(f"note: {line['id']} {note}", file=sys.stderr)
    print(f"wrote {TARGET.name}: {len(lines)} games, {hands} hands")
    return 0


if __name__ == "__main__":
    sys.exit(main())
