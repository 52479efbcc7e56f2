"""The hand calculator (計算): a winning hand's tiles to its value under the game's ruleset.

The same service and the same input as the tablet's calculator panel; stores nothing.
"""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.api.serializers import error_responses
from parlor.security.limits import CALCULATOR_REQUEST_MAX_BYTES, body_size_check
from parlor.selectors.access import game_for
from parlor.services.calculator import TappedHand, hand_evaluate
from parlor.view_helpers.inputs import EvaluateInput

EVALUATE_HELP = (
    "Values a winning hand from its tiles under the game's ruleset and its house's yaku (高点法: "
    "the reading that pays most), as the tablet's calculator does; stores nothing. `tiles` "
    "takes the fields of a line of the Tenhou corpus (`hand` with the winning tile, "
    "`win_tile`, `melds` of `{type, tiles}`, `dora_indicators`, `ura_indicators`, `kita`, "
    "`flowers`, `gari`), `flags` its conditions (riichi, ippatsu, haitei, ...). The seat and "
    "round winds come from the game's current hand, or from hand `correct` when one is being "
    "corrected. The answer holds the yaku with their han, the fu with its parts, the limit, "
    "`points` and each payer's share, and `win`: the fields a win of the hand entry takes. A "
    "hand that is not a win with a yaku, or that holds more than a table can (a fifth copy of a "
    "tile, more than four melds or five dora indicators, gari or flowers the ruleset lacks), "
    "gets 400 naming the field; a body over 8 kB gets 400 `request_too_large`."
)


EXAMPLE = OpenApiExample(
    "A ron with riichi and pinfu",
    value={"winner": 1, "tsumo": False,
           "tiles": {"hand": ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "2s", "3s",
                              "4s", "5m", "5m"], "win_tile": "4s", "dora_indicators": ["1m"]},
           "flags": {"riichi": True}},
    request_only=True,
)


class HandEvaluateView(APIView):
    """A computation, not a write: it stores nothing, so a retry gives the same answer and
    takes no Idempotency-Key (a POST only because the hand does not fit a query string)."""

    @extend_schema(
        request=EvaluateInput,
        responses={200: OpenApiTypes.OBJECT, **error_responses(400, 409)},
        description=EVALUATE_HELP,
        examples=[EXAMPLE],
    )
    def post(self, request: Request, game_id: str) -> Response:
        body_size_check(request.META.get("CONTENT_LENGTH"), limit=CALCULATOR_REQUEST_MAX_BYTES)
        game, _ = game_for(request.user, game_id)
        data = EvaluateInput(data=request.data)
        data.is_valid(raise_exception=True)
        tapped = TappedHand(**data.validated_data)
        return Response(hand_evaluate(game=game, tapped=tapped).to_dict())
