"""Every code the engine speaks has words on the tablet, in Japanese and in English, and the
tablet names no code the engine lacks."""

from __future__ import annotations

from collections.abc import Mapping

import pytest
from django.utils import translation

from parlor.view_helpers import labels
from scoring import (
    WINDS,
    YAKUMAN_NAMES,
    AbortiveReason,
    EndReason,
    LimitName,
    Note,
    NoteCode,
    PenaltyKind,
    Reason,
)

TABLES = [
    pytest.param(labels.ROUND_WINDS, set(WINDS), id="round-winds"),
    pytest.param(labels.SEAT_WINDS, set(WINDS), id="seat-winds"),
    pytest.param(labels.REASONS, set(Reason), id="transfer-reasons"),
    pytest.param(labels.END_REASONS, set(EndReason), id="end-reasons"),
    pytest.param(labels.ABORTIVE_REASONS, set(AbortiveReason), id="abortive-draws"),
    pytest.param(labels.PENALTIES, set(PenaltyKind), id="penalties"),
    pytest.param(labels.NOTES, set(NoteCode), id="engine-notes"),
    pytest.param(labels.LIMITS, set(LimitName), id="limits"),
    pytest.param(labels.YAKUMAN, set(YAKUMAN_NAMES), id="yakuman"),
]


@pytest.mark.parametrize(("table", "codes"), TABLES)
def test_a_label_names_exactly_the_codes_of_the_engine(table: Mapping[str, object],
                                                       codes: set[str]) -> None:
    assert set(table) == codes


@pytest.mark.parametrize(("table", "codes"), TABLES)
def test_every_label_reads_in_english_and_is_translated_to_japanese(
        table: Mapping[str, object], codes: set[str]) -> None:
    with translation.override("en"):
        english = {code: str(label) for code, label in table.items()}
    with translation.override("ja"):
        japanese = {code: str(label) for code, label in table.items()}
    assert [code for code, text in english.items() if not text.strip()] == []
    assert [code for code, text in japanese.items() if text == english[code]] == []


def test_the_tablet_offers_only_yakuman_the_engine_knows() -> None:
    assert set(labels.YAKUMAN_CHOICES) < YAKUMAN_NAMES
    assert "nagashi" not in labels.YAKUMAN_CHOICES


def test_a_stored_code_reads_through_the_engines_enum() -> None:
    with translation.override("en"):
        assert labels.reason_label(Reason("tobi_payment")) == "Bust payment"
        assert labels.end_label(EndReason("finished")) == "Closed by staff"
    with pytest.raises(ValueError, match="wareme"):
        Reason("wareme")


def test_an_engine_note_names_the_player_of_its_seat() -> None:
    names = ["Aoki", "Baba", "Chiba", "Doi"]
    with translation.override("en"):
        bumped = labels.note_label(Note(NoteCode.HEAD_BUMP, seat=2), names)
        triple = labels.note_label(Note(NoteCode.TRIPLE_RON), names)
    with translation.override("ja"):
        check = labels.note_label(Note(NoteCode.MIN_HAN_UNCHECKED, seat=1, honba=5, han=2), names)
    assert bumped == "Head bump: the ron of Chiba does not count"
    assert check == (
        "翻数を確認してください: 5本場のBabaの和了はドラ以外で2翻必要です(ドラの数が未入力)"
    )
    assert triple == "Triple ron: the hand is an abortive draw"
