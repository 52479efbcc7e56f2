"""The counter's shifts page (/tablet/counter/shifts/): sign-in with a float, a refusal beside
its row, sign-out, and the yen of a 本走 game followed to the shift receipt and the close."""

from __future__ import annotations

import re

import pytest

from parlor.models import ParlorMember, PlayerKind, Shift
from tests.parlor.factories import MemberFactory, PlayerFactory
from tests.parlor.money_helpers import FOUR_PLAYER_EXAMPLE, example_setup, play, start

pytestmark = pytest.mark.django_db


def _lines(html: str) -> dict[str, list[int]]:
    lines: dict[str, list[int]] = {}
    for kind, yen in re.findall(r'data-line="(\w+)" data-yen="(-?\d+)"', html):
        lines.setdefault(kind, []).append(int(yen))
    return lines


def test_a_shift_from_sign_in_to_its_receipt(parlor, players, personas, staff_user, tablet):
    me = PlayerFactory(
        parlor=parlor, user=staff_user, name="店員 佐藤", kind=PlayerKind.GUEST, member_number=""
    )
    member = ParlorMember.objects.get(user=staff_user)
    page = tablet.get("/tablet/counter/shifts/")
    assert page.status_code == 200 and f'data-member="{member.pk}"' in page.content.decode()

    bad = tablet.post(
        "/tablet/counter/shifts/sign-in/",
        {"member": member.pk, "float_out_yen": "abc", "idempotency_key": "k-bad"},
    )
    assert bad.status_code == 400
    assert 'data-code="invalid_float"' in bad.content.decode()
    assert not Shift.objects.exists()

    signed_in = tablet.post(
        "/tablet/counter/shifts/sign-in/",
        {"member": member.pk, "float_out_yen": "10,000", "idempotency_key": "k-in"},
    )
    assert signed_in.status_code == 302
    shift = Shift.objects.get(staff=staff_user)
    assert shift.float_out_yen == 10_000 and shift.is_open
    assert (
        f'data-shift="{shift.public_id}"' in tablet.get("/tablet/counter/shifts/").content.decode()
    )

    staff, four, _, _ = example_setup(parlor, players, personas)
    game = start(staff, four, [players[0], me, players[2], players[3]])
    refused = tablet.post(
        f"/tablet/counter/shifts/{shift.public_id}/sign-out/",
        {"float_back_yen": "10000", "idempotency_key": "k-out-1"},
    )
    assert refused.status_code == 409
    assert 'data-code="player_in_open_game"' in refused.content.decode()
    play(staff, game, FOUR_PLAYER_EXAMPLE)

    done = tablet.post(
        f"/tablet/counter/shifts/{shift.public_id}/sign-out/",
        {"float_back_yen": "10000", "idempotency_key": "k-out-2"},
    )
    assert done.status_code == 302 and done["Location"].endswith(f"/shifts/{shift.public_id}/")
    receipt = tablet.get(done["Location"]).content.decode()
    # Seat 1 tops: +52.0 p at 点5 and +3 chips at 100 yen; a guest top pays 400 + 200.
    assert _lines(receipt) == {
        "game": [2900],
        "fees": [-600],
        "back": [600],
        "float_out": [-10_000],
        "float_back": [10_000],
    }
    assert 'data-owed-yen="-2900"' in receipt
    close = tablet.get("/tablet/counter/close/").content.decode()
    assert f'data-day-shift="{shift.public_id}"' in close


def test_another_parlors_shift_is_not_found(parlor, other_parlor, staff_user, tablet):
    other = MemberFactory(parlor=other_parlor).user
    shift = Shift.objects.create(
        parlor=other_parlor,
        staff=other,
        business_day="2026-05-01",
        signed_in_at="2026-05-01T03:00:00Z",
        float_out_yen=0,
    )
    assert tablet.get(f"/tablet/counter/shifts/{shift.public_id}/").status_code == 404
    answer = tablet.post(
        f"/tablet/counter/shifts/{shift.public_id}/sign-out/",
        {"float_back_yen": "0", "idempotency_key": "k"},
    )
    assert answer.status_code == 404 and Shift.objects.get(pk=shift.pk).is_open


def test_a_bad_float_names_the_field_the_staff_filled(parlor, staff_user, tablet):
    """釣り銭 渡し at sign-in and 釣り銭 戻し at sign-out, never the day's 釣り銭準備金."""
    member = ParlorMember.objects.get(user=staff_user)
    bad_in = tablet.post(
        "/tablet/counter/shifts/sign-in/",
        {"member": member.pk, "float_out_yen": "-5", "idempotency_key": "k-bad-in"},
    ).content.decode()
    assert "釣り銭 渡しは0円以上の整数で入力してください。" in bad_in
    assert "釣り銭準備金" not in bad_in
    tablet.post(
        "/tablet/counter/shifts/sign-in/",
        {"member": member.pk, "float_out_yen": "5000", "idempotency_key": "k-in"},
    )
    shift = Shift.objects.get(staff=staff_user)
    url = f"/tablet/counter/shifts/{shift.public_id}/sign-out/"
    bad_out = tablet.post(url, {"float_back_yen": "5千", "idempotency_key": "k-bad-out"})
    assert bad_out.status_code == 400
    assert "釣り銭 戻しは0円以上の整数で入力してください。" in bad_out.content.decode()
    assert "釣り銭準備金" not in bad_out.content.decode()
    tablet.cookies["django_language"] = "en"
    english = tablet.post(url, {"float_back_yen": "abc", "idempotency_key": "k-bad-en"})
    assert "The float returned is a whole number of yen from 0." in english.content.decode()
