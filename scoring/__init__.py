"""tenbo's scoring engine: pure Python, standard library only.

Every payment of a hand, the flow of a game and its final settlement, from a game
record and a ruleset. No clock, no randomness, no I/O outside the command line.

This module is the engine's one public API: parlor imports from ``scoring`` alone and
receives the typed values below (the hand's facts, its outcome and ledger, the game's
state, the final settlement, the ruleset), never a submodule. The engine's own modules
and its tests may import each other directly.

>>> from scoring import Reason, seat_winds
>>> seat_winds(1, seats=4, players=4)
('N', 'E', 'S', 'W')
>>> Reason("ron") is Reason.RON
True
"""

from scoring.errors import HandError, RecordError, RulesetError, ScoringError
from scoring.facts import (
    WINDS,
    Abortive,
    Chombo,
    Compensation,
    Draw,
    Hand,
    Penalty,
    PenaltyKind,
    RecordedYaku,
    Result,
    Ron,
    TableState,
    Tsumo,
    Win,
    seat_winds,
)
from scoring.final import FinalSettlement, in_tenths, in_unit
from scoring.flow import EndReason, is_last_hand, is_tobi
from scoring.hand_input import read_hand
from scoring.hand_settlement import HandSettlement, OutcomeKind
from scoring.hand_value import (
    TENHOU_YAKU,
    HandValue,
    Meld,
    MeldKind,
    WinFlags,
    WinningHand,
    YakuTable,
    evaluate_hand,
)
from scoring.hand_value.bounds import flower_count, gari_tiles
from scoring.hand_value.fu import NO_FU
from scoring.hand_value.json_input import winning_hand_from_json
from scoring.hand_value.json_output import hand_value_to_dict
from scoring.hand_value.tiles import tile_name
from scoring.hand_value.yaku_files import load_yaku_tables, yaku_table_for
from scoring.hand_value.yaku_table import DORA_KEYS, JokerRule
from scoring.ledger import WIN_PAYMENTS, Reason, Transfer
from scoring.next_hand import NextHand
from scoring.notes import Note, NoteCode
from scoring.price_table import WinPoints, win_points
from scoring.record import GameRecord, read_record_head
from scoring.replay import (
    GameReplay,
    final_to_dict,
    hand_start_to_dict,
    hand_to_dict,
    next_hand_to_dict,
    replay_data,
    replay_to_dict,
)
from scoring.ruleset import (
    AbortiveReason,
    ChomboHand,
    KichaSelection,
    LimitName,
    Ruleset,
    SettlementUnit,
    StopPolicy,
    ValueInput,
)
from scoring.ruleset_parts import YAKUMAN_NAMES, LimitClass

# `step` names the function here; the module stays importable as `scoring.step` for the
# engine's own code and tests.
from scoring.step import GameState, HandOutcome, final_settlement, step
from scoring.win_input import (
    MAX_HAN,
    MAX_POINT_COUNT,
    MAX_YAKU,
    MAX_YAKUMAN,
    VALID_FU,
    impossible_fu,
)

__all__ = [
    "DORA_KEYS",
    "MAX_HAN",
    "MAX_POINT_COUNT",
    "MAX_YAKU",
    "MAX_YAKUMAN",
    "NO_FU",
    "TENHOU_YAKU",
    "VALID_FU",
    "WINDS",
    "WIN_PAYMENTS",
    "YAKUMAN_NAMES",
    "Abortive",
    "AbortiveReason",
    "Chombo",
    "ChomboHand",
    "Compensation",
    "Draw",
    "EndReason",
    "FinalSettlement",
    "GameRecord",
    "GameReplay",
    "GameState",
    "Hand",
    "HandError",
    "HandOutcome",
    "HandSettlement",
    "HandValue",
    "JokerRule",
    "KichaSelection",
    "LimitClass",
    "LimitName",
    "Meld",
    "MeldKind",
    "NextHand",
    "Note",
    "NoteCode",
    "OutcomeKind",
    "Penalty",
    "PenaltyKind",
    "Reason",
    "RecordError",
    "RecordedYaku",
    "Result",
    "Ron",
    "Ruleset",
    "RulesetError",
    "ScoringError",
    "SettlementUnit",
    "StopPolicy",
    "TableState",
    "Transfer",
    "Tsumo",
    "ValueInput",
    "Win",
    "WinFlags",
    "WinPoints",
    "WinningHand",
    "YakuTable",
    "evaluate_hand",
    "final_settlement",
    "final_to_dict",
    "flower_count",
    "gari_tiles",
    "hand_start_to_dict",
    "hand_to_dict",
    "hand_value_to_dict",
    "impossible_fu",
    "in_tenths",
    "in_unit",
    "is_last_hand",
    "is_tobi",
    "load_yaku_tables",
    "next_hand_to_dict",
    "read_hand",
    "read_record_head",
    "replay_data",
    "replay_to_dict",
    "seat_winds",
    "step",
    "tile_name",
    "win_points",
    "winning_hand_from_json",
    "yaku_table_for",
]
