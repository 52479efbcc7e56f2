"""The hand calculator (点数計算) for a game at a table: from the tiles staff tap on the tablet
to the win's value under the game's ruleset and its house's yaku table.

Reads only: nothing is stored. The value comes from the engine (scoring.hand_value), the
winds from the game's state; `win_fields` is what the pad puts into the win of the hand entry
(han/fu or yakuman, dora, ippatsu and the `yaku` list of docs/game-record.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from parlor.domain.hand_entries import hand_of
from parlor.errors import InvalidInput, NotFound
from parlor.models import Game, HandState
from parlor.selectors.yaku import game_preset_id, yaku_tables
from scoring import (
    DORA_KEYS,
    YAKUMAN_NAMES,
    HandValue,
    JokerRule,
    Ruleset,
    ValueInput,
    Win,
    evaluate_hand,
    flower_count,
    gari_tiles,
    hand_value_to_dict,
    seat_winds,
    winning_hand_from_json,
    yaku_table_for,
)


@dataclass(frozen=True, slots=True)
class Keyboard:
    """Which tiles and counters the calculator offers under a ruleset."""

    player_count: int
    kita: bool  # North set aside (北抜き)
    flowers: int  # how many flowers the set holds (花牌), 0 without
    joker: bool  # a separate all-mighty tile key (白ポッチ); under 白マティ the 白 key is one
    renhou: bool  # 人和 is a yaku of the house
    gari: tuple[str, ...]  # man tiles set aside as dora (ガリ, 白マティ): 1m 5m 9m


def keyboard_for(game: Game) -> Keyboard:
    ruleset = game.ruleset
    table = yaku_table_for(game_preset_id(game), yaku_tables())
    return Keyboard(
        player_count=ruleset.player_count,
        kita="north" in ruleset.nukidora,
        flowers=flower_count(ruleset),
        joker=table.joker is JokerRule.POCCHI_AFTER_RIICHI,
        renhou="renhou" in table.by_key,
        gari=gari_tiles(ruleset),
    )


@dataclass(frozen=True, slots=True)
class Calculated:
    value: HandValue
    ruleset: Ruleset
    win_fields: dict[str, Any]  # han/fu or yakuman, dora, ippatsu, yaku: for the hand entry
    entered: Win  # the value those fields enter, as the engine's win (for its label)

    def to_dict(self) -> dict[str, Any]:
        return {**hand_value_to_dict(self.value), "win": self.win_fields}


class Stored(Enum):
    """A posted field left out: the hand's stored value applies."""

    VALUE = "stored"


@dataclass(frozen=True, slots=True)
class TappedHand:
    """The calculator's validated input (view_helpers.inputs.EvaluateInput): the win's seat,
    tsumo or ron, the tiles and the conditions, and where given the hand being corrected and
    the seat sitting out (None: nobody; left out: as the hand stands)."""

    winner: int
    tsumo: bool
    tiles: Mapping[str, Any]
    flags: Mapping[str, Any] = field(default_factory=dict)
    correct: int | None = None
    sit_out: int | Stored | None = Stored.VALUE


@dataclass(frozen=True, slots=True)
class HandAtTable:
    """What the winner's wind depends on in the hand being valued."""

    round_wind: str  # 場風: E S W N
    dealer: int  # 親
    sit_out: int | None  # 抜け番


def hand_state(game: Game, *, correct: int | None, ruleset: Ruleset, seats: int) -> HandAtTable:
    """Round wind, dealer and sit-out of the hand being entered: the next hand, or on the
    correction screen the hand it replaces (hides that hand's query)."""
    if correct is None:
        following = game.next_hand
        if following is None:
            raise InvalidInput("the game is over: there is no hand to value", code="game_finished")
        return HandAtTable(following.round_wind, following.dealer, following.sit_out)
    hand = (
        game.hands.filter(sequence=correct, state=HandState.CURRENT)
        .select_related("outcome")
        .first()
    )
    if hand is None:
        raise NotFound(f"the game has no hand {correct}", code="hand_not_found")
    played = hand_of(hand.entry, ruleset=ruleset, seats=seats, index=correct - 1)
    return HandAtTable(hand.outcome.round_wind, hand.outcome.dealer, played.sit_out)


def seat_wind(
    *, winner: int, dealer: int, sit_out: int | None, seats: int, player_count: int
) -> str:
    """The winner's wind (自風): the dealer is East and the winds follow in turn order over
    the seats that play the hand (with 抜け番 the seat sitting out has none)."""
    if not 0 <= winner < seats:
        raise InvalidInput(
            f"seat {winner} is not at this table", field="winner", code="invalid_value"
        )
    if winner == sit_out:
        raise InvalidInput(
            f"seat {winner} sits this hand out and cannot win it",
            field="winner",
            code="invalid_value",
        )
    wind = seat_winds(dealer, seats=seats, players=player_count, sit_out=sit_out)[winner]
    if wind is None:
        raise InvalidInput(
            f"the winds of this hand are not known: {seats} seats, {player_count} players, "
            f"the dealer seat {dealer}, sitting out {sit_out}",
            field="sit_out",
            code="invalid_value",
        )
    return wind


def entered_win(value: HandValue, *, ruleset: Ruleset, winner: int) -> Win:
    """The win's value as the pad enters it under the ruleset's value input: the count
    without yakuman (点数制), the yakuman (by name where the record knows them all), or the
    han with the fu where fu count."""
    win = value.win
    names = win.yakuman_names
    by_name = bool(names) and all(n in YAKUMAN_NAMES for n in names)
    yakuman = win.yakuman if win.is_yakuman else 0
    yakuman_names = names if yakuman and by_name else ()
    if ruleset.value_input is ValueInput.POINT_COUNT:
        # 点数制: the count without yakuman, which the payment adds at their points.
        return Win(winner, points=win.points, yakuman=yakuman, yakuman_names=yakuman_names)
    if yakuman:
        return Win(winner, yakuman=yakuman, yakuman_names=yakuman_names)
    fu = None if ruleset.value_input is ValueInput.HAN_FIXED_40FU else win.fu
    return Win(winner, han=win.han, fu=fu)


def win_fields(
    value: HandValue, *, entered: Win, ruleset: Ruleset, ippatsu: bool
) -> dict[str, Any]:
    """The win of the hand entry as the calculator values it (docs/game-record.md): `entered`
    (entered_win) with the dora, ippatsu and the yaku counted."""
    yakuman = list(entered.yakuman_names) or entered.yakuman
    fields: dict[str, Any]
    if ruleset.value_input is ValueInput.POINT_COUNT:
        fields = {"points": entered.points, **({"yakuman": yakuman} if entered.yakuman else {})}
    elif entered.yakuman:
        fields = {"yakuman": yakuman}
    else:
        fields = {"han": entered.han}
        if ruleset.value_input is not ValueInput.HAN_FIXED_40FU:
            fields["fu"] = entered.fu
        # Dora of every kind (flowers too): the part of han a minimum-han rule leaves out.
        dora = sum(y.han for y in value.yaku if y.key in DORA_KEYS)
        if dora:
            fields["dora"] = dora
    if ippatsu:
        fields["ippatsu"] = True
    fields["yaku"] = [
        {"key": y.key, "han": y.han, **({"yakuman": True} if y.is_yakuman else {})}
        for y in value.yaku
    ]
    return fields


def hand_evaluate(*, game: Game, tapped: TappedHand) -> Calculated:
    """Value the tapped hand under the game's ruleset; raises ScoringError (HandError naming
    the field) or a DomainError."""
    ruleset = game.ruleset
    seats = game.seats.count()
    state = hand_state(game, correct=tapped.correct, ruleset=ruleset, seats=seats)
    sit_out = state.sit_out if isinstance(tapped.sit_out, Stored) else tapped.sit_out
    wind = seat_wind(
        winner=tapped.winner,
        dealer=state.dealer,
        sit_out=sit_out,
        seats=seats,
        player_count=ruleset.player_count,
    )
    line = {
        "rules": {"players": ruleset.player_count},
        "situation": {"seat_wind": wind, "round_wind": state.round_wind, "tsumo": tapped.tsumo},
        "tiles": dict(tapped.tiles),
        "flags": dict(tapped.flags or {}),
    }
    hand = winning_hand_from_json(line)
    table = yaku_table_for(game_preset_id(game), yaku_tables())
    value = evaluate_hand(hand, ruleset=ruleset, yaku_table=table)
    entered = entered_win(value, ruleset=ruleset, winner=tapped.winner)
    fields = win_fields(value, entered=entered, ruleset=ruleset, ippatsu=hand.flags.ippatsu)
    # 副露 or 門前 as the tiles lie (a closed kan keeps the hand closed), for the statistics.
    fields["open"] = any(meld.kind.is_open for meld in hand.melds)
    return Calculated(value=value, ruleset=ruleset, win_fields=fields, entered=entered)
