"""The policies of a ruleset, one closed set each (rules README §1): how long a game is, who
deals, how ties, multiple rons, tobi, chombo and the rest are handled."""

from __future__ import annotations

from enum import StrEnum


class GameLength(StrEnum):
    ONE_HAND = "one_hand"  # 一局戦: one win or exhaustive draw
    TONPUU = "tonpuu"  # 東風戦
    HANCHAN = "hanchan"  # 半荘戦 (東南戦)
    EAST_TO_NORTH = "east_to_north"  # 東北戦 (一荘戦): East, South, West and North
    OPEN_ENDED = "open_ended"  # 一局清算: until a bust or until staff close the game


class DealerRotation(StrEnum):
    SEAT_ORDER = "seat_order"
    WINNER_BECOMES_DEALER = "winner_becomes_dealer"  # 和了者が次局の親


class KichaSelection(StrEnum):
    DICE = "dice"  # 起家決め
    ROTATE_EACH_GAME = "rotate_each_game"  # 回り親


class SitOutRotation(StrEnum):
    NONE = "none"
    DISCARDER_OR_TSUMO_KAMICHA = "discarder_or_tsumo_kamicha"  # 抜け番


class SeatWinds(StrEnum):
    BY_DEALER = "by_dealer"
    EAST_SOUTH_WEST_ONLY = "east_south_west_only"


class SettlementUnit(StrEnum):
    P_1000 = "p_1000"  # 1p = 1,000 points
    POINTS = "points"
    TEN = "ten"  # 点, for point-count rulesets


class SettlementRounding(StrEnum):
    NONE = "none"
    GOSHA_ROKUNYU_ABS = "gosha_rokunyu_abs"  # 五捨六入 on |score − return|
    SHISHA_GONYU_ABS = "shisha_gonyu_abs"  # 四捨五入 on |score − return|
    SHISHA_GONYU_HALF_UP = "shisha_gonyu_half_up"  # 四捨五入, a half rounds up: −2,500 → −2,000
    SHISHA_GONYU_SCORE = "shisha_gonyu_score"  # the score itself to 1,000, half away from 0
    FLOOR = "floor"
    CEIL = "ceil"


class ResidualTo(StrEnum):
    TOP = "top"  # トップは他家の合計のマイナス


class TieBreak(StrEnum):
    KICHA_ORDER = "kicha_order"  # 起家優先
    DEALER_ORDER_AT_END = "dealer_order_at_end"  # from the last dealer, in turn order
    SPLIT = "split"  # 同点は分ける: tied players share the uma and oka of their ranks


class LeftoverSticks(StrEnum):
    TOP = "top"
    LOST = "lost"


class ValueInput(StrEnum):
    HAN_FU = "han_fu"
    HAN_FIXED_40FU = "han_fixed_40fu"  # 符計算なし, 1,000-point units
    POINT_COUNT = "point_count"  # 点数制 (白マティ)


class SanmaTsumo(StrEnum):
    TSUMO_SON = "tsumo_son"  # ツモ損あり
    NO_TSUMO_SON_TABLE = "no_tsumo_son_table"  # ツモ損なし
    EACH_PAYS_COUNT = "each_pays_count"


class MultiRon(StrEnum):
    HEAD_BUMP = "head_bump"  # 頭ハネ
    DOUBLE_RON = "double_ron"  # ダブロン
    ALL_ALLOWED = "all_allowed"  # トリロンも


class TripleRon(StrEnum):
    ABORTIVE_DRAW = "abortive_draw"  # 三家和
    HEAD_BUMP = "head_bump"
    ALLOWED = "allowed"


class MultiRonTo(StrEnum):
    HEAD = "head"  # 上家取り
    EACH = "each"  # honba: each winner in full; sticks: split in whole sticks
    OWN_THEN_HEAD = "own_then_head"  # sticks only: own riichi stick back, the rest to the head


class MultiRonRenchan(StrEnum):
    DEALER_AMONG_WINNERS = "dealer_among_winners"
    HEAD_WINNER_DECIDES = "head_winner_decides"  # 親権は上家取り


class Tobi(StrEnum):
    OFF = "off"
    BELOW_ZERO = "below_zero"  # 0点は続行
    AT_OR_BELOW_ZERO = "at_or_below_zero"


class StopPolicy(StrEnum):
    """Whether the all-last dealer may (or must) stop after a win or tenpai."""

    NONE = "none"
    OPTIONAL_IF_TOP = "optional_if_top"
    OPTIONAL_ANY_RANK = "optional_any_rank"
    AUTOMATIC_IF_TOP = "automatic_if_top"
    AUTOMATIC_IF_TOP_OPTIONAL_OTHERWISE = "automatic_if_top_optional_otherwise"


class Extension(StrEnum):
    NONE = "none"
    KAERI_TON_SUDDEN_DEATH = "kaeri_ton_sudden_death"  # 返り東
    EXTRA_ROUND = "extra_round"  # 西入 / 南入: one more round, ends when the deal passes (連荘優先)
    EXTRA_ROUND_SUDDEN_DEATH = "extra_round_sudden_death"  # 延長戦サドンデス: ends at once
    EXTRA_HANDS = "extra_hands"  # 延長n局: ``extension_hands`` more deals


class AbortiveReason(StrEnum):
    NINE_TERMINALS = "nine_terminals"  # 九種九牌
    FOUR_WINDS = "four_winds"  # 四風連打
    FOUR_KANS = "four_kans"  # 四開槓
    FOUR_RIICHI = "four_riichi"  # 四家立直
    TRIPLE_RON = "triple_ron"  # 三家和


class ChomboPayment(StrEnum):
    MANGAN_REVERSE = "mangan_reverse"  # 満貫払い
    FIXED_ALL = "fixed_all"  # n点オール
    FINAL_DEDUCTION = "final_deduction"  # 精算時の減点 (EMA, WRC, JPML: −20p)


class ChomboDeductionTo(StrEnum):
    """Where a final-settlement chombo deduction goes."""

    NOBODY = "nobody"  # the points leave the game (EMA, WRC, JPML)
    OTHERS = "others"  # split equally among the other players


class ChomboHand(StrEnum):
    REPLAY = "replay"  # 再ゲーム
    CONTINUE_DEAD_HAND = "continue_dead_hand"  # 和了放棄で続行


class NotenRiichi(StrEnum):
    CHOMBO = "chombo"
    INVALID = "invalid"


class LimitName(StrEnum):
    MANGAN = "mangan"  # 満貫
    HANEMAN = "haneman"  # 跳満
    BAIMAN = "baiman"  # 倍満
    TWO_AND_HALF_MANGAN = "two_and_half_mangan"  # 跳倍満 (2.5倍満)
    SANBAIMAN = "sanbaiman"  # 三倍満
    YAKUMAN = "yakuman"  # 数え役満


class NagashiValue(StrEnum):
    MANGAN = "mangan"
    YAKUMAN = "yakuman"


class NagashiTreatedAs(StrEnum):
    TSUMO_WIN = "tsumo_win"
    DRAW = "draw"


class PaoRon(StrEnum):
    HALF = "half"
    FULL = "full"


class PaoRonHonba(StrEnum):
    DISCARDER = "discarder"
    PAO = "pao"


class OpenRiichiDealin(StrEnum):
    YAKUMAN = "yakuman"
    NORMAL = "normal"


class TobiPaymentUnit(StrEnum):
    POINTS = "points"  # moves points in the hand (seed 000)
    P = "p"  # a bonus in the final settlement (seed 001)


class TobiOnNoten(StrEnum):
    NEAREST_TENPAI_SHIMOCHA = "nearest_tenpai_shimocha"
    NONE = "none"


class ChipRonPayer(StrEnum):
    DISCARDER = "discarder"  # ロンは放銃者から


class ChipTsumoPayer(StrEnum):
    EACH = "each"  # ツモは全員から
