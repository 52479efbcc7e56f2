"""The manager's setup pages under /manage/: tables (卓) and staff accounts (スタッフ)."""

from django.urls import path

from parlor.web.manage_members import member_page, members_page
from parlor.web.manage_players import player_page, players_page
from parlor.web.manage_tables import table_page, tables_page

urlpatterns = [
    path("tables/", tables_page, name="tables"),
    path("tables/<str:table_id>/", table_page, name="table"),
    path("members/", members_page, name="members"),
    path("members/<int:member_id>/", member_page, name="member"),
    path("players/", players_page, name="players"),
    path("players/<str:player_id>/", player_page, name="player"),
]
