"""The organiser's pages, under /manage/ (namespace "manage"); see `tournament/organiser/`."""

from django.urls import path

from .organiser import dashboard, people, players, results, rounds, tournaments

app_name = "manage"

urlpatterns = [
    path("", tournaments.index, name="index"),
    path("new/", tournaments.new_tournament, name="new"),
    path("import/", tournaments.import_tournament, name="import"),
    path("<slug:slug>/", dashboard.dashboard, name="dashboard"),
    path("<slug:slug>/export.json", tournaments.export, name="export"),
    path("<slug:slug>/print/<str:what>.pdf", tournaments.print_sheet, name="print"),
    path("<slug:slug>/print/<str:what>/round-<int:number>.pdf", tournaments.print_sheet, name="print_round"),
    path("<slug:slug>/players/add/", players.add_player, name="add_player"),
    path("<slug:slug>/players/import/", players.import_players, name="import_players"),
    path("<slug:slug>/players/<int:number>/withdraw/", players.withdraw_player, name="withdraw"),
    path("<slug:slug>/players/<int:number>/reinstate/", players.reinstate_player, name="reinstate"),
    path("<slug:slug>/pair/", rounds.pair_next_round, name="pair"),
    path("<slug:slug>/round/<int:number>/", rounds.round_page, name="round"),
    path("<slug:slug>/round/<int:number>/swap/", rounds.swap, name="swap"),
    path("<slug:slug>/round/<int:number>/publish/", rounds.publish, name="publish"),
    path("<slug:slug>/round/<int:number>/delete/", rounds.delete_draft, name="delete_draft"),
    path("<slug:slug>/round/<int:number>/close/", rounds.close, name="close"),
    path("<slug:slug>/match/<int:pk>/", results.match_result, name="match"),
    path("<slug:slug>/settings/", tournaments.edit_settings, name="settings"),
    path("<slug:slug>/people/", people.roles, name="people"),
    path("<slug:slug>/links/", people.links, name="links"),
    path("<slug:slug>/audit/", tournaments.audit_log, name="audit"),
]
