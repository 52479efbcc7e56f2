"""What each ruleset field means, for the people who choose one: its Japanese label and a
line of help, Japanese first and English second.

The engine's names are the keys (``scoring.ruleset.Ruleset``); a test checks that every
field of the engine has an entry here, so a new option cannot reach the rulesets page
without its explanation.
"""

from __future__ import annotations

from typing import NamedTuple

from django.utils.translation import get_language


class FieldHelp(NamedTuple):
    label: str  # Japanese, as the parlor's rule sheet would say it
    help: str  # Japanese, then English


FIELD_HELP: dict[str, FieldHelp] = {
    "schema_version": FieldHelp(
        "形式の版", "ルール定義の形式の版。 The version of this ruleset format."),
    "id": FieldHelp("キー", "ルールの識別子。 The ruleset's key; a game keeps it in its snapshot."),
    "title": FieldHelp("名前", "卓と精算書に出る名前。 The name staff and players see."),
    "title_en": FieldHelp("英語名", "英語の名前。 The English name."),
    # 1.1 table and game structure
    "player_count": FieldHelp("人数", "四人麻雀か三人麻雀か (4 / 3)。 Four or three players."),
    "sit_out_rotation": FieldHelp(
        "抜け番", "四人で三麻を回すときの抜け番の決め方。 Who sits out at a three-player table "
        "with four people."),
    "game_length": FieldHelp(
        "東風戦・東南戦", "対局の長さ: 一局戦、東風戦、東南戦 (半荘)、東北戦 (一荘戦)、一局清算。"
        " How long a game is: one hand, East, East-South, East to North, or open-ended."),
    "dealer_rotation": FieldHelp(
        "親の移動", "親は順に回るか、和了者が次の親か。 Whether the deal passes in seat order "
        "or to the winner."),
    "kicha_selection": FieldHelp(
        "起家決め", "毎回サイコロか、回り親か。 How each game's first dealer is chosen."),
    "seat_change_interval_games": FieldHelp(
        "場所替え", "何半荘ごとに席を決め直すか (null: しない)。 Seats are redrawn every N games."),
    "seat_winds": FieldHelp("自風", "自風の決め方。 How seat winds follow the dealer."),
    "round_wind_fixed": FieldHelp(
        "場風固定", "場風を固定する場合の風 (E/S/W/N、null: 固定しない)。 A fixed round wind."),
    # 1.2 points, sticks and settlement
    "start_points": FieldHelp("配給原点", "各自の持ち点。 Each player's points at the start."),
    "return_points": FieldHelp(
        "返し", "精算で引く点。配給原点との差 × 人数がオカとしてトップへ。 Subtracted at the "
        "settlement; the difference from the start, times the players, is the top's oka."),
    "uma": FieldHelp(
        "ウマ", "順位ごとのウマ (p)。合計0、順位が下がるほど増えない。 Rank bonus in p, one per "
        "rank; sums to zero and never rises with rank."),
    "uma_by_floaters": FieldHelp(
        "浮き・沈みウマ", "返し以上の人 (浮き) の人数ごとの順位ウマ (p)。行 k は k 人浮きのウマ、"
        "使うときは順位ウマを0に (null: なし)。 Uma by how many players finish at or above the "
        "return points: row k is the uma by rank when k players float; it replaces the uma."),
    "point_unit": FieldHelp(
        "最小単位", "すべての支払いの単位 (1, 100, 1000)。 Every payment is a multiple of it."),
    "settlement_unit": FieldHelp("精算単位", "精算の単位。 The unit of the final result."),
    "settlement_rounding": FieldHelp(
        "端数処理", "素点の丸め方 (五捨六入、四捨五入、マイナスの五は切り上げる四捨五入、切り捨て、"
        "切り上げ)。 How a score is rounded at the settlement, a negative half rounded upward "
        "included."),
    "rounding_residual_to": FieldHelp(
        "端数の調整", "丸めの差をだれが持つか。 Who absorbs the rounding: the top."),
    "box_under_settlement": FieldHelp(
        "箱下精算", "マイナスの点をそのまま精算するか、0点とするか。 A negative score counts "
        "as it is, or as zero."),
    "tie_break": FieldHelp(
        "同点の扱い",
        "同点の順位: 起家優先、最終局の親から、または同点は分ける (ウマ・オカを等分)。"
        " How equal scores are ranked, or shared: tied players split their uma and oka."),
    "leftover_sticks_at_end": FieldHelp(
        "供託の行方", "終局時の供託をトップが取るか、無くなるか。 Sticks left at the end go to "
        "the top, or nobody."),
    "chips": FieldHelp("祝儀", "祝儀の対象と支払い方 (null: なし)。 Chip events and who pays."),
    # 1.3 hand value
    "value_input": FieldHelp(
        "点数計算方式", "飜と符、飜のみ (40符固定)、点数制。 What staff enter for a win."),
    "min_han": FieldHelp("飜縛り", "和了に必要な飜数。 The minimum han."),
    "min_han_from_honba": FieldHelp(
        "n本場縛り", "何本場から何飜縛りになるか (null: なし)。"
        " From this honba a win needs more han."),
    "pinfu_tsumo_fu": FieldHelp(
        "平和ツモ", "平和ツモの符 (20、null: 20符のツモを認めない)。 Fu of a pinfu tsumo."),
    "chiitoitsu_fu": FieldHelp("七対子", "七対子の符 (25)。 Seven pairs are 25 fu."),
    "double_wind_pair_fu": FieldHelp(
        "連風牌の雀頭", "連風牌の雀頭の符 (2 / 4)。 Fu of a double-wind pair (staff count fu)."),
    "kiriage_mangan": FieldHelp(
        "切り上げ満貫", "満貫に切り上げる飜と符の組。 The han/fu values rounded up to mangan."),
    "limits": FieldHelp(
        "満貫以上", "満貫・跳満・倍満・三倍満・数え役満の飜と基本点。 The limit classes: from "
        "which han, at which base."),
    "yakuman_stacking": FieldHelp(
        "役満の複合", "複数の役満を足すか。 Whether several yakuman add up."),
    "yakuman_max_multiple": FieldHelp(
        "役満の上限", "何倍役満まで払うか (null: 上限なし)。 Cap on the yakuman multiple."),
    "big_yakuman": FieldHelp(
        "大役満", "満貫の6倍で払う役満。 Yakuman paid six mangan instead of four."),
    "double_yakuman": FieldHelp(
        "ダブル役満", "二倍の役満として払う役満の名前 (純正九蓮宝燈、四暗刻単騎、国士無双十三面、"
        "大四喜など)。 Yakuman paid as two yakuman by name; pao covers only its own part."),
    "kazoe_yakuman_stacking": FieldHelp(
        "数え役満の複数倍", "数え役満を役満の飜ごとに重ねるか (13飜で役満、26飜でダブル)。"
        " Whether a counted yakuman counts once per yakuman class: 26 han is a double."),
    "tsuuiisou_compound_mangan": FieldHelp(
        "字一色の複合", "字一色が複合したときの満貫数。 Mangan that tsuuiisou adds in a compound."),
    "point_count_yakuman": FieldHelp(
        "役満の点数", "点数制での役満の点。 The points of a yakuman in a point-count ruleset."),
    "sanma_tsumo": FieldHelp(
        "ツモ損", "三麻のツモの払い方 (ツモ損あり・なし)。 How a three-player tsumo is paid."),
    "nukidora": FieldHelp(
        "抜きドラ", "抜きドラの牌 (情報)。 Tiles set aside as dora (information)."),
    "red_fives": FieldHelp("赤ドラ", "赤ドラの枚数 (情報)。 Red fives (information)."),
    # 1.4 payments for a win
    "honba_ron": FieldHelp("積み棒", "1本場あたりのロンの加算。 Added to a ron per honba."),
    "honba_tsumo_per_payer": FieldHelp(
        "積み棒 (ツモ)", "1本場あたりツモで各自が払う加算。 Each payer's honba on a tsumo."),
    "riichi_stick": FieldHelp("供託", "リーチ棒の点。 The riichi stick."),
    "riichi_min_points": FieldHelp(
        "リーチの条件", "リーチに必要な持ち点。 Points needed to declare riichi."),
    "riichi_cancel_fee": FieldHelp(
        "リーチ取り消し", "リーチを取り消すときの供託 (null: 取り消しなし)。 The fee to take a "
        "riichi back."),
    "penalty_deposit": FieldHelp(
        "罰符の供託", "誤ポン等で場に出す点 (null: なし)。"
        " Points put on the table for a false call."),
    "wareme": FieldHelp("割れ目", "割れ目の倍率 (null: なし)。 The broken wall's factor."),
    "pao": FieldHelp(
        "包 (責任払い)", "責任払いの役満と払い方 (null: なし)。 Liability for the final meld of "
        "these yakuman."),
    "open_riichi": FieldHelp(
        "オープンリーチ", "オープンリーチの飜と放銃の扱い (null: なし)。 Open riichi."),
    "nagashi": FieldHelp(
        "流し満貫", "流し満貫の値と扱い (null: なし)。 Nagashi mangan: its value and whether it "
        "is a win."),
    # 1.5 multiple ron
    "multi_ron": FieldHelp(
        "頭ハネ・ダブロン", "複数のロンを認めるか。 How many claimants of one discard win."),
    "triple_ron": FieldHelp(
        "三家和", "三人のロン: 流局、頭ハネ、または全員の和了。 Three claimants of one discard."),
    "multi_ron_sticks_to": FieldHelp(
        "供託の行方 (ダブロン)",
        "ダブロンの供託を上家が取るか、和了者で分けるか、各自の立直棒を戻し残りを上家か。"
        " Sticks on a multiple ron: all to the head, split, or each winner's own back."),
    "multi_ron_honba_to": FieldHelp(
        "積み棒の行方 (ダブロン)", "ダブロンの積み棒を上家が取るか、各自か。"
        " Honba on a multiple ron."),
    "multi_ron_renchan": FieldHelp(
        "ダブロンの連荘", "親が和了者に含まれるときの連荘。 Whether the dealer keeps the deal."),
    # 1.6 draws, dealer rotation and honba
    "noten_penalty_total": FieldHelp(
        "不聴罰符", "流局時のノーテン罰符の合計。 The total paid by noten players at a draw."),
    "keishiki_tenpai": FieldHelp(
        "形式聴牌", "形式テンパイを認めるか (情報)。 Shape-only tenpai counts (information)."),
    "renchan_on_dealer_win": FieldHelp(
        "和了連荘", "親の和了で連荘。 The dealer keeps the deal on a win."),
    "renchan_on_dealer_tenpai": FieldHelp(
        "聴牌連荘", "流局で親が聴牌なら連荘。 … on a draw with the dealer tenpai."),
    "renchan_on_all_noten": FieldHelp(
        "全員ノーテン連荘", "全員ノーテンの流局で連荘。 … on a draw where nobody is tenpai."),
    "renchan_on_any_draw": FieldHelp(
        "流局連荘 (連荘方式)", "流局ならいつも親が連荘 (聴牌・ノーテンにかかわらず)。"
        " The dealer keeps the deal after every exhaustive draw."),
    "all_last_dealer_keeps_on_draw": FieldHelp(
        "オーラスは親流れなし", "オーラスの流局では親が流れない。 In the last hand a draw never "
        "passes the deal."),
    "abortive_draws": FieldHelp(
        "途中流局", "認める途中流局 (九種九牌、四風連打、四開槓、四家立直、三家和)。 Which "
        "abortive draws exist."),
    # 1.7 bust and game end
    "tobi": FieldHelp(
        "飛び", "飛びで終局する点 (なし、0点未満、0点以下)。 When a score ends the game."),
    "tobi_payment": FieldHelp(
        "飛び賞", "飛ばした人への賞 (null: なし)。 What a busted player pays."),
    "agari_yame": FieldHelp(
        "和了止め", "オーラスの親が和了後にやめられるか。 The last dealer stopping after a win."),
    "tenpai_yame": FieldHelp(
        "聴牌止め", "オーラスの親が聴牌でやめられるか。 … after tenpai at a draw."),
    "stop_min_points": FieldHelp(
        "止めの条件", "やめる親に必要な点 (null: 条件なし)。 Points the stopping dealer needs."),
    "extension": FieldHelp(
        "延長 (西入・返り東)", "目標点に届かないときの延長: 返り東、一場 (連荘優先)、"
        "一場のサドンデス、決まった局数。 The extension when nobody reaches the target."),
    "extension_target": FieldHelp(
        "延長の目標点", "延長をやめる点と、超えるか以上か。 The target that ends the extension."),
    "extension_hands": FieldHelp(
        "延長局数", "局数で延長するときの局数 (null: 局数延長なし)。"
        " How many deals an extension of a fixed number of hands has."),
    # 1.8 penalties
    "chombo_payment": FieldHelp(
        "チョンボの罰則", "満貫払い、n点オール、または精算時の減点 (対局中は点が動かない)。"
        " How a chombo is paid: in the game, or deducted at the final settlement."),
    "chombo_amount": FieldHelp(
        "チョンボ", "満貫払いの基本点 (2000 = 満貫)、各自への点、または減点 (20000 = 20p)。"
        " The chombo amount."),
    "chombo_deduction_to": FieldHelp(
        "減点の行方", "精算時の減点が場から消えるか、他の人で等分するか (減点のときだけ)。"
        " Where a final-settlement deduction goes: out of the game, or to the others."),
    "chombo_amount_sit_out": FieldHelp(
        "抜け番のチョンボ", "抜け番への支払い (null: なし)。 Paid to the seat sitting out."),
    "chombo_hand": FieldHelp(
        "チョンボ後", "再ゲームか、和了放棄で続行か。 The hand is replayed, or goes on dead."),
    "chombo_compensation": FieldHelp(
        "チョンボの補償", "チョンボで失った大きな和了の補償 (null: なし)。 Compensation for a "
        "spoiled large win."),
    "noten_riichi": FieldHelp(
        "ノーテンリーチ", "流局時のノーテンリーチをチョンボとするか。 A noten riichi at a draw "
        "is a chombo, or refused."),
}


def field_help(name: str) -> FieldHelp:
    """The label and help of a ruleset field; a path such as ``limits[2].base`` or
    ``pao.ron`` is explained by the field it starts with."""
    head = name.split(".")[0].split("[")[0]
    return FIELD_HELP.get(head, FieldHelp("", ""))


def help_in_language(text: str) -> str:
    """The half of a bilingual help line in the page's language: the Japanese sentence before
    「。 」, the English one after it."""
    japanese, mark, english = text.rpartition("。 ")
    if not mark:
        return text
    return english if (get_language() or "").startswith("en") else japanese + "。"


def named_refusal(field: str | None, message: str) -> str:
    """The engine's refusal with the field's Japanese label in front: 「三家和 (triple_ron): …」."""
    if not field:
        return message
    label = field_help(field).label
    return f"{label} ({field}): {message}" if label else f"{field}: {message}"
