"""The hand (局) of a tenbo-game/1 record as OpenAPI components, so an integrator can record a
hand from the API docs alone: one component per result kind (ron, tsumo, draw, abortive,
chombo) behind a `oneOf` with a discriminator on `kind`, the win, pao (包), penalties, riichi and
wareme (割れ目). The limits come from the engine that checks the hand (scoring.win_input,
scoring.record), so the docs and the check cannot drift apart; what depends on the table's
ruleset (fu fixed at 40, points instead of han, no wareme) is said in the descriptions, and the
engine answers 400 naming the field.

`document_hand_entries` is a postprocessing hook (settings.SPECTACULAR_SETTINGS); it runs after
drf-spectacular's enum hook, which would otherwise turn each `kind` into a component of its own.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from parlor.view_helpers.openapi_shapes import kind_of, one_of, ref, seat, seats
from scoring import (
    MAX_HAN,
    MAX_POINT_COUNT,
    MAX_YAKU,
    MAX_YAKUMAN,
    VALID_FU,
    YAKUMAN_NAMES,
    AbortiveReason,
    PenaltyKind,
)

GAME_RECORD_DOC = "docs/game-record.md"
GAME_RECORD_LINK = f"[{GAME_RECORD_DOC}](/api/{GAME_RECORD_DOC})"  # parlor.api.docs serves it
HAND_ENTRY = "HandEntry"
RESULT_KINDS = {
    "ron": "RonResult",
    "tsumo": "TsumoResult",
    "draw": "DrawResult",
    "abortive": "AbortiveResult",
    "chombo": "ChomboResult",
}
PENALTY_KINDS = {
    PenaltyKind.CHOMBO.value: "ChomboPenalty",
    PenaltyKind.DEAD_HAND.value: "DeadHandPenalty",
    PenaltyKind.DEPOSIT.value: "DepositPenalty",
}

WIN = {
    "type": "object",
    "description": (
        "One winning hand. Give its value one way: `han` (and `fu`), or `yakuman`, or "
        "`points` on a point-count ruleset (seed-003). `fu` may be left out where the ruleset "
        "fixes it (seed-004: 40) or where `han` reaches mangan."
    ),
    "properties": {
        "winner": seat("Who won."),
        "han": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_HAN,
            "description": "Han, dora included.",
        },
        "fu": {"type": "integer", "enum": list(VALID_FU), "description": "Fu (符)."},
        "yakuman": {
            "description": (
                "Instead of han and fu: the number of yakuman (2 = double), or the yakuman by "
                "name where the ruleset values some differently or applies pao to some only."
            ),
            "oneOf": [
                {"type": "integer", "minimum": 1, "maximum": MAX_YAKUMAN},
                {
                    "type": "array",
                    "items": {"type": "string", "enum": sorted(YAKUMAN_NAMES)},
                    "minItems": 1,
                    "uniqueItems": True,
                },
            ],
        },
        "points": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_POINT_COUNT,
            "description": (
                "Instead of han and fu, on point-count rulesets: the hand's points, honba excluded."
            ),
        },
        "dora": {
            "type": "integer",
            "minimum": 0,
            "maximum": MAX_HAN,
            "description": (
                "How much of `han` is dora; needed where a minimum-han rule excludes dora."
            ),
        },
        "ippatsu": {
            "type": "boolean",
            "description": "Ippatsu (一発), for that check and chip rulesets.",
        },
        "chips": {
            "type": "integer",
            "minimum": 0,
            "maximum": 100,
            "description": "Chips (祝儀) this win earns, where the ruleset pays chips.",
        },
        "pao": seat("The player liable (包) for this yakuman (a `yakuman` win only)."),
        "daiminkan_feeder": seat(
            "On a tsumo only: the player whose discard the winner called as an open kan (大明槓) "
            "just before winning on its replacement tile (嶺上開花). Where the ruleset makes them "
            "liable (`pao.daiminkan_rinshan`, JPML) they pay the whole win; other rulesets refuse "
            "it. Not together with `pao`."
        ),
        "yaku": {
            "type": "array",
            "maxItems": MAX_YAKU,
            "description": (
                "Optional: the yaku (役) the hand calculator counted, dora entries included, for "
                "statistics. The payment follows han, fu or yakuman, never this list."
            ),
            "items": {
                "type": "object",
                "properties": {
                    "key": {
                        "type": "string",
                        "pattern": "^[a-z][a-z0-9_]{0,39}$",
                        "description": "The calculator's key: riichi, pinfu, dora, ...",
                    },
                    "han": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": MAX_HAN,
                        "description": "Its han; for a yakuman, how many yakuman.",
                    },
                    "yakuman": {"type": "boolean", "description": "The entry is a yakuman."},
                },
                "required": ["key", "han"],
                "additionalProperties": False,
            },
        },
        "open": {
            "type": "boolean",
            "description": (
                "Optional, for statistics: true where the hand had an open meld (副露), false "
                "where it was closed (門前). The payment never reads it. `true` is refused "
                "beside riichi, ippatsu or a closed-only yaku (門前限定)."
            ),
        },
    },
    "required": ["winner"],
    "additionalProperties": False,
}

COMPONENTS: dict[str, dict[str, Any]] = {
    "SeatNumber": {
        "type": "integer",
        "minimum": 0,
        "maximum": 3,
        "description": (
            "A seat, fixed for the game: 0 is the first dealer (起家), 1 sits to its right, and "
            "so on; the winds move with the deal. 0-2 in three-player games (0-3 with 抜け番)."
        ),
    },
    "Win": WIN,
    "Compensation": {
        "type": "object",
        "description": (
            "The player whose ron-able hand a chombo spoiled, where the ruleset pays for it."
        ),
        "properties": {
            "to": seat("Whose hand was spoiled."),
            "han": {"type": "integer", "minimum": 1, "maximum": 99},
            "fu": {"type": "integer", "minimum": 20, "maximum": 130, "default": 30},
            "yakuman": {"type": "integer", "minimum": 1, "maximum": 6},
        },
        "required": ["to"],
        "additionalProperties": False,
    },
    "RonResult": kind_of(
        "ron",
        "A win on a discard: every player who declared ron on it. The ruleset applies head bump "
        "(頭ハネ), double ron or the triple-ron abort.",
        {
            "loser": seat("The discarder (放銃)."),
            "wins": {"type": "array", "items": ref("Win"), "minItems": 1, "maxItems": 3},
        },
        "loser",
        "wins",
    ),
    "TsumoResult": kind_of(
        "tsumo",
        "A self-drawn win (ツモ): everyone pays, so there is no loser.",
        {"win": ref("Win")},
        "win",
    ),
    "DrawResult": kind_of(
        "draw",
        "An exhaustive draw (荒牌流局). A seat whose riichi stood but is not in `tenpai` is a "
        "noten riichi, settled as the ruleset says.",
        {
            "tenpai": seats("The seats that declared tenpai (an empty list if none)."),
            "nagashi": seats("Nagashi mangan (流し満貫), where the ruleset has it."),
        },
        "tenpai",
    ),
    "AbortiveResult": kind_of(
        "abortive",
        "An abortive draw (途中流局): 九種九牌, 四風連打, 四開槓, 四家立直, 三家和, "
        "as the ruleset allows.",
        {"reason": {"type": "string", "enum": [r.value for r in AbortiveReason]}},
        "reason",
    ),
    "ChomboResult": kind_of(
        "chombo",
        "The hand was stopped by a chombo (錯和) and is replayed as the ruleset says.",
        {"offender": seat("Who committed the chombo."), "compensation": ref("Compensation")},
        "offender",
    ),
    "HandResult": one_of(RESULT_KINDS, "How the hand ended, told apart by `kind`."),
    "ChomboPenalty": kind_of(
        "chombo",
        "A chombo paid at the end of this hand without ending it.",
        {"offender": seat("")},
        "offender",
    ),
    "DeadHandPenalty": kind_of(
        "dead_hand",
        "和了放棄: recorded, no payment, the seat counts as noten.",
        {"seat": seat("")},
        "seat",
    ),
    "DepositPenalty": kind_of(
        "deposit",
        "The ruleset's fee for a false call or false riichi, put on the table like a stick.",
        {"seat": seat("")},
        "seat",
    ),
    "Penalty": one_of(PENALTY_KINDS, "A penalty settled at the end of the hand, by `kind`."),
    HAND_ENTRY: {
        "type": "object",
        "description": f"One hand (局) of a tenbo-game/1 record; the format: {GAME_RECORD_LINK}.",
        "properties": {
            "riichi": seats("Riichi declarations that stood (a stick went on the table)."),
            "open_riichi": seats("Which of those were open riichi, where the ruleset has it."),
            "riichi_cancelled": seats("Riichi withdrawn for the ruleset's cancel fee."),
            "sit_out": seat("The seat sitting this hand out (three players played by four)."),
            "dice": {
                "type": "integer",
                "minimum": 2,
                "maximum": 12,
                "description": (
                    "The dice total, for rulesets with wareme (割れ目); or give `wareme`."
                ),
            },
            "wareme": seat("The wareme seat, instead of `dice`."),
            "penalties": {"type": "array", "items": ref("Penalty")},
            "result": ref("HandResult"),
            "stop": {
                "type": "boolean",
                "description": (
                    "The all-last dealer stops (アガリ止め / テンパイ止め) after this hand."
                ),
            },
        },
        "required": ["result"],
        "additionalProperties": False,
    },
}


@extend_schema_field(ref(HAND_ENTRY))
class HandEntryField(serializers.DictField):
    """A hand in tenbo-game/1; the engine checks it against the game's ruleset."""


def document_hand_entries(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """Adds the hand's components to the schema (a postprocessing hook)."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    taken = sorted(set(schemas) & set(COMPONENTS))
    if taken:  # a serializer of the same name would be replaced without a word
        raise ValueError(f"OpenAPI components named twice: {', '.join(taken)}")
    schemas.update(COMPONENTS)
    return result
