"""The counter's search folds what staff type and what is stored alike (parlor.search_text)."""

from __future__ import annotations

import doctest

import pytest

from parlor import search_text
from parlor.search_text import search_fold, search_matches


@pytest.mark.parametrize(
    ("typed", "folded"),
    [
        pytest.param("あおき", "あおき", id="hiragana-stays"),
        pytest.param("アオキ", "あおき", id="katakana-becomes-hiragana"),
        pytest.param("ｱｵｷ", "あおき", id="half-width-katakana-becomes-hiragana"),
        pytest.param("ｶﾞｸ", "がく", id="half-width-voiced-mark-joins-its-kana"),
        pytest.param("ﾊﾟｰﾙ", "ぱーる", id="half-width-semi-voiced-and-long-vowel"),
        pytest.param("ヴァン", "ゔぁん", id="small-and-vu-kana"),
        pytest.param("ヶ", "ゖ", id="last-katakana-with-a-hiragana"),
        pytest.param("ヷ", "ヷ", id="katakana-without-hiragana-stays"),
        pytest.param("青木 太郎", "青木太郎", id="spaces-go"),
        pytest.param("青木\u3000太郎", "青木太郎", id="ideographic-space-goes"),
        pytest.param("Aoki", "aoki", id="latin-case-folded"),
        pytest.param("ＡＯＫＩ", "aoki", id="full-width-latin-becomes-ascii"),
        pytest.param("０１２３", "0123", id="full-width-digits-become-ascii"),
        pytest.param("", "", id="empty"),
    ],
)
def test_it_folds_text_for_search(typed, folded):
    assert search_fold(typed) == folded


@pytest.mark.parametrize(
    ("query", "texts", "found"),
    [
        pytest.param("アオキ", ("青木", "あおき", ""), True, id="katakana-finds-hiragana-kana"),
        pytest.param("ｱｵｷ", ("青木", "あおき", ""), True, id="half-width-finds-hiragana-kana"),
        pytest.param("あお", ("青木", "アオキ", ""), True, id="prefix-finds-katakana-kana"),
        pytest.param("青木", ("青木 太郎", "", ""), True, id="name-across-a-space"),
        pytest.param("０７", ("馬場", "ばば", "0007"), True, id="full-width-member-number"),
        pytest.param("いとう", ("青木", "あおき", "0001"), False, id="another-name-is-not-found"),
        pytest.param("", ("青木", "", ""), True, id="empty-query-finds-everyone"),
        pytest.param("  ", ("青木", "", ""), True, id="blank-query-finds-everyone"),
    ],
)
def test_it_matches_a_query_against_name_kana_and_number(query, texts, found):
    assert search_matches(query, *texts) is found


def test_the_modules_examples_hold():
    failed, tried = doctest.testmod(search_text, verbose=False)
    assert tried > 0 and failed == 0
