"""Words the tablet shows for the engine's vocabulary, in the active language.

The engine and the record speak in codes (`ron`, `all_last`, `E`); staff read 東2局 1本場.
Everything here is a lookup: no rule is decided in this module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from scoring import (
    AbortiveReason,
    Compensation,
    EndReason,
    LimitClass,
    LimitName,
    NextHand,
    Note,
    NoteCode,
    PenaltyKind,
    Reason,
    TableState,
    Win,
)

# Each table is keyed by the engine's own vocabulary, so a code the engine lacks cannot be
# named here, and a code without a label fails loudly instead of showing its raw spelling
# (tests/parlor/test_labels.py holds every table to its enum, in both languages).

ROUND_WINDS: Mapping[str, Promise] = {  # 場風, keyed by scoring.WINDS
    "E": pgettext_lazy("round wind", "East"),
    "S": pgettext_lazy("round wind", "South"),
    "W": pgettext_lazy("round wind", "West"),
    "N": pgettext_lazy("round wind", "North"),
}

SEAT_WINDS: Mapping[str, Promise] = {  # 自風, keyed by scoring.WINDS
    "E": pgettext_lazy("seat wind", "E"),
    "S": pgettext_lazy("seat wind", "S"),
    "W": pgettext_lazy("seat wind", "W"),
    "N": pgettext_lazy("seat wind", "N"),
}

REASONS: Mapping[Reason, Promise] = {
    Reason.RIICHI: gettext_lazy("Riichi stick"),
    Reason.RIICHI_RETURN: gettext_lazy("Riichi stick returned"),
    Reason.DEPOSIT_RETURN: gettext_lazy("Deposit returned"),
    Reason.RON: gettext_lazy("Ron"),
    Reason.TSUMO: gettext_lazy("Tsumo"),
    Reason.HONBA: gettext_lazy("Honba"),
    Reason.STICKS: gettext_lazy("Sticks on the table"),
    Reason.NOTEN: gettext_lazy("Noten payment"),
    Reason.NAGASHI: gettext_lazy("Nagashi mangan"),
    Reason.CHOMBO: gettext_lazy("Chombo"),
    Reason.PAO: gettext_lazy("Pao"),
    Reason.TOBI_PAYMENT: gettext_lazy("Bust payment"),
    Reason.DEPOSIT: gettext_lazy("Penalty deposit"),
    Reason.COMPENSATION: gettext_lazy("Chombo compensation"),
    Reason.OPEN_RIICHI: gettext_lazy("Open riichi"),
}

END_REASONS: Mapping[EndReason, Promise] = {
    EndReason.ALL_LAST: gettext_lazy("The last hand is over"),
    EndReason.TOBI: gettext_lazy("A player went bust"),
    EndReason.AGARI_YAME: gettext_lazy("The dealer stopped after a win"),
    EndReason.TENPAI_YAME: gettext_lazy("The dealer stopped while tenpai"),
    EndReason.SUDDEN_DEATH: gettext_lazy("A player reached the target in the extension"),
    EndReason.EXTENSION_END: gettext_lazy("The extension round is over"),
    EndReason.FINISHED: gettext_lazy("Closed by staff"),
}

ABORTIVE_REASONS: Mapping[AbortiveReason, Promise] = {
    AbortiveReason.NINE_TERMINALS: gettext_lazy("Nine terminals"),
    AbortiveReason.FOUR_WINDS: gettext_lazy("Four winds"),
    AbortiveReason.FOUR_KANS: gettext_lazy("Four kans"),
    AbortiveReason.FOUR_RIICHI: gettext_lazy("Four riichi"),
    AbortiveReason.TRIPLE_RON: gettext_lazy("Triple ron"),
}

NOTES: Mapping[NoteCode, Promise] = {  # the engine's notes; %(name)s: its seat's player
    NoteCode.HEAD_BUMP: gettext_lazy("Head bump: the ron of %(name)s does not count"),
    NoteCode.NOTEN_RIICHI_CHOMBO: gettext_lazy("A riichi without tenpai is settled as a chombo"),
    NoteCode.TRIPLE_RON: gettext_lazy("Triple ron: the hand is an abortive draw"),
    NoteCode.MIN_HAN_UNCHECKED: gettext_lazy(
        "Check the han: at %(honba)s honba the win of %(name)s needs %(han)s han without dora, "
        "and no dora count was entered"
    ),
}

PENALTIES: Mapping[PenaltyKind, Promise] = {  # record field `penalties`, inside a hand
    PenaltyKind.CHOMBO: gettext_lazy("Chombo, the hand goes on"),
    PenaltyKind.DEAD_HAND: gettext_lazy("Dead hand"),
    PenaltyKind.DEPOSIT: gettext_lazy("Penalty deposit"),
}

LIMITS: Mapping[LimitName, Promise] = {
    LimitName.MANGAN: gettext_lazy("Mangan"),
    LimitName.HANEMAN: gettext_lazy("Haneman"),
    LimitName.BAIMAN: gettext_lazy("Baiman"),
    LimitName.TWO_AND_HALF_MANGAN: gettext_lazy("2.5× mangan"),
    LimitName.SANBAIMAN: gettext_lazy("Sanbaiman"),
    LimitName.YAKUMAN: gettext_lazy("Counted yakuman"),
}

YAKUMAN: Mapping[str, Promise] = {  # keyed by scoring.YAKUMAN_NAMES, in the tablet's order
    "kokushi": gettext_lazy("Thirteen orphans"),
    "kokushi_13": gettext_lazy("Thirteen orphans, 13-sided wait"),
    "suuankou": gettext_lazy("Four concealed triplets"),
    "suuankou_tanki": gettext_lazy("Four concealed triplets, single wait"),
    "daisangen": gettext_lazy("Big three dragons"),
    "tsuuiisou": gettext_lazy("All honors"),
    "shousuushii": gettext_lazy("Little four winds"),
    "daisuushii": gettext_lazy("Big four winds"),
    "ryuuiisou": gettext_lazy("All green"),
    "chinroutou": gettext_lazy("All terminals"),
    "chuuren": gettext_lazy("Nine gates"),
    "junsei_chuuren": gettext_lazy("Pure nine gates"),
    "suukantsu": gettext_lazy("Four kans"),
    "tenhou": gettext_lazy("Blessing of heaven"),
    "chiihou": gettext_lazy("Blessing of earth"),
    "renhou": gettext_lazy("Blessing of man"),
    "isshoku_yonjun": gettext_lazy("Four identical sequences"),
    "manzu_honitsu": gettext_lazy("Half flush in characters"),
    "open_riichi_dealin": gettext_lazy("Deal-in to an open riichi"),
    "nagashi": gettext_lazy("Nagashi"),
}

# The yakuman a tablet can name: the engine's vocabulary less the two it derives itself
# (a deal-in to an open riichi, nagashi valued as yakuman).
YAKUMAN_CHOICES = tuple(code for code in YAKUMAN if code not in {"open_riichi_dealin", "nagashi"})


def wind_name(code: str) -> str:
    """The round wind, 東 / East."""
    return str(ROUND_WINDS[code])


def seat_wind(code: str) -> str:
    """A seat's wind as one character: 東 / E."""
    return str(SEAT_WINDS[code])


def round_label(state: TableState | NextHand | None) -> str:
    """東2局 1本場 / East 2, 1 honba: the hand a table state names (a hand's `before`, its
    `next_state`, the game's stored next hand); empty for None (the game ended)."""
    if state is None:
        return ""
    hand = _("%(wind)s %(number)s") % {
        "wind": wind_name(state.round_wind),
        "number": state.round_number,
    }
    if not state.honba:
        return hand
    return _("%(hand)s, %(honba)s honba") % {"hand": hand, "honba": state.honba}


def reason_label(reason: Reason) -> str:
    """A transfer's reason (riichi, ron, ...)."""
    return str(REASONS[reason])


def end_label(reason: EndReason) -> str:
    """Why a game ended."""
    return str(END_REASONS[reason])


def abortive_label(reason: AbortiveReason) -> str:
    return str(ABORTIVE_REASONS[reason])


def penalty_label(kind: PenaltyKind) -> str:
    """A penalty inside a hand (record field `penalties`)."""
    return str(PENALTIES[kind])


def limit_label(name: LimitName) -> str:
    return str(LIMITS[name])


def yakuman_label(code: str) -> str:
    return str(YAKUMAN[code])


def win_value_label(win: Win | Compensation, *, limits: Sequence[LimitClass] = ()) -> str:
    """3翻30符 / 満貫 / 役満 / 12点: a win's value (or a chombo's compensation) as entered."""
    if isinstance(win, Compensation):
        return value_label(han=win.han, fu=win.fu, yakuman=win.yakuman, limits=limits)
    return value_label(
        han=win.han,
        fu=win.fu,
        yakuman=win.yakuman,
        yakuman_names=win.yakuman_names,
        points=win.points,
        limits=limits,
    )


def value_label(
    *,
    han: int | None,
    fu: int | None = None,
    yakuman: int = 0,
    yakuman_names: Sequence[str] = (),
    points: int | None = None,
    limits: Sequence[LimitClass] = (),
) -> str:
    """3翻30符 / 満貫 (6翻) / 役満 / 国士無双 / 12点: a value in words, the limit named where
    the han reach one of the ruleset's `limits`."""
    if yakuman_names:
        return " ".join(yakuman_label(name) for name in yakuman_names)
    if yakuman:
        if yakuman == 1:
            return _("Yakuman")
        return _("%(count)s× yakuman") % {"count": yakuman}
    if points is not None:
        return _("%(points)s points") % {"points": points}
    limit = None
    for item in limits:
        if han is not None and han >= item.min_han:
            limit = item.name
    if limit is not None:
        return _("%(limit)s (%(han)s han)") % {"limit": limit_label(limit), "han": han}
    if fu is None:
        return _("%(han)s han") % {"han": han}
    return _("%(han)s han %(fu)s fu") % {"han": han, "fu": fu}


def note_label(note: Note, names: Sequence[str]) -> str:
    """An engine note in words, the seat it names by the player's name."""
    name = names[note.seat] if note.seat is not None else ""
    return str(NOTES[note.code]) % {"name": name, "honba": note.honba, "han": note.han}


# A hand's number as staff read it: the record keeps every version of a hand (version 1 as
# first entered, 2 after the first correction, ...); staff count corrections, so version 2
# reads 第5局（訂正1）, never "5.2".


def correction_text(version: int, *, corrects: bool = True) -> str:
    """（訂正1） for a hand's second version; empty for the version first entered. A version
    that corrects none (the hand undone, then entered again) is no correction:
    （取消後の再入力）."""
    if version <= 1:
        return ""
    if not corrects:
        return pgettext("hand entered again", "(entered again after an undo)")
    return pgettext("hand correction", "(correction %(number)s)") % {"number": version - 1}


def hand_number(sequence: int, version: int = 1) -> str:
    """第5局 / Hand 5, with （訂正n） / (correction n) where the hand was corrected."""
    label = pgettext("hand number", "Hand %(sequence)s") % {"sequence": sequence}
    if version <= 1:
        return label
    return pgettext("hand number and correction", "%(hand)s %(correction)s") % {
        "hand": label,
        "correction": correction_text(version),
    }
