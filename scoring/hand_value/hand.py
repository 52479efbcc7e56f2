"""What the tiles and the table say about one win: the evaluator's input.

The ruleset is not here: the same hand is worth different amounts under different houses.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class MeldKind(StrEnum):
    CHI = "chi"  # チー
    PON = "pon"  # ポン
    DAIMINKAN = "daiminkan"  # 大明槓, open kan on a discard
    KAKAN = "kakan"  # 加槓, a pon extended to a kan
    ANKAN = "ankan"  # 暗槓, closed kan

    @property
    def is_kan(self) -> bool:
        return self in (MeldKind.DAIMINKAN, MeldKind.KAKAN, MeldKind.ANKAN)

    @property
    def is_open(self) -> bool:
        return self is not MeldKind.ANKAN


@dataclass(frozen=True, slots=True)
class Meld:
    kind: MeldKind
    tiles: tuple[str, ...]  # 3 tiles, or 4 for a kan; red fives as 0m/0p/0s


@dataclass(frozen=True, slots=True)
class WinFlags:
    """What the tiles cannot show (状況役)."""

    riichi: bool = False  # 立直
    double_riichi: bool = False  # 両立直; excludes riichi
    ippatsu: bool = False  # 一発
    haitei: bool = False  # 海底摸月
    houtei: bool = False  # 河底撈魚
    rinshan: bool = False  # 嶺上開花
    chankan: bool = False  # 槍槓
    tenhou: bool = False  # 天和
    chiihou: bool = False  # 地和
    renhou: bool = False  # 人和


@dataclass(frozen=True, slots=True)
class WinningHand:
    """One win as the tiles lie: the concealed tiles include the winning tile."""

    concealed: tuple[str, ...]  # 手牌, with the winning tile: 14, 11, 8, 5 or 2 tiles;
    # "*" for an all-mighty tile where the house plays one (白ポッチ; under 白マティ every
    # white, "P" or "*", is one)
    win_tile: str  # 和了牌
    is_tsumo: bool  # 自摸和; False for ron 栄和 (and chankan)
    melds: tuple[Meld, ...] = ()
    seat_wind: str = "E"  # 自風: E S W N
    round_wind: str = "E"  # 場風
    flags: WinFlags = field(default_factory=WinFlags)
    dora_indicators: tuple[str, ...] = ()  # ドラ表示牌
    ura_indicators: tuple[str, ...] = ()  # 裏ドラ表示牌, given only after riichi
    kita: int = 0  # 北抜き: North tiles set aside (sanma)
    flowers: int = 0  # 花牌 set aside as dora (抜きドラ, seed 004)
    gari: tuple[str, ...] = ()  # ガリ: man tiles set aside as dora (seed 003: 1m 5m 9m)
    player_count: int = 4

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == "E"
