"""A manager confirming an amount beyond the parlor's bound through the API: a check-out, a
pay-out, an adjustment or its settling answers 409 large_amount_needs_manager naming the line,
and goes through sent again with a manager's username and password (or by a manager)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.request import Request

from parlor.services.manager_check import LARGE_AMOUNT, manager_confirmer_if_given
from parlor.view_helpers.inputs import manager_password_field, manager_username_field


class ManagerConfirmInput(serializers.Serializer[Any]):
    """A manager confirming an amount beyond the parlor's bound (409
    large_amount_needs_manager), unless the caller is a manager."""

    manager_username = manager_username_field(
        "A manager confirming a line beyond the parlor's bound, unless the caller is a manager."
    )
    manager_password = manager_password_field()


def manager_of(request: Request, parlor_id: int) -> Any:
    """The manager confirming a large amount in the request's body, if one is given."""
    data = ManagerConfirmInput(data=request.data)
    data.is_valid(raise_exception=True)
    return manager_confirmer_if_given(
        parlor_id=parlor_id,
        username=data.validated_data["manager_username"],
        password=data.validated_data["manager_password"],
        needed_for=LARGE_AMOUNT,
        request=request,
    )
