"""The staff tablet, under /tablet/ (namespace "tablet")."""

from django.contrib.auth.views import LogoutView
from django.urls import include, path

from parlor.web import (
    calculator,
    counter,
    day_close,
    floor,
    hands,
    live_qr,
    shifts,
    undo,
    views,
    void,
)

urlpatterns = [
    path("", floor.floor, name="floor"),
    path("floor/board/", floor.board, name="floor-board"),
    path("floor/live/<str:view>/", floor.floor_live, name="floor-live"),
    path("login/", views.TabletLoginView.as_view(), name="login"),
    path("logout/", LogoutView.as_view(next_page="tablet:login"), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: the language cookie
    path("tables/<str:table_id>/", views.table_open, name="table"),
    path("tables/<str:table_id>/start/", views.game_begin, name="start"),
    path("tables/<str:table_id>/check-in/", views.start_check_in, name="start-check-in"),
    path("tables/<str:table_id>/form/", floor.table_form_confirm, name="table-form"),
    path("counter/", counter.counter, name="counter"),
    path("counter/check-in/", counter.check_in, name="counter-check-in"),
    path("counter/close/", day_close.day_close_page, name="day-close"),
    path("counter/close/float/", day_close.day_float, name="day-float"),
    path("counter/close/count/", day_close.day_close, name="day-close-record"),
    path("counter/close/<str:close_id>/reopen/", day_close.day_reopen, name="day-reopen"),
    path("counter/shifts/", shifts.shifts, name="shifts"),
    path("counter/shifts/sign-in/", shifts.sign_in, name="shift-sign-in"),
    path("counter/shifts/<str:shift_id>/", shifts.receipt, name="shift-receipt"),
    path("counter/shifts/<str:shift_id>/sign-out/", shifts.sign_out, name="shift-sign-out"),
    path("counter/walk-in/", counter.walk_in, name="counter-walk-in"),
    path("counter/players/<str:player_id>/pay-out/", counter.pay_out, name="counter-pay-out"),
    path("players/search/", counter.player_search, name="player-search"),
    path("counter/visits/<str:visit_id>/last-game/", counter.last_game, name="counter-last-game"),
    path("counter/visits/<str:visit_id>/wish/", counter.wish, name="counter-wish"),
    path("counter/visits/<str:visit_id>/check-out/", counter.check_out, name="counter-check-out"),
    path("counter/visits/<str:visit_id>/receipt/", counter.receipt, name="counter-receipt"),
    path("games/<str:game_id>/", views.game_screen, name="game"),
    path("games/<str:game_id>/state/", views.game_state, name="state"),
    path("games/<str:game_id>/live-qr/", live_qr.live_qr, name="live-qr"),
    path("games/<str:game_id>/history/", views.game_history, name="history"),
    path("games/<str:game_id>/result/", views.game_result, name="result"),
    path("games/<str:game_id>/finish/", views.game_close, name="finish"),
    path("games/<str:game_id>/undo/", undo.hand_undo, name="undo"),
    path("games/<str:game_id>/void/", void.void_game, name="void"),
    path("games/<str:game_id>/preview/", hands.preview, name="preview"),
    path("games/<str:game_id>/hands/", hands.record, name="record"),
    path("games/<str:game_id>/calculator/", calculator.calculator_panel, name="calculator"),
    path("games/<str:game_id>/evaluate/", calculator.evaluate, name="evaluate"),
    path(
        "games/<str:game_id>/hands/<int:sequence>/correct/",
        hands.correct_page,
        name="correct-page",
    ),
    path(
        "games/<str:game_id>/hands/<int:sequence>/corrections/",
        hands.correct,
        name="correct",
    ),
]
