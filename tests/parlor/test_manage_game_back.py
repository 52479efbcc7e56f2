"""The parlor's game-back rule (ゲームバック) on the manager's parlor page: set, audited."""

from __future__ import annotations

import pytest
from django.test import Client

from parlor.errors import InvalidInput
from parlor.models import AuditEvent, MemberRole, Parlor
from parlor.services.parlors import parlor_settings_set
from tests.parlor.factories import MemberFactory

pytestmark = pytest.mark.django_db
FORM = {"name": "雀荘 東風", "time_zone": "Asia/Tokyo", "cutoff_hour": "6"}


def test_a_manager_sets_the_game_back_and_it_is_audited(parlor: Parlor) -> None:
    manager = Client()
    manager.force_login(MemberFactory(parlor=parlor, role=MemberRole.MANAGER).user)
    page = manager.get("/manage/parlor/").content.decode()
    assert '<option value="full" selected>' in page and "ゲームバック" in page
    answer = manager.post("/manage/parlor/", {**FORM, "game_back": "half"})
    assert answer.status_code == 302
    parlor.refresh_from_db()
    assert parlor.game_back == "half"
    event = AuditEvent.objects.get(parlor=parlor, subject_type="game_back")
    assert (event.before, event.after) == ({"game_back": "full"}, {"game_back": "half"})
    wrong = manager.post("/manage/parlor/", {**FORM, "game_back": "double"})
    assert wrong.status_code == 400 and 'data-error="game_back"' in wrong.content.decode()
    manager.post("/manage/parlor/", FORM)  # a form without it keeps the rule
    parlor.refresh_from_db()
    assert parlor.game_back == "half"


def test_the_service_refuses_an_unknown_rule(parlor: Parlor) -> None:
    with pytest.raises(InvalidInput) as refused:
        parlor_settings_set(
            parlor=parlor, name="x", time_zone="Asia/Tokyo", cutoff_hour=6, game_back="most"
        )
    assert refused.value.field == "game_back"
