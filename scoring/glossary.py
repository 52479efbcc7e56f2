"""One spelling per concept. Add here before inventing a synonym.

seat          a fixed place for the whole game; seat 0 is the first dealer, 起家 (kicha)
wind          E S W N, follows the dealer; never used to name a seat
dealer        親 (oya); non-dealer 子 (ko)
hand          局: one deal, ending in a win, a draw or an abortive draw
round         場: round_wind + round_number give East 2 (東2局)
honba         本場: repeat counter, paid per honba on a win
sticks        供託: riichi sticks (and deposits) lying on the table
riichi        立直; open riichi オープンリーチ
ron           栄和, win off a discard; the discarder is the ``loser``
tsumo         自摸和, self-drawn win; tsumo_son ツモ損 (three-player: the absent share is lost)
draw          荒牌流局, exhaustive draw; tenpai 聴牌 / noten 不聴; no-ten money 不聴罰符
abortive      途中流局: nine_terminals 九種九牌, four_winds 四風連打, four_kans 四開槓,
              four_riichi 四家立直, triple_ron 三家和
nagashi       流し満貫
chombo        錯和 / チョンボ
deduction     罰符 taken at the final settlement (精算時の減点, chombo_payment final_deduction):
              kept apart from the bonuses (tobi bonus), never moved at the table
pao           包, liability for feeding a yakuman
wareme        割れ目, the broken wall's owner pays and receives double
head bump     頭ハネ (上家取り): on a multiple ron only the claimant nearest the discarder wins
renchan       連荘: the dealer keeps the deal
all-last      オーラス: the last scheduled hand
tobi          飛び: a score below (or at) zero ends the game
agari_yame    和了止め; tenpai_yame 聴牌止め
extension     延長: 西入 / 南入 (extra round), 返り東
oka           オカ, uma 順位ウマ, box_under 箱下
base points   基本点 = fu × 2^(2 + han), before the dealer/non-dealer factor
limit         満貫 mangan, 跳満 haneman, 倍満 baiman, 跳倍満 two_and_half_mangan,
              三倍満 sanbaiman, 役満 yakuman (数え役満 kazoe from enough han)
kiriage       切り上げ満貫
point count   点数制 (白マティ): a win is worth a count of 点, not han and fu
reading       面子の取り方: one way to split a winning hand into sets and a pair, with the
              set the winning tile completed; the best reading is kept (高点法)
wait          待ち: ryanmen 両面, kanchan 嵌張, penchan 辺張, shanpon 双碰, tanki 単騎
yaku table    役表: which yaku a house plays and their han (rulesets/yaku/*.toml)
joker         オールマイティ: an all-mighty tile read as any face (白ポッチ, 白マティ)
kita, flower  北抜き / 花牌: tiles set aside as dora (抜きドラ)
transfer      one payment of a hand: payer → payee (None: the table); the record's JSON
              spells them "from" / "to"
ruleset key   the string a table plays by: a preset's key or a parlor's (Ruleset.id)

The parlor's own words (verification vs the audit log, settlement vs receipt, ...) are in
docs/service.md, "Words".
"""
