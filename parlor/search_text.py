"""Text as the counter's player search compares it (no Django: the selectors and tests share it).

Staff type a name as it comes: 「アオキ」 on one tablet, half-width 「ｱｵｷ」 from a card reader,
「あおき」 on another. All three must find the player whose よみがな is 「あおき」, so both the
query and what it is compared with are folded the same way at search time; nothing stored
changes (the kana stays as staff typed it).
"""

from __future__ import annotations

import unicodedata

# Katakana ァ (U+30A1) to ヶ (U+30F6) and the iteration marks ヽヾ sit exactly 0x60 above
# their hiragana; ヷ-ヺ and ー have no hiragana of their own and are kept.
_KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in (*range(0x30A1, 0x30F7), 0x30FD, 0x30FE)}


def search_fold(text: str) -> str:
    """The form a name, kana or member number is compared in: NFKC (half-width katakana and
    full-width letters and digits become the usual ones), katakana as hiragana, case folded,
    without spaces.

    >>> [search_fold(text) for text in ("アオキ", "ｱｵｷ", "あおき", "ｶﾞｰﾄﾞ", "Aoki Taro", "１２３")]
    ['あおき', 'あおき', 'あおき', 'がーど', 'aokitaro', '123']
    """
    folded = unicodedata.normalize("NFKC", text).translate(_KATAKANA_TO_HIRAGANA).casefold()
    return "".join(folded.split())


def search_matches(query: str, *texts: str) -> bool:
    """Whether the folded query is part of any of `texts` (an empty query matches everything).

    >>> search_matches("ｱｵｷ", "青木", "あおき"), search_matches("7", "青木", "", "0007")
    (True, True)
    """
    wanted = search_fold(query)
    return not wanted or any(wanted in search_fold(text) for text in texts)
