"""The floor of recording a hand: the statements it cannot do without, and nothing else.

Behind the same stack as the bare endpoint (middleware, token authentication, DRF's parser
and renderer), POST /bench/floor/<game>/ with a hand's body writes what a recorded hand
writes (the hand, its outcome, the game's live state, the audit event and the key's record)
and reads what it must read first (the game with the user's role at its parlor, the key's
record, the game's hands), in the fewest round trips PostgreSQL allows:

- `transactional` (the product's design): BEGIN; the game with the role, locked; the key and
  the hands; one statement of the five writes; COMMIT. Six round trips with the token.
- `optimistic`: no transaction of its own. One statement reads the game, the role, the key
  and the hands; one statement writes the five rows only if the game still has the hand
  count it read (a compare-and-set on the game row), else nothing. Three with the token.

- `orm`: the transactional floor written in plain Django, as the product writes it: the
  product's own look-up of the game (`game_for`, locked), then `Hand.objects.create`, the
  outcome's `save()`, the game's `save(update_fields=...)` and the audit event's `save()`, in
  one `transaction.atomic`. No key's record, as the product's short answer keeps none. Its
  throughput against the transactional floor is what the ORM costs by itself: the most a
  plain-Django implementation of the request can reach against that floor.

None replays the game, builds model instances or answers more than the hand's id: the
work of the engine and of the answer is left out on purpose. bench/api_load.py measures them
beside the bare insert, so the ratio floor / bare bounds what any implementation of the
record-hand request with these guarantees can reach on this stack.
"""

from __future__ import annotations

import json
import uuid
from typing import Any

from django.db import connection, transaction
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from parlor.models import AuditAction, AuditEvent, Hand, HandOutcome
from parlor.selectors.access import game_for

OUTCOME = {
    "scores_before": [25000, 25000, 25000, 25000],
    "transfers": [],
    "deltas": [0, 0, 0, 0],
    "scores_after": [25000, 25000, 25000, 25000],
}

READ_GAME = """
SELECT g.id, g.hand_count, t.parlor_id, t.id,
  (SELECT m.role FROM parlor_parlormember m WHERE m.user_id = %s AND m.parlor_id = t.parlor_id)
FROM parlor_game g JOIN parlor_table t ON t.id = g.table_id
WHERE g.public_id = %s
"""

READ_KEY_AND_HANDS = """
SELECT
  (SELECT r.response_body FROM parlor_idempotencyrecord r WHERE r.table_id = %s AND r.key = %s),
  (SELECT json_agg(json_build_array(h.sequence, h.version, h.state, h.entry)
                   ORDER BY h.sequence, h.version)
   FROM parlor_hand h WHERE h.game_id = %s)
"""

WRITE = """
WITH g AS (
  UPDATE parlor_game SET hand_count = %(count)s, scores = %(scores)s
  WHERE id = %(game)s {condition} RETURNING id
), h AS (
  INSERT INTO parlor_hand (public_id, game_id, sequence, version, state, entry, entered_by_id,
                           entered_at, idempotency_key, reason, void_reason)
  SELECT %(hand_uuid)s, g.id, %(count)s, 1, 'current', %(entry)s, %(user)s, now(), %(key)s, '', ''
  FROM g RETURNING id
), o AS (
  INSERT INTO parlor_handoutcome (hand_id, round_wind, round_number, honba, dealer,
    sticks_before, scores_before, transfers, deltas, scores_after, sticks_after, notes,
    computed_at)
  SELECT h.id, 'E', 1, 0, 0, 0, %(scores)s, %(transfers)s, %(deltas)s, %(scores)s, 0, '[]',
         now()
  FROM h
), a AS (
  INSERT INTO parlor_auditevent (public_id, parlor_id, at, actor_id, actor_name, action,
    subject_type, subject_id, game_id, summary, after, reason)
  SELECT %(audit_uuid)s, %(parlor)s, now(), %(user)s, 'bench', 'create', 'hand',
         %(hand_uuid)s, g.id, 'floor', %(entry)s, ''
  FROM g
), r AS (
  INSERT INTO parlor_idempotencyrecord (table_id, key, fingerprint, status_code,
    response_body, user_id, created_at)
  SELECT %(table)s, %(key)s, 'floor', 201, %(answer)s, %(user)s, now() FROM g
)
SELECT id FROM h
"""


class _Floor(APIView):
    optimistic = False

    def post(self, request: Request, game_id: str) -> Response:
        key = request.headers.get("Idempotency-Key") or str(uuid.uuid4())
        body = request.data
        if self.optimistic:
            return self._record(request, game_id, key, body, lock="")
        with transaction.atomic():
            return self._record(request, game_id, key, body, lock=" FOR UPDATE OF g")

    def _record(
        self, request: Request, game_id: str, key: str, body: Any, *, lock: str
    ) -> Response:
        with connection.cursor() as cursor:
            cursor.execute(READ_GAME + lock, [request.user.pk, game_id])
            game, count, parlor, table, role = cursor.fetchone()
            if role is None:
                return Response({"error": "not staff here"}, status=404)
            cursor.execute(READ_KEY_AND_HANDS, [table, key, game])
            stored, _hands = cursor.fetchone()
            if stored is not None:
                return Response(json.loads(stored), status=201)
            hand_uuid = uuid.uuid4()
            condition = "AND hand_count = %(seen)s" if self.optimistic else ""
            cursor.execute(
                WRITE.format(condition=condition),
                {
                    "count": count + 1,
                    "seen": count,
                    "game": game,
                    "hand_uuid": hand_uuid,
                    "audit_uuid": uuid.uuid4(),
                    "entry": json.dumps(body.get("hand", {})),
                    "user": request.user.pk,
                    "key": key,
                    "parlor": parlor,
                    "table": table,
                    "scores": json.dumps(OUTCOME["scores_after"]),
                    "transfers": json.dumps(OUTCOME["transfers"]),
                    "deltas": json.dumps(OUTCOME["deltas"]),
                    "answer": json.dumps({"id": str(hand_uuid)}),
                },
            )
            written = cursor.fetchone()
        if written is None:  # optimistic: another request recorded a hand first
            return Response({"error": "stale"}, status=409)
        return Response({"id": str(hand_uuid)}, status=201)


class FloorOrmView(APIView):
    """The transactional floor's writes through the plain ORM (see the module's docstring)."""

    def post(self, request: Request, game_id: str) -> Response:
        key = request.headers.get("Idempotency-Key") or str(uuid.uuid4())
        entry = request.data.get("hand", {})
        with transaction.atomic():
            game, access = game_for(request.user, game_id, lock=True)
            hand = Hand.objects.create(
                game=game,
                sequence=game.hand_count + 1,
                version=1,
                entry=entry,
                entered_by=request.user,
                idempotency_key=key,
            )
            HandOutcome(
                hand=hand,
                round_wind="E",
                round_number=1,
                honba=0,
                dealer=0,
                sticks_before=0,
                scores_before=OUTCOME["scores_before"],
                transfers=OUTCOME["transfers"],
                deltas=OUTCOME["deltas"],
                scores_after=OUTCOME["scores_after"],
                sticks_after=0,
                notes=[],
            ).save(force_insert=True)
            game.hand_count += 1
            game.scores = OUTCOME["scores_after"]
            game.save(update_fields=["hand_count", "scores"])
            AuditEvent(
                parlor=access.parlor,
                actor=request.user,
                actor_name=request.user.get_username(),
                action=AuditAction.CREATE,
                subject_type="hand",
                subject_id=str(hand.public_id),
                game=game,
                summary="floor",
                after=entry,
            ).save()
        return Response({"id": str(hand.public_id)}, status=201)


class FloorTransactionalView(_Floor):
    optimistic = False


class FloorOptimisticView(_Floor):
    optimistic = True
