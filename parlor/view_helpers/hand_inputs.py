"""The inputs of the hand's and the game's writes, which the API's views name and the tablet's
pages validate with: one validation for both doors."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_serializer
from rest_framework import serializers

from parlor.security.limits import HAND_SEQUENCE_MAX
from parlor.view_helpers.hand_schema import HandEntryField
from parlor.view_helpers.inputs import (
    ReasonField,
    manager_password_field,
    manager_username_field,
)

ENTRY_HELP = "The hand in tenbo-game/1: its result (one kind of five), riichi, penalties, wareme."


@extend_schema_serializer(component_name="HandPreviewInput")
class HandPreviewInput(serializers.Serializer[Any]):
    hand = HandEntryField(help_text=ENTRY_HELP)


@extend_schema_serializer(component_name="HandRecordInput")
class HandRecordInput(serializers.Serializer[Any]):
    sequence = serializers.IntegerField(
        min_value=1,
        max_value=HAND_SEQUENCE_MAX,
        help_text=("The number of the hand being entered (1 = first); a stale tablet gets 409."),
    )
    hand = HandEntryField(help_text=ENTRY_HELP)


@extend_schema_serializer(component_name="HandCorrectInput")
class HandCorrectInput(serializers.Serializer[Any]):
    hand = HandEntryField(help_text=ENTRY_HELP)
    reason = ReasonField()
    version = serializers.IntegerField(
        min_value=1,
        required=False,
        help_text=(
            "The version of the hand this correction was made from; a newer version gets "
            "409. Optional for older clients, but send it."
        ),
    )


@extend_schema_serializer(component_name="HandVoidInput")
class HandVoidInput(serializers.Serializer[Any]):
    reason = ReasonField(required=False, default="", allow_blank=True)


@extend_schema_serializer(component_name="GameCancelInput")
class GameVoidInput(serializers.Serializer[Any]):
    reason = ReasonField(help_text="Why the game is voided.")
    manager_username = manager_username_field(
        "A manager confirming the void of a game that has hands, unless the caller is a manager "
        "(a finished game: managers only)."
    )
    manager_password = manager_password_field()
