"""Pages of parlor/public, included once from parlor/urls.py under the namespace "public"."""

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy

from parlor.public import events, guest, leagues, live, player, views

urlpatterns = [
    path("standings/<slug:slug>/", views.standings_page, name="standings"),
    path("standings/<slug:slug>/tv/", views.standings_tv, name="standings-tv"),
    path(
        "standings/<slug:slug>/standings.csv",
        views.standings_export,
        {"fmt": "csv"},
        name="standings-csv",
    ),
    path(
        "standings/<slug:slug>/standings.xlsx",
        views.standings_export,
        {"fmt": "xlsx"},
        name="standings-xlsx",
    ),
    path("events/<str:event_id>/", events.event_page, name="event"),
    path("events/<str:event_id>/results.csv", events.event_csv_download, name="event-csv"),
    path("events/<str:event_id>/ema.csv", events.event_ema_download, name="event-ema"),
    path("leagues/<str:league_id>/", leagues.league_page, name="league"),
    path("me/", player.player_page, name="player"),
    path(
        "me/login/",
        auth_views.LoginView.as_view(
            template_name="public/login.html", next_page=reverse_lazy("public:player")
        ),
        name="login",
    ),
    path("live/<str:token>/", live.live_page, name="live"),
    path("live/<str:token>/state/", live.live_state, name="live-state"),
    path("guest/<str:token>/", guest.guest_page, name="guest"),
    path("guest/<str:token>/state/", guest.guest_state, name="guest-state"),
    path("receipts/<str:visit_id>/", views.receipt_page, name="receipt"),
    path("receipts/<str:visit_id>/pdf/", views.receipt_pdf, name="receipt-pdf"),
]
