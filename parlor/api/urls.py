from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from parlor.api import calculator, docs, games, hands, people, tables
from parlor.api.sign_in import TokenLoginView

urlpatterns = [
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file: no inline script (CSP).
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api:schema"), name="docs"),
    path("docs/game-record.md", docs.game_record_doc, name="game-record-doc"),
    path("auth/token/", TokenLoginView.as_view(), name="token"),  # throttled, lockout
    path("me/", people.MeView.as_view(), name="me"),
    path("rulesets/", people.RulesetListView.as_view(), name="rulesets"),
    path("players/", people.PlayerListView.as_view(), name="players"),
    path("players/<str:player_id>/games/", people.PlayerGamesView.as_view(), name="player-games"),
    path("tables/", tables.TableListView.as_view(), name="tables"),
    path("tables/<str:table_id>/", tables.TableDetailView.as_view(), name="table"),
    path("tables/<str:table_id>/games/", tables.GameStartView.as_view(), name="game-start"),
    path(
        "tables/<str:table_id>/games/import/", tables.GameImportView.as_view(), name="game-import"
    ),
    path("games/<str:game_id>/", games.GameDetailView.as_view(), name="game"),
    path("games/<str:game_id>/export/", games.GameExportView.as_view(), name="game-export"),
    path("games/<str:game_id>/finish/", games.GameFinishView.as_view(), name="game-finish"),
    path("games/<str:game_id>/cancel/", games.GameVoidView.as_view(), name="game-cancel"),
    path("games/<str:game_id>/hands/", hands.HandRecordView.as_view(), name="hand-record"),
    path(
        "games/<str:game_id>/hands/preview/", hands.HandPreviewView.as_view(), name="hand-preview"
    ),
    path(
        "games/<str:game_id>/hands/evaluate/",
        calculator.HandEvaluateView.as_view(),
        name="hand-evaluate",
    ),
    path(
        "games/<str:game_id>/hands/<int:sequence>/corrections/",
        hands.HandCorrectView.as_view(),
        name="hand-correct",
    ),
    path(
        "games/<str:game_id>/hands/<int:sequence>/corrections/preview/",
        hands.CorrectionPreviewView.as_view(),
        name="hand-correction-preview",
    ),
    path(
        "games/<str:game_id>/hands/<int:sequence>/void/",
        hands.HandVoidView.as_view(),
        name="hand-void",
    ),
    path("", include("parlor.api.visits")),  # visits, settlements, money (issue 6)
    path("", include("parlor.api.audit")),  # the audit log (issue 8)
    path("", include("parlor.api.day_close")),  # closing the day (締め, issue 24)
    path("", include("parlor.api.waiting")),  # the waiting list (待ち席, issue 25)
    path("", include("parlor.api.events")),  # tournaments (大会, issue 28)
    path("", include("parlor.api.leagues")),  # leagues (リーグ戦, issue 28)
    path("", include("parlor.api.rankings")),  # rankings over any period, seasons (issue 28)
    path("reports/", include("parlor.api.report_urls")),  # daily reports (issue 7)
]
