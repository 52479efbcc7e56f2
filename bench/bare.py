"""The benchmark's baseline: a POST behind the same stack that does one INSERT and no more.

Same middleware, the same token authentication and permission, the same JSON parser and
renderer as the product's API; the view writes the request body as one row into a table that
bench/api_load.py creates with raw SQL (so the product needs no migration for it).
"""

from __future__ import annotations

import json

from django.db import connection
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

BARE_TABLE = "bench_bare_row"
CREATE_BARE_TABLE = (
    f"CREATE TABLE IF NOT EXISTS {BARE_TABLE} ("
    "id bigserial PRIMARY KEY, user_id bigint NOT NULL, payload jsonb NOT NULL, "
    "created_at timestamptz NOT NULL DEFAULT now())"
)


class BareInsertView(APIView):
    def post(self, request: Request) -> Response:
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {BARE_TABLE} (user_id, payload) VALUES (%s, %s) RETURNING id",
                [request.user.pk, json.dumps(request.data)],
            )
            (row_id,) = cursor.fetchone()
        return Response({"id": row_id}, status=201)
