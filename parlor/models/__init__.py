"""Parlor domain models. Points are integers; public URLs use each row's UUID `public_id`."""

from parlor.models.games import Game, GameResult, GameSeat, GameStatus
from parlor.models.hands import Hand, HandOutcome, HandState
from parlor.models.idempotency import IdempotencyRecord
from parlor.models.parlors import MemberRole, Parlor, ParlorMember, Player, PlayerKind
from parlor.models.rulesets import RulesetDefinition
from parlor.models.tables import SeatDraw, SeatDrawMethod, SeatDrawPosition, Table

__all__ = [
    "Game",
    "GameResult",
    "GameSeat",
    "GameStatus",
    "Hand",
    "HandOutcome",
    "HandState",
    "IdempotencyRecord",
    "MemberRole",
    "Parlor",
    "ParlorMember",
    "Player",
    "PlayerKind",
    "RulesetDefinition",
    "SeatDraw",
    "SeatDrawMethod",
    "SeatDrawPosition",
    "Table",
]
