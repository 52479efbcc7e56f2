"""The hand calculator: from the tiles of a win to its yaku, han, fu, limit and payment.

Pure Python like the rest of the engine. ``evaluate_hand`` is the entry point; see
docs/hand-calculator.md.
"""

from scoring.hand_value.evaluate import evaluate_hand
from scoring.hand_value.hand import Meld, MeldKind, WinFlags, WinningHand
from scoring.hand_value.value import HandValue
from scoring.hand_value.yaku_table import TENHOU_YAKU, YakuHan, YakuRule, YakuTable

__all__ = ["TENHOU_YAKU", "HandValue", "Meld", "MeldKind", "WinFlags", "WinningHand",
           "YakuHan", "YakuRule", "YakuTable", "evaluate_hand"]
