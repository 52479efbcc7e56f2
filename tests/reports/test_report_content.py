"""What the daily report says: the business day's games, money and corrections."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
import time_machine
from django.utils import translation

from parlor.models import GameStatus, Hand
from parlor.reports.data import DailyReportData, Points
from parlor.reports.report import daily_report_data
from parlor.services.hand_corrections import hand_correct
from parlor.services.players import player_update
from tests.reports.day import CORRECTION_REASON, DAY, GAMES_OF_THE_DAY, DayOfGames, at
from tests.reports.ledger import expected_for, points_of_each_game

pytestmark = pytest.mark.django_db


def report(d: DayOfGames, day: date = DAY) -> DailyReportData:
    with translation.override("en"):
        return daily_report_data(parlor=d.parlor, day=day, now=at(5, 3, 12))


def summary(data: DailyReportData) -> dict[str, object]:
    return {str(row[0]): row[1] for row in data.section("summary").rows}


def game_end_times(data: DailyReportData) -> list[str]:
    return [f"{row[0]:%m-%d %H:%M}" for row in data.section("fees").rows]


def test_a_game_that_ends_at_two_belongs_to_the_day_before_with_a_six_oclock_cutoff(
    day_of_games: DayOfGames,
) -> None:
    assert game_end_times(report(day_of_games)) == ["05-01 21:00", "05-02 00:30", "05-02 02:00"]
    assert game_end_times(report(day_of_games, DAY + timedelta(days=1))) == ["05-02 06:40"]
    assert game_end_times(report(day_of_games, DAY - timedelta(days=1))) == ["05-01 05:00"]


def test_the_business_day_is_counted_in_the_parlors_time_zone(day_of_games: DayOfGames) -> None:
    parlor = day_of_games.parlor
    parlor.time_zone, parlor.business_day_cutoff_hour = "UTC", 0
    parlor.save(update_fields=["time_zone", "business_day_cutoff_hour"])
    data = report(day_of_games)
    # The same instants, in UTC from midnight: 12:00, 15:30, 17:00 and 21:40 on May 1st.
    assert game_end_times(data) == ["05-01 12:00", "05-01 15:30", "05-01 17:00", "05-01 21:40"]
    assert summary(data)["From"].isoformat() == "2026-05-01T00:00:00+00:00"  # type: ignore[attr-defined]


def test_games_are_counted_per_table_and_per_ruleset(day_of_games: DayOfGames) -> None:
    data = report(day_of_games)
    tables = {row[0]: row[1:3] for row in data.section("tables").rows}
    assert tables == {"1": (2, 0), "2": (1, 1)}  # (games, voided)
    rulesets = {row[0]: row[2] for row in data.section("rulesets").rows}
    assert rulesets == {"standard-chips": 2, "tenhou-4p-tonpuu": 1}


def test_the_totals_reconcile_with_the_ledger_in_the_database(day_of_games: DayOfGames) -> None:
    data = report(day_of_games)
    expected = expected_for(day_of_games.parlor, DAY)
    assert [g.pk for g in expected.games] == [day_of_games.games[k].pk for k in GAMES_OF_THE_DAY]
    assert set(points_of_each_game(expected.games).values()) == {0}  # zero-sum, every game
    figures = summary(data)
    assert figures["Fee revenue (yen)"] == expected.fees_yen == 5000
    assert figures["Top prizes (yen)"] == expected.top_prizes_yen == 600
    assert figures["Game fees (yen)"] == expected.fees_yen - expected.top_prizes_yen
    assert figures["Chip money moved (yen)"] == expected.chips_yen
    assert figures["Settlements paid in (yen)"] == expected.paid_in_yen
    assert figures["Settlements paid out (yen)"] == expected.paid_out_yen
    assert figures["Staff play net (yen)"] == expected.staff_play_yen != 0
    chips = {row[0]: row[3] for row in data.section("chips").rows}
    assert chips == expected.chips_by_player
    assert data.section("chips").total[3] == 0  # type: ignore[index]
    games = data.section("games")
    assert games.total[5] == Points(0)  # type: ignore[index]
    assert games.total[9] == expected.fees_yen  # type: ignore[index]


def test_each_players_results_of_the_day_leave_out_the_staff_seat(
    day_of_games: DayOfGames,
) -> None:
    rows = {row[0]: row for row in report(day_of_games).section("players").rows}
    assert day_of_games.staff_player.name not in rows
    sato = rows["佐藤"]
    assert sato[2:7] == (3, 3, 0, 0, 0)  # three games, three tops
    assert sato[12] == 3 * 600  # fee and top prize, each game
    assert sato[8] == Points(0, is_count=True)  # no point-count game: its own column is empty


def test_every_correction_of_the_day_is_listed_with_who_when_and_why(
    day_of_games: DayOfGames,
) -> None:
    rows = report(day_of_games).section("corrections").rows
    by_kind = {row[1]: row for row in rows}
    corrected = by_kind["Hand corrected"]
    assert f"{corrected[0]:%Y-%m-%d %H:%M}" == "2026-05-01 21:30"
    assert corrected[2] == "1" and corrected[4] == "1 (East 1, 0 honba), 1st correction"
    assert corrected[6:8] == ("suzuki", CORRECTION_REASON)
    assert "Game cancelled" not in by_kind  # voided games have their own section


def test_a_correction_made_the_next_day_is_listed_on_the_day_of_its_game(
    day_of_games: DayOfGames,
) -> None:
    game = day_of_games.games["g3"]
    hand = Hand.objects.get(game=game, sequence=1, state="current")
    entry = {**hand.entry, "result": {**hand.entry["result"]}}
    with time_machine.travel(at(5, 3, 15), tick=False):
        hand_correct(
            game=game, sequence=1, entry=entry, reason="牌譜で確認", by=day_of_games.manager
        )
    game.refresh_from_db()
    assert game.status == GameStatus.FINISHED
    rows = report(day_of_games).section("corrections").rows
    assert [row[7] for row in rows if f"{row[0]:%m-%d}" == "05-03"] == ["牌譜で確認"]


def test_a_change_in_the_audit_log_reads_in_the_reports_language(day_of_games):
    """訂正履歴 says a player's change in words of the report's language, not the English the
    event was stored with."""
    player = day_of_games.members[0]
    with time_machine.travel(at(5, 1, 20), tick=False):  # in the business day of DAY
        player_update(
            player=player,
            name=player.name,
            kana="べつのよみ",
            member_number=player.member_number,
            kind=player.kind,
            by=day_of_games.manager,
        )
    with translation.override("ja"):
        japanese = daily_report_data(parlor=day_of_games.parlor, day=DAY, now=at(5, 3, 17))
    texts = [row[4] for row in japanese.section("corrections").rows]
    assert f"プレイヤー {player} を変更" in texts  # named as the player reads: 山田 #0001
    assert not any("changed" in str(text) for text in texts)
    english = [row[4] for row in report(day_of_games).section("corrections").rows]
    assert f"Player {player} changed" in english
