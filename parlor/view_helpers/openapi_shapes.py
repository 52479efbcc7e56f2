"""Building blocks of the OpenAPI components written by hand (the hand entry's schema)."""

from __future__ import annotations

from typing import Any


def ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def seat(description: str) -> dict[str, Any]:
    # OpenAPI 3.0 ignores the siblings of a $ref: a description goes beside an allOf.
    return (
        {"allOf": [ref("SeatNumber")], "description": description}
        if description
        else ref("SeatNumber")
    )


def seats(description: str) -> dict[str, Any]:
    return {
        "type": "array",
        "items": ref("SeatNumber"),
        "uniqueItems": True,
        "maxItems": 4,
        "description": description,
    }


def kind_of(
    name: str, description: str, properties: dict[str, Any], *required: str
) -> dict[str, Any]:
    """A component told apart by its `kind` (the discriminator)."""
    return {
        "type": "object",
        "description": description,
        "properties": {"kind": {"type": "string", "enum": [name]}, **properties},
        "required": ["kind", *required],
        "additionalProperties": False,
    }


def one_of(kinds: dict[str, str], description: str) -> dict[str, Any]:
    return {
        "description": description,
        "oneOf": [ref(name) for name in kinds.values()],
        "discriminator": {
            "propertyName": "kind",
            "mapping": {kind: ref(name)["$ref"] for kind, name in kinds.items()},
        },
    }
