"""The organiser's pages, under /manage/ (namespace "manage"); see `tournament/organiser/`."""

from django.urls import include, path

from rooms.desk import decisions, views as desk
from signup import views as signup

from .serving import converters  # noqa: F401 - registers <number:>
from .organiser import absences, dashboard, drafts, grid, people, players, results, rounds, timetable, tournaments
from .organiser import messages as mail_pages

app_name = "manage"

# One tournament's pages, under /manage/<slug>/ as its public pages are under /t/<slug>/:
# the name templates reverse -> (the address after the slug, the view).
ONE_TOURNAMENT = {
    "dashboard": ("", dashboard.dashboard),
    "export": ("export.json", tournaments.export),
    "export_trf": ("export.trf", tournaments.export_trf),
    "print": ("print/<str:what>.pdf", tournaments.print_sheet),
    "print_round": ("print/<str:what>/round-<number:number>.pdf", tournaments.print_sheet),
    "add_player": ("players/add/", players.add_player),
    "import_players": ("players/import/", players.import_players),
    "player": ("players/<number:number>/", players.player_page),
    "remove_player": ("players/<number:number>/remove/", players.remove_player),
    "withdraw": ("players/<number:number>/withdraw/", players.withdraw_player),
    "reinstate": ("players/<number:number>/reinstate/", players.reinstate_player),
    "excuse": ("absences/excuse/", absences.excuse),
    "approve_excuse": ("absences/<number:pk>/approve/", absences.approve),
    "cancel_excuse": ("absences/<number:pk>/cancel/", absences.cancel),
    "pair": ("pair/", rounds.pair_next_round),
    "pair_by_hand": ("pair-by-hand/", rounds.pair_by_hand),
    "round": ("round/<number:number>/", rounds.round_page),
    "swap": ("round/<number:number>/swap/", rounds.swap),
    "seat": ("round/<number:number>/seat/", drafts.seat),
    "bye": ("round/<number:number>/bye/", drafts.bye),
    "excuse_in_draft": ("round/<number:number>/excuse/", drafts.excuse),
    "unseat": ("round/<number:number>/unseat/<number:player>/", drafts.unseat),
    "clear": ("round/<number:number>/clear/", drafts.clear),
    "from_engine": ("round/<number:number>/from-engine/", drafts.from_engine),
    "publish": ("round/<number:number>/publish/", drafts.publish),
    "delete_draft": ("round/<number:number>/delete/", rounds.delete_draft),
    "close": ("round/<number:number>/close/", rounds.close),
    "take_back": ("round/<number:number>/take-back/", rounds.take_back),
    "move_start": ("round/<number:number>/start/", rounds.move_start),
    "reopen": ("round/<number:number>/reopen/", rounds.reopen),
    "match": ("match/<number:pk>/", results.match_result),
    "results_grid": ("round/<number:number>/results/", grid.results_grid),
    "desk": ("round/<number:number>/rooms/", desk.desk),  # the arbiter's desk over an online round's game rooms
    "desk_state": ("round/<number:number>/rooms/state.json", desk.state),
    "desk_act": ("round/<number:number>/rooms/act/", desk.act),
    "desk_decide": ("round/<number:number>/rooms/<number:table>/decide/", decisions.decide),
    "room_log": ("round/<number:number>/rooms/<number:table>/log.json", desk.room_log),
    "settings": ("settings/", tournaments.edit_settings),
    "people": ("people/", people.roles),
    "links": ("links/", people.links),
    "audit": ("audit/", tournaments.audit_log),
    "listing": ("listing/", tournaments.listing),
    "delete": ("delete/", tournaments.delete),
    "entries": ("entries/", signup.entries),  # the public entry form: open or closed, entries waiting
    "messages": ("messages/", mail_pages.messages_page),  # every mail of the tournament, and the arbiter's own
    "send_again": ("messages/<number:pk>/again/", mail_pages.send_again),  # a failed message, queued again
    "timetable": ("timetable/", timetable.timetable_action),  # stop it, or "Go on"
}

urlpatterns = [
    path("", tournaments.index, name="index"),
    path("new/", tournaments.new_tournament, name="new"),  # before <slug:slug>/, which would take them
    path("import/", tournaments.import_tournament, name="import"),
    path("<slug:slug>/", include([path(address, view, name=name) for name, (address, view) in ONE_TOURNAMENT.items()])),
]
