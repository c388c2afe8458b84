"""The organiser's pages, under /manage/ (namespace "manage"); see `tournament/organiser.py`."""

from django.urls import path

from . import organiser

app_name = "manage"

urlpatterns = [
    path("", organiser.index, name="index"),
    path("new/", organiser.new_tournament, name="new"),
    path("import/", organiser.import_tournament, name="import"),
    path("<slug:slug>/", organiser.dashboard, name="dashboard"),
    path("<slug:slug>/export.json", organiser.export, name="export"),
    path("<slug:slug>/print/<str:what>.pdf", organiser.print_sheet, name="print"),
    path("<slug:slug>/print/<str:what>/round-<int:number>.pdf", organiser.print_sheet, name="print_round"),
    path("<slug:slug>/players/add/", organiser.add_player, name="add_player"),
    path("<slug:slug>/players/import/", organiser.import_players, name="import_players"),
    path("<slug:slug>/players/<int:number>/withdraw/", organiser.withdraw_player, name="withdraw"),
    path("<slug:slug>/players/<int:number>/reinstate/", organiser.reinstate_player, name="reinstate"),
    path("<slug:slug>/pair/", organiser.pair_next_round, name="pair"),
    path("<slug:slug>/round/<int:number>/", organiser.round_page, name="round"),
    path("<slug:slug>/round/<int:number>/swap/", organiser.swap, name="swap"),
    path("<slug:slug>/round/<int:number>/publish/", organiser.publish, name="publish"),
    path("<slug:slug>/round/<int:number>/delete/", organiser.delete_draft, name="delete_draft"),
    path("<slug:slug>/round/<int:number>/close/", organiser.close, name="close"),
    path("<slug:slug>/match/<int:pk>/", organiser.match_result, name="match"),
    path("<slug:slug>/settings/", organiser.edit_settings, name="settings"),
    path("<slug:slug>/people/", organiser.people, name="people"),
    path("<slug:slug>/links/", organiser.links, name="links"),
    path("<slug:slug>/audit/", organiser.audit_log, name="audit"),
]
