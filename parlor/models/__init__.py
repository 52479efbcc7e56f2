"""Parlor domain models. Points are integers; public URLs use each row's UUID `public_id`."""

from parlor.models.audit import AuditAction, AuditEvent, AuditLogImmutable
from parlor.models.games import Game, GameResult, GameSeat, GameStatus
from parlor.models.hands import Hand, HandOutcome, HandState
from parlor.models.idempotency import IdempotencyRecord
from parlor.models.money import (
    MAX_RATE_YEN_PER_P,
    MAX_TERM_YEN,
    MONEY_UNITS_YEN,
    FeeModel,
    GameMoney,
    MoneySettings,
    StandingsSettings,
)
from parlor.models.parlors import MemberRole, Parlor, ParlorMember, Player, PlayerKind
from parlor.models.rulesets import RulesetDefinition
from parlor.models.seat_stats import GameSeatStats
from parlor.models.tables import SeatDraw, SeatDrawMethod, SeatDrawPosition, Table
from parlor.models.visits import (
    Adjustment,
    AdjustmentKind,
    LineKind,
    Settlement,
    SettlementLine,
    Visit,
    VisitGame,
    VisitStatus,
)

__all__ = [
    "AuditAction",
    "AuditEvent",
    "AuditLogImmutable",
    "MAX_RATE_YEN_PER_P",
    "MAX_TERM_YEN",
    "MONEY_UNITS_YEN",
    "Adjustment",
    "AdjustmentKind",
    "FeeModel",
    "GameMoney",
    "LineKind",
    "MoneySettings",
    "Settlement",
    "SettlementLine",
    "StandingsSettings",
    "Visit",
    "VisitGame",
    "VisitStatus",
    "Game",
    "GameResult",
    "GameSeatStats",
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
