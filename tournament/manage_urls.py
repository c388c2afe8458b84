"""The organiser's pages, under /manage/ (namespace "manage"); see `tournament/organiser/`."""

from django.urls import include, path

from .organiser import absences, dashboard, drafts, grid, people, players, results, rounds, tournaments

app_name = "manage"

# One tournament's pages, under /manage/<slug>/ as its public pages are under /t/<slug>/:
# the name templates reverse -> (the address after the slug, the view).
ONE_TOURNAMENT = {
    "dashboard": ("", dashboard.dashboard),
    "export": ("export.json", tournaments.export),
    "export_trf": ("export.trf", tournaments.export_trf),
    "print": ("print/<str:what>.pdf", tournaments.print_sheet),
    "print_round": ("print/<str:what>/round-<int:number>.pdf", tournaments.print_sheet),
    "add_player": ("players/add/", players.add_player),
    "import_players": ("players/import/", players.import_players),
    "player": ("players/<int:number>/", players.player_page),
    "remove_player": ("players/<int:number>/remove/", players.remove_player),
    "withdraw": ("players/<int:number>/withdraw/", players.withdraw_player),
    "reinstate": ("players/<int:number>/reinstate/", players.reinstate_player),
    "excuse": ("absences/excuse/", absences.excuse),
    "approve_excuse": ("absences/<int:pk>/approve/", absences.approve),
    "cancel_excuse": ("absences/<int:pk>/cancel/", absences.cancel),
    "pair": ("pair/", rounds.pair_next_round),
    "pair_by_hand": ("pair-by-hand/", rounds.pair_by_hand),
    "round": ("round/<int:number>/", rounds.round_page),
    "swap": ("round/<int:number>/swap/", rounds.swap),
    "seat": ("round/<int:number>/seat/", drafts.seat),
    "bye": ("round/<int:number>/bye/", drafts.bye),
    "excuse_in_draft": ("round/<int:number>/excuse/", drafts.excuse),
    "unseat": ("round/<int:number>/unseat/<int:player>/", drafts.unseat),
    "clear": ("round/<int:number>/clear/", drafts.clear),
    "from_engine": ("round/<int:number>/from-engine/", drafts.from_engine),
    "publish": ("round/<int:number>/publish/", drafts.publish),
    "delete_draft": ("round/<int:number>/delete/", rounds.delete_draft),
    "close": ("round/<int:number>/close/", rounds.close),
    "take_back": ("round/<int:number>/take-back/", rounds.take_back),
    "reopen": ("round/<int:number>/reopen/", rounds.reopen),
    "match": ("match/<int:pk>/", results.match_result),
    "results_grid": ("round/<int:number>/results/", grid.results_grid),
    "settings": ("settings/", tournaments.edit_settings),
    "people": ("people/", people.roles),
    "links": ("links/", people.links),
    "audit": ("audit/", tournaments.audit_log),
    "listing": ("listing/", tournaments.listing),
    "delete": ("delete/", tournaments.delete),
}

urlpatterns = [
    path("", tournaments.index, name="index"),
    path("new/", tournaments.new_tournament, name="new"),  # before <slug:slug>/, which would take them
    path("import/", tournaments.import_tournament, name="import"),
    path("<slug:slug>/", include([path(address, view, name=name) for name, (address, view) in ONE_TOURNAMENT.items()])),
]
