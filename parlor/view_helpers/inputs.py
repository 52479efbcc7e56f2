"""Inputs the API and the tablet validate alike: an API view names one as its input and a
tablet page validates its form with it, so both doors refuse the same input the same way."""

from __future__ import annotations

from typing import Any, ClassVar

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import exceptions, serializers

from parlor.domain.cash_drawer import DENOMINATIONS_YEN, MAX_COUNT, MAX_FLOAT_YEN
from parlor.models import PlayerKind
from parlor.security.limits import HAND_SEQUENCE_MAX, REASON_MAX_LENGTH
from parlor.security.text import has_control_characters


def first_validation_error(detail: Any, path: str = "") -> tuple[str, exceptions.ErrorDetail]:
    """The first (field path, error) of a DRF validation error tree; the error's `code` says
    what was wrong (required, null, max_length, invalid, ...)."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            sub = key if key == "non_field_errors" else (f"{path}.{key}" if path else str(key))
            return first_validation_error(value, "" if key == "non_field_errors" else sub)
    if isinstance(detail, list) and detail:
        if all(isinstance(item, (str, exceptions.ErrorDetail)) for item in detail):
            return path, _as_error(detail[0])
        for index, item in enumerate(detail):
            if item:
                return first_validation_error(item, f"{path}[{index}]")
    return path, _as_error(detail)


def _as_error(item: Any) -> exceptions.ErrorDetail:
    if isinstance(item, exceptions.ErrorDetail):
        return item
    return exceptions.ErrorDetail(str(item), code="invalid")


@extend_schema_serializer(component_name="HandEvaluateInput")
class EvaluateInput(serializers.Serializer[Any]):
    """The hand: the win's seat, tsumo or ron, the tiles and the conditions."""

    winner = serializers.IntegerField(min_value=0, max_value=3, help_text="The winner's seat.")
    tsumo = serializers.BooleanField(help_text="True for a tsumo, false for a ron.")
    correct = serializers.IntegerField(
        min_value=1,
        max_value=HAND_SEQUENCE_MAX,
        required=False,
        allow_null=True,
        help_text="The hand being corrected, whose winds apply; absent for the next hand.",
    )
    sit_out = serializers.IntegerField(
        min_value=0,
        max_value=3,
        required=False,
        allow_null=True,
        help_text="The seat sitting out (抜け番) where four sit at a three-player table.",
    )
    tiles = serializers.DictField(help_text="hand, win_tile, melds, dora_indicators, ...")
    flags = serializers.DictField(required=False, help_text="riichi, ippatsu, haitei, ...")


# A new player: POST /api/players/ and the counter's walk-in form. (No docstring: it would
# become the schema's description of the API's input.)
@extend_schema_serializer(component_name="PlayerCreateInput")
class PlayerInput(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=60)
    kana = serializers.CharField(
        max_length=60, required=False, default="", allow_blank=True, help_text="よみがな"
    )
    kind = serializers.ChoiceField(choices=PlayerKind.values, default=PlayerKind.GUEST)
    member_number = serializers.CharField(max_length=20, required=False, default="")


class ReasonField(serializers.CharField):
    """Why something was done, as staff typed it: a string (not a number, a list or null),
    stripped, at most REASON_MAX_LENGTH characters, without control characters."""

    default_error_messages: ClassVar[dict[str, Any]] = {
        "not_a_string": "Must be text, not {type}.",
        "control_characters": "Must not contain control characters.",
    }

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("max_length", REASON_MAX_LENGTH)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("not_a_string", type=type(data).__name__)
        if has_control_characters(data):
            self.fail("control_characters")
        return super().to_internal_value(data)


def manager_username_field(help_text: str) -> serializers.CharField:
    """The username of a manager confirming a write (optional; `help_text` says which)."""
    return serializers.CharField(
        max_length=150, required=False, default="", allow_blank=True, help_text=help_text
    )


def manager_password_field() -> serializers.CharField:
    """The confirming manager's password, taken as typed (not trimmed)."""
    return serializers.CharField(
        max_length=128, required=False, default="", allow_blank=True, trim_whitespace=False
    )


class ManagerFields(serializers.Serializer[Any]):
    manager_username = manager_username_field(
        "The manager confirming, unless the caller is a manager."
    )
    manager_password = manager_password_field()


@extend_schema_serializer(component_name="DayCloseInput")
class DayCloseInput(ManagerFields):
    day = serializers.DateField(required=False, default=None, help_text="default: today")
    float_yen = serializers.IntegerField(
        min_value=0,
        max_value=MAX_FLOAT_YEN,
        required=False,
        default=None,
        help_text="the opening float (釣り銭準備金), unless entered at the start of the day",
    )
    counts = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=MAX_COUNT),
        help_text="how many of each note and coin: keys "
        + ", ".join(str(yen) for yen in DENOMINATIONS_YEN),
    )
    reason = ReasonField(
        required=False, default="", allow_blank=True, help_text="why, if it is not zero"
    )


@extend_schema_serializer(component_name="DayFloatInput")
class DayFloatInput(serializers.Serializer[Any]):
    float_yen = serializers.IntegerField(min_value=0, max_value=MAX_FLOAT_YEN)


@extend_schema_serializer(component_name="DayReopenInput")
class DayReopenInput(ManagerFields):
    reason = ReasonField(help_text="Why the closed day is reopened.")
