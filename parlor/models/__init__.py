"""Parlor domain models. Points are integers; public URLs use each row's UUID `public_id`."""

from parlor.models.adjustments import Adjustment, AdjustmentKind
from parlor.models.audit import AuditAction, AuditEvent, AuditLogImmutable
from parlor.models.day_close import DayClose, DayFloat
from parlor.models.games import Game, GameResult, GameSeat, GameStatus
from parlor.models.hands import Hand, HandOutcome, HandState
from parlor.models.idempotency import IdempotencyRecord
from parlor.models.leagues import (
    CarryOverChoice,
    League,
    LeagueEntry,
    LeagueSession,
    LeagueStage,
    LeagueStatus,
)
from parlor.models.money import (
    MAX_RATE_YEN_PER_P,
    MAX_TERM_YEN,
    MONEY_UNITS_YEN,
    FeeModel,
    GameMoney,
    MoneySettings,
    StandingsSettings,
)
from parlor.models.parlors import (
    GameBack,
    MemberRole,
    Parlor,
    ParlorMember,
    Player,
    PlayerKind,
)
from parlor.models.rulesets import RulesetDefinition
from parlor.models.seasons import Season, SeasonStanding
from parlor.models.seat_stats import GameSeatStats
from parlor.models.settlement_lines import LineKind, SettlementLine
from parlor.models.settlements import ReceiptImmutable, Settlement
from parlor.models.shifts import Shift
from parlor.models.tables import SeatDraw, SeatDrawMethod, SeatDrawPosition, Table
from parlor.models.tournaments import (
    Event,
    EventPenalty,
    EventPenaltyWithdrawal,
    EventPlayer,
    EventRound,
    EventStatus,
    RoundSeat,
    RoundStatus,
    RoundTable,
    TimeUpRule,
)
from parlor.models.visits import Visit, VisitGame, VisitReopenRefused, VisitStatus

__all__ = [
    "MAX_RATE_YEN_PER_P",
    "MAX_TERM_YEN",
    "MONEY_UNITS_YEN",
    "Adjustment",
    "AdjustmentKind",
    "AuditAction",
    "AuditEvent",
    "AuditLogImmutable",
    "CarryOverChoice",
    "DayClose",
    "DayFloat",
    "Event",
    "EventPenalty",
    "EventPenaltyWithdrawal",
    "EventPlayer",
    "EventRound",
    "EventStatus",
    "FeeModel",
    "Game",
    "GameBack",
    "GameMoney",
    "GameResult",
    "GameSeat",
    "GameSeatStats",
    "GameStatus",
    "Hand",
    "HandOutcome",
    "HandState",
    "IdempotencyRecord",
    "League",
    "LeagueEntry",
    "LeagueSession",
    "LeagueStage",
    "LeagueStatus",
    "LineKind",
    "MemberRole",
    "MoneySettings",
    "Parlor",
    "ParlorMember",
    "Player",
    "PlayerKind",
    "ReceiptImmutable",
    "RoundSeat",
    "RoundStatus",
    "RoundTable",
    "RulesetDefinition",
    "Season",
    "SeasonStanding",
    "SeatDraw",
    "SeatDrawMethod",
    "SeatDrawPosition",
    "Settlement",
    "SettlementLine",
    "Shift",
    "StandingsSettings",
    "Table",
    "TimeUpRule",
    "Visit",
    "VisitGame",
    "VisitReopenRefused",
    "VisitStatus",
]
