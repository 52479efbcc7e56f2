"""Statistics of the yaku (役) recorded on wins: how often each yaku was won with, and how many
wins were riichi (立直), dama (ダマ, closed without riichi) or open (副露), for a player (the
player page) and for the games of a parlor's business day (the daily report).

Only wins that recorded their `yaku` (docs/game-record.md) count, so every figure says of how
many wins it is: a win entered by han and fu alone is in `paid_wins` and nowhere else.

Riichi is read from the yaku (riichi or double riichi among them). Closed or open comes from
the win's `open` where it was recorded (true: 副露, false: 門前; the engine refuses `open: true`
beside riichi or a closed-only yaku). Where `open` is absent it is read from the yaku and the
house's yaku table the calculator used (scoring.hand_value.YakuTable):

- riichi or double riichi among the yaku: riichi;
- a yaku that only a closed hand has (門前限定: menzen tsumo, pinfu, iipeikou, chiitoitsu,
  ...), or one at its closed han where the open hand is worth less (honitsu at 3, not 2):
  closed, so dama;
- a yaku at its open han where that is less (喰い下がり: honitsu at 2, chanta at 1): open;
- anything else (a tanyao ron, a yakuhai with dora, most yakuman): unknown. An unknown win is
  counted as unknown rather than guessed, and stays in the denominator, so the riichi, dama,
  open and unknown shares of the wins with yaku add up to 100 %.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.db.models import Count, JSONField, OuterRef, Subquery
from django.utils.translation import pgettext

from parlor.domain.hand_entries import hand_of
from parlor.domain.shares import percent_number, share_tenths
from parlor.domain.snapshots import ruleset_of_snapshot
from parlor.domain.stored_results import ledger_of
from parlor.models import Game, GameSeat, GameStatus, Hand, HandState, Player, RulesetDefinition
from parlor.selectors.yaku import preset_of, yaku_names, yaku_tables
from scoring import (
    WIN_PAYMENTS,
    RecordedYaku,
    Ron,
    Ruleset,
    Transfer,
    Tsumo,
    Win,
    YakuTable,
    yaku_table_for,
)

RIICHI_KEYS = frozenset({"riichi", "double_riichi"})  # 立直, ダブル立直


class WinStyle(StrEnum):
    RIICHI = "riichi"  # 立直: riichi or double riichi among the yaku
    DAMA = "dama"  # ダマ (黙聴): a closed hand without riichi
    OPEN = "open"  # 副露: a hand with an open meld
    UNKNOWN = "unknown"  # the yaku do not tell a closed hand from an open one


def win_style(
    yaku: Sequence[RecordedYaku], table: YakuTable, *, is_open: bool | None = None
) -> WinStyle:
    """How a win was made: riichi from its yaku; open or closed from `is_open` (the win's
    `open`) where recorded, else as far as the yaku tell under the house's yaku table."""
    keys = {item.key for item in yaku}
    if keys & RIICHI_KEYS:
        return WinStyle.RIICHI
    if is_open is not None:
        return WinStyle.OPEN if is_open else WinStyle.DAMA
    closed = opened = False
    for item in yaku:
        rule = table.by_key.get(item.key)
        if rule is None:
            continue  # a key this house does not know tells nothing
        if rule.opened is None:
            closed = True
        elif rule.opened != rule.closed and not item.is_yakuman:
            closed |= item.han == rule.closed
            opened |= item.han == rule.opened
    if closed == opened:  # nothing said, or the list contradicts itself
        return WinStyle.UNKNOWN
    return WinStyle.DAMA if closed else WinStyle.OPEN


@dataclass(frozen=True, slots=True)
class YakuCount:
    key: str
    name_ja: str
    name: str
    wins: int  # wins with this yaku
    is_yakuman: bool
    share_tenths: int | None  # of the wins with yaku, in tenths of a percent


@dataclass(frozen=True, slots=True)
class StyleCount:
    style: WinStyle
    wins: int
    share_tenths: int | None  # of the wins with yaku, in tenths of a percent


@dataclass(frozen=True, slots=True)
class YakuStats:
    paid_wins: int  # every paid win counted, with or without yaku
    yaku_wins: int  # of them, the wins that recorded their yaku: the denominator of the shares
    yaku: tuple[YakuCount, ...]  # most frequent first
    styles: tuple[StyleCount, ...]  # riichi, dama, open, unknown: always all four


NO_WINS = YakuStats(
    paid_wins=0, yaku_wins=0, yaku=(), styles=tuple(StyleCount(s, 0, None) for s in WinStyle)
)


@dataclass(frozen=True, slots=True)
class RecordedWin:
    """One paid win as the hand entry recorded it, with the preset whose yaku table it played."""

    preset: str
    yaku: tuple[RecordedYaku, ...]  # empty: recorded without yaku
    is_open: bool | None = None  # the win's `open` (副露), None where not recorded


def paid_winners(transfers: Iterable[Transfer]) -> set[int]:
    """The seats a hand's transfers pay a win to (a head-bumped ron, 頭ハネ, has none, so its
    recorded yaku are not counted)."""
    return {t.payee for t in transfers if t.reason in WIN_PAYMENTS and t.payee is not None}


def wins_of(result: object) -> tuple[Win, ...]:
    """The wins of a hand's result (the engine's Ron or Tsumo; none for any other)."""
    if isinstance(result, Ron):
        return result.wins
    if isinstance(result, Tsumo):
        return (result.win,)
    return ()


def yaku_stats_of(wins: Iterable[RecordedWin]) -> YakuStats:
    """Counts and shares over `wins` (plain arithmetic: no query)."""
    tables = yaku_tables()
    counts: Counter[str] = Counter()
    styles: Counter[WinStyle] = Counter()
    yakuman: set[str] = set()
    paid = with_yaku = 0
    for win in wins:
        paid += 1
        if not win.yaku:
            continue
        with_yaku += 1
        table = yaku_table_for(win.preset, tables)
        styles[win_style(win.yaku, table, is_open=win.is_open)] += 1
        for item in win.yaku:
            counts[item.key] += 1
            if item.is_yakuman:
                yakuman.add(item.key)
    names = yaku_names()
    rows = tuple(
        YakuCount(
            key=key,
            name_ja=names.get(key, (key, key))[0],
            name=names.get(key, (key, key))[1],
            wins=n,
            is_yakuman=key in yakuman,
            share_tenths=share_tenths(n, with_yaku),
        )
        for key, n in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    )
    return YakuStats(
        paid_wins=paid,
        yaku_wins=with_yaku,
        yaku=rows,
        styles=tuple(
            StyleCount(style, styles[style], share_tenths(styles[style], with_yaku))
            for style in WinStyle
        ),
    )


def _definition() -> Subquery:
    """The parlor's definition of the hand's game's ruleset key (None for a preset), read in
    the same query as the hands."""
    return Subquery(
        RulesetDefinition.objects.filter(
            parlor_id=OuterRef("game__table__parlor_id"), key=OuterRef("game__ruleset_key")
        ).values("definition")[:1],
        output_field=JSONField(),
    )


def _winning_hands(game_ids: Iterable[int]) -> Any:
    """Current win hands of the games with what the statistics read (one query when run)."""
    return (
        Hand.objects.filter(
            game_id__in=list(game_ids),
            state=HandState.CURRENT,
            entry__result__kind__in=["ron", "tsumo"],
        )
        .annotate(definition=_definition())
        .values_list(
            "game_id", "sequence", "entry", "outcome__transfers", "game__ruleset_key", "definition"
        )
    )


def _rulesets(game_ids: Iterable[int]) -> dict[int, tuple[Ruleset, int]]:
    """Each game's ruleset and number of seats, to read its stored entries by (one query)."""
    games = Game.objects.filter(id__in=list(game_ids)).annotate(seat_count=Count("seats"))
    return {
        game_id: (ruleset_of_snapshot(snapshot), seats)
        for game_id, snapshot, seats in games.values_list("id", "ruleset_snapshot", "seat_count")
    }


def _recorded(
    row: tuple[int, int, Any, Any, str, Any],
    rulesets: Mapping[int, tuple[Ruleset, int]],
    seat: int | None = None,
) -> list[RecordedWin]:
    """The paid wins of one row of _winning_hands, its stored entry read as the engine's hand
    (the entry the engine checked when the hand was recorded)."""
    game_id, sequence, entry, transfers, key, definition = row
    ruleset, seats = rulesets[game_id]
    hand = hand_of(entry, ruleset=ruleset, seats=seats, index=sequence - 1)
    paid = paid_winners(ledger_of(transfers))
    preset = preset_of(key, definition)
    return [
        RecordedWin(preset=preset, yaku=win.yaku, is_open=win.is_open)
        for win in wins_of(hand.result)
        if win.winner in paid and (seat is None or win.winner == seat)
    ]


def yaku_stats_of_games(rulesets: Mapping[int, tuple[Ruleset, int]]) -> YakuStats:
    """Every paid win of the games (staff play, 本走, included: the parlor's wins), given as
    each game's ruleset and number of seats by its id (the daily report has read them with the
    games). One query."""
    wins: list[RecordedWin] = []
    for row in _winning_hands(rulesets).iterator():
        wins += _recorded(row, rulesets)
    return yaku_stats_of(wins)


def yaku_stats_of_player(player: Player) -> YakuStats:
    """The player's own paid wins: current hands of finished games they played for themselves
    (staff play for the parlor, 本走, is not theirs). Three queries."""
    seats = dict(
        GameSeat.objects.filter(
            player=player, is_staff_play=False, game__status=GameStatus.FINISHED
        ).values_list("game_id", "seat")
    )
    rulesets = _rulesets(seats)
    wins: list[RecordedWin] = []
    for row in _winning_hands(seats).iterator():
        wins += _recorded(row, rulesets, seats[row[0]])
    return yaku_stats_of(wins)


def win_style_label(style: WinStyle) -> str:
    """The style's name in the active language (立直, ダマ, 副露, 不明 in Japanese)."""
    labels = {
        WinStyle.RIICHI: pgettext("win style", "Riichi"),
        WinStyle.DAMA: pgettext("win style", "Dama"),
        WinStyle.OPEN: pgettext("win style", "Open"),
        WinStyle.UNKNOWN: pgettext("win style", "Unknown"),
    }
    return labels[style]


def share_text(tenths: int | None) -> str:
    """A share for people: 42.9%, or a dash where there is nothing to share.

    >>> share_text(429), share_text(None)
    ('42.9%', '—')
    """
    return "—" if tenths is None else percent_number(tenths) + "%"
