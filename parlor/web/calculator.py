"""The hand calculator on the tablet (計算): the tile keyboard, and a tapped hand's value.

GET .../calculator/ renders the panel for the game's ruleset (which tiles, counters and an
all-mighty tile exist); POST .../evaluate/ values the tapped hand under the game's ruleset
snapshot and its house's yaku table, and answers the value as JSON (with the fields the win of
the hand entry takes) and as HTML, or the engine's error next to the part of the panel it
concerns. Same access as the hand preview: staff of the game's parlor.
"""

from __future__ import annotations

import re
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from parlor.errors import DomainError
from parlor.security.limits import CALCULATOR_REQUEST_MAX_BYTES, body_size_check
from parlor.selectors.access import game_for
from parlor.services.calculator import Calculated, TappedHand, hand_evaluate, keyboard_for
from parlor.view_helpers import labels, pages
from parlor.view_helpers.inputs import EvaluateInput
from parlor.web.access import staff_page
from parlor.web.errors import error_payload, error_status
from parlor.web.input import json_body, validated
from scoring import NO_FU, LimitName, ScoringError, tile_name

SUITS = (("m", gettext_lazy("Man")), ("p", gettext_lazy("Pin")), ("s", gettext_lazy("Sou")))
HONOURS = ("E", "S", "W", "N", "P", "F", "C")
# The part of the panel a field of the engine's error points at.
_AREAS = (
    (re.compile(r"^(tiles\.hand|concealed)"), "hand"),
    (re.compile(r"melds"), "melds"),
    (re.compile(r"win_tile"), "win"),
    (re.compile(r"(dora|ura)"), "dora"),
    (re.compile(r"^(flags|tiles\.flowers|tiles\.kita|flowers|kita)"), "flags"),
    (re.compile(r"^(tiles\.gari|gari)"), "dora"),
)


def _messages() -> dict[str, str]:
    return {
        "unknown_tile": _("A tile is not one the calculator knows: tap it again."),
        "wrong_tile_count": _(
            "The tile count is wrong: 14 tiles with the winning tile, a kan counted as three."
        ),
        "five_of_a_tile": _(
            "There are only four of each tile, counting the hand, the melds, the dora "
            "indicators and the tiles set aside."
        ),
        "too_many_indicators": _(
            "At most five dora indicators (one, and one more per kan), and one ura-dora "
            "indicator under each."
        ),
        "request_too_large": _(
            "This is more than a hand holds: clear the calculator and tap the hand again."
        ),
        "tile_not_in_play": _("2 to 8 man are not played with three players."),
        "bad_meld": _("This meld is not a chi, pon or kan."),
        "joker_not_in_ruleset": _("This ruleset has no all-mighty tile."),
        "joker_not_allowed": _(
            "The white pocchi wins as any tile only as the winning tile of a tsumo after riichi."
        ),
        "win_tile_not_in_hand": _("Choose the winning tile."),
        "not_a_win": _("These tiles are not a winning hand."),
        "no_yaku": _("This hand has no yaku (dora do not count)."),
        "inconsistent_flags": _("These conditions cannot hold together."),
        "yaku_not_in_ruleset": _("This ruleset does not have that yaku."),
        "gari_in_hand": _(
            "A tile set aside as dora (gari) is part of a hand only in the yakuman that need it."
        ),
    }


def calculator_error(exc: DomainError | ScoringError) -> JsonResponse:
    """The error in the staff's language, with the engine's sentence as the detail, and the
    part of the panel (hand, melds, win, dora, flags) its field concerns."""
    payload = error_payload(exc)
    known = _messages().get(exc.code)
    if known is not None and not in_english():
        payload["message"], payload["detail"] = known, exc.message
    payload["area"] = next(
        (area for pattern, area in _AREAS if pattern.search(exc.field)), "general"
    )
    return JsonResponse({"ok": False, "error": payload}, status=error_status(exc))


FU_REASONS = {
    "base": gettext_lazy("Base"),
    "closed_ron": gettext_lazy("Closed ron"),
    "tsumo": gettext_lazy("Tsumo"),
    "open_triplet": gettext_lazy("Open triplet"),
    "closed_triplet": gettext_lazy("Closed triplet"),
    "open_kan": gettext_lazy("Open kan"),
    "closed_kan": gettext_lazy("Closed kan"),
    "pair": gettext_lazy("Pair"),
    "wait_kanchan": gettext_lazy("Closed wait"),
    "wait_penchan": gettext_lazy("Edge wait"),
    "wait_tanki": gettext_lazy("Pair wait"),
    "open_pinfu_ron": gettext_lazy("Open hand without fu"),
    "seven_pairs": gettext_lazy("Seven pairs"),
    "fixed": gettext_lazy("Fixed fu"),
}


SUIT_FACES = {"m": "萬", "p": "筒", "s": "索"}
HONOUR_FACES = {"E": "東", "S": "南", "W": "西", "N": "北", "P": "白", "F": "發", "C": "中"}


def tile_face(name: str) -> str:
    """A tile as it is printed, the same in both languages: 5筒, 赤5索, 東.

    >>> tile_face("0p"), tile_face("9m"), tile_face("C")
    ('赤5筒', '9萬', '中')
    """
    if name in HONOUR_FACES:
        return HONOUR_FACES[name]
    number, suit = name[0], SUIT_FACES.get(name[-1], name[-1])
    return f"赤5{suit}" if number == "0" else f"{number}{suit}"


def in_english() -> bool:
    return (get_language() or "ja").startswith("en")


def value_context(calculated: Calculated) -> dict[str, Any]:
    value, ruleset = calculated.value, calculated.ruleset
    english = in_english()
    return {
        "yaku": [
            {"key": y.key, "name": y.name if english else y.name_ja, "han": y.han,
             "is_yakuman": y.is_yakuman}
            for y in value.yaku
        ],
        "fu": value.fu,
        "fu_parts": [
            {"label": str(FU_REASONS.get(p.reason, p.reason)), "fu": p.fu,
             "tile": tile_face(tile_name(p.tile)) if p.tile != NO_FU else ""}
            for p in value.fu_parts
        ],
        "label": labels.win_value_label(calculated.entered, limits=ruleset.limits),
        "limit": labels.limit_label(LimitName(value.limit)) if value.limit != "none" else "",
        "points": pages.points(value.points),
        "joker_faces": [tile_face(face) for face in value.joker_faces],
        "counts_points": value.point_count is not None,  # 点数制: yaku counted in points
    }


@require_GET
@staff_page
def calculator_panel(request: HttpRequest, game_id: str) -> HttpResponse:
    """The panel's HTML for this game's ruleset: the tile keyboard and the conditions."""
    game, _access = game_for(request.user, game_id)
    keyboard = keyboard_for(game)
    suits = [
        {"code": code, "label": label,
         "tiles": [f"{n}{code}" for n in range(1, 10)
                   if not (keyboard.player_count == 3 and code == "m" and 2 <= n <= 8)
                   or f"{n}{code}" in keyboard.gari],  # 5m exists only to be set aside
         "red": keyboard.player_count == 4 or code != "m"}
        for code, label in SUITS
    ]
    context = {"game": game, "keyboard": keyboard, "suits": suits, "honours": HONOURS,
               "flower_counts": list(range(keyboard.flowers + 1)),
               "kita_counts": list(range(5))}
    return render(request, "tablet/_calculator.html", context)


@require_POST
@staff_page
def evaluate(request: HttpRequest, game_id: str) -> JsonResponse:
    """{winner, tsumo, correct?, sit_out?, tiles, flags}: the value, or the error by its field."""
    game, _access = game_for(request.user, game_id)
    try:
        body_size_check(request.META.get("CONTENT_LENGTH"), limit=CALCULATOR_REQUEST_MAX_BYTES)
        values = validated(EvaluateInput, json_body(request))
        calculated = hand_evaluate(game=game, tapped=TappedHand(**values))
    except (DomainError, ScoringError) as exc:
        return calculator_error(exc)
    context = value_context(calculated)
    html = render_to_string("tablet/_calculator_value.html", context, request=request)
    return JsonResponse(
        {"ok": True, "value": calculated.to_dict(), "label": context["label"], "html": html}
    )
