"""Words the tablet shows for the engine's vocabulary, in the active language.

The engine and the record speak in codes (`ron`, `all_last`, `E`); staff read 東2局 1本場.
Everything here is a lookup: no rule is decided in this module.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring import LimitName


def wind_name(code: str) -> str:
    """The round wind, 東 / East."""
    names = {
        "E": pgettext("round wind", "East"),
        "S": pgettext("round wind", "South"),
        "W": pgettext("round wind", "West"),
        "N": pgettext("round wind", "North"),
    }
    return names.get(code, code)


def seat_wind(code: str) -> str:
    """A seat's wind as one character: 東 / E."""
    names = {
        "E": pgettext("seat wind", "E"),
        "S": pgettext("seat wind", "S"),
        "W": pgettext("seat wind", "W"),
        "N": pgettext("seat wind", "N"),
    }
    return names.get(code, code)


def round_label(state: Mapping[str, Any] | None) -> str:
    """東2局 1本場 / East 2, 1 honba: the hand a state names (a replay's `next` or a hand)."""
    if not state:
        return ""
    hand = _("%(wind)s %(number)s") % {
        "wind": wind_name(state["round_wind"]),
        "number": state["round_number"],
    }
    honba = state.get("honba", 0)
    if not honba:
        return hand
    return _("%(hand)s, %(honba)s honba") % {"hand": hand, "honba": honba}


def reason_label(code: str) -> str:
    """A transfer's reason (riichi, ron, ...)."""
    labels = {
        "riichi": _("Riichi stick"),
        "riichi_return": _("Riichi stick returned"),
        "deposit_return": _("Deposit returned"),
        "ron": _("Ron"),
        "tsumo": _("Tsumo"),
        "honba": _("Honba"),
        "sticks": _("Sticks on the table"),
        "noten": _("Noten payment"),
        "nagashi": _("Nagashi mangan"),
        "chombo": _("Chombo"),
        "pao": _("Pao"),
        "wareme": _("Wareme"),
        "tobi_payment": _("Bust payment"),
        "chips": _("Chips"),
        "deposit": _("Penalty deposit"),
        "compensation": _("Chombo compensation"),
        "open_riichi": _("Open riichi"),
    }
    return labels.get(code, code)


def end_label(code: str) -> str:
    """Why a game ended."""
    labels = {
        "all_last": _("The last hand is over"),
        "tobi": _("A player went bust"),
        "agari_yame": _("The dealer stopped after a win"),
        "tenpai_yame": _("The dealer stopped while tenpai"),
        "sudden_death": _("A player reached the target in the extension"),
        "extension_end": _("The extension round is over"),
        "finished": _("Closed by staff"),
    }
    return labels.get(code, code)


def abortive_label(code: str) -> str:
    labels = {
        "nine_terminals": _("Nine terminals"),
        "four_winds": _("Four winds"),
        "four_kans": _("Four kans"),
        "four_riichi": _("Four riichi"),
        "triple_ron": _("Triple ron"),
    }
    return labels.get(code, code)


def penalty_label(code: str) -> str:
    """A penalty inside a hand (record field `penalties`)."""
    labels = {
        "chombo": _("Chombo, the hand goes on"),
        "dead_hand": _("Dead hand"),
        "deposit": _("Penalty deposit"),
    }
    return labels.get(code, code)


def limit_label(name: LimitName | str) -> str:
    labels = {
        "mangan": _("Mangan"),
        "haneman": _("Haneman"),
        "baiman": _("Baiman"),
        "two_and_half_mangan": _("2.5× mangan"),
        "sanbaiman": _("Sanbaiman"),
        "yakuman": _("Counted yakuman"),
    }
    return labels.get(str(name), str(name))


# The yakuman a tablet can name (the engine's vocabulary less the two it derives itself).
YAKUMAN_CHOICES = (
    "kokushi",
    "kokushi_13",
    "suuankou",
    "suuankou_tanki",
    "daisangen",
    "tsuuiisou",
    "shousuushii",
    "daisuushii",
    "ryuuiisou",
    "chinroutou",
    "chuuren",
    "junsei_chuuren",
    "suukantsu",
    "tenhou",
    "chiihou",
    "renhou",
    "isshoku_yonjun",
    "manzu_honitsu",
)


def yakuman_label(code: str) -> str:
    labels = {
        "kokushi": _("Thirteen orphans"),
        "kokushi_13": _("Thirteen orphans, 13-sided wait"),
        "suuankou": _("Four concealed triplets"),
        "suuankou_tanki": _("Four concealed triplets, single wait"),
        "daisangen": _("Big three dragons"),
        "tsuuiisou": _("All honors"),
        "shousuushii": _("Little four winds"),
        "daisuushii": _("Big four winds"),
        "ryuuiisou": _("All green"),
        "chinroutou": _("All terminals"),
        "chuuren": _("Nine gates"),
        "junsei_chuuren": _("Pure nine gates"),
        "suukantsu": _("Four kans"),
        "tenhou": _("Blessing of heaven"),
        "chiihou": _("Blessing of earth"),
        "renhou": _("Blessing of man"),
        "isshoku_yonjun": _("Four identical sequences"),
        "manzu_honitsu": _("Half flush in characters"),
        "open_riichi_dealin": _("Deal-in to an open riichi"),
        "nagashi": _("Nagashi"),
    }
    return labels.get(code, code)


def win_value_label(win: Mapping[str, Any], *, limits: Sequence[Any] = ()) -> str:
    """3翻30符 / 満貫 / 役満 / 12点: a win's value as entered."""
    yakuman = win.get("yakuman")
    if isinstance(yakuman, list):
        return " ".join(yakuman_label(name) for name in yakuman)
    if yakuman:
        if yakuman == 1:
            return _("Yakuman")
        return _("%(count)s× yakuman") % {"count": yakuman}
    if win.get("points") is not None:
        return _("%(points)s points") % {"points": win["points"]}
    han, fu = win.get("han"), win.get("fu")
    limit = None
    for item in limits:
        if han is not None and han >= item.min_han:
            limit = item.name
    if limit is not None:
        return _("%(limit)s (%(han)s han)") % {"limit": limit_label(limit), "han": han}
    if fu is None:
        return _("%(han)s han") % {"han": han}
    return _("%(han)s han %(fu)s fu") % {"han": han, "fu": fu}


_HEAD_BUMP = re.compile(r"^head bump: the ron of seat (\d+) is void$")
_NOTEN_RIICHI = "noten riichi (不聴立直) settled as chombo"


def note_label(note: str, names: Sequence[str]) -> str:
    """An engine note in words; an unknown note is shown as the engine wrote it."""
    bumped = _HEAD_BUMP.match(note)
    if bumped and int(bumped.group(1)) < len(names):
        return _("Head bump: the ron of %(name)s does not count") % {
            "name": names[int(bumped.group(1))]
        }
    if note == _NOTEN_RIICHI:
        return _("A riichi without tenpai is settled as a chombo")
    if note == "triple_ron":
        return _("Triple ron: the hand is an abortive draw")
    if note.startswith("check:"):
        return _("Check the han: at this honba the win needs more han without dora")
    return note
