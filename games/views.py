from django.shortcuts import render

from games.engine import check_text
from games.engine.game import Game
from games.engine.variants import DuelGame

from .faulty_move import faulty_move
from .forms import CheckLogForm


def check_log(request):
    """Arbiters paste or upload a move log; the engine says which move, if any, is illegal."""
    if request.method == "POST":
        form = CheckLogForm(request.POST, request.FILES)
        if form.is_valid():
            return checked_page(request, form, form.cleaned_data["log"])
    else:
        form = CheckLogForm()
    return checked_page(request, form, None)


def checked_page(request, form, text, replay_url: str = ""):
    """The checker's page with `form`, and the engine's report on `text` (a log's JSON text or bytes; None: no
    report): for a log pasted or uploaded, and for a game's own log opened from its replay (`replay_url`: that
    replay, where the game's analysis is)."""
    report = faulty = ending = players = None
    if text is not None:
        report = check_text(text)
        faulty = faulty_move(report)
        if report.valid:
            duel = isinstance(report.log, dict) and report.log.get("rules") == "duel"
            ending = (DuelGame if duel else Game).ending_phrase(report.ended_by)
        if report.valid and report.levels is not None:
            players = [
                {"name": name, "scores": scores, "level": level, "winner": i == report.winner}
                for i, (name, scores, level) in enumerate(zip(report.players, report.scores, report.levels))
            ]
    return render(
        request,
        "games/check_log.html",
        {"form": form, "report": report, "players": players, "faulty": faulty, "ending": ending,
         "replay_url": replay_url},
    )
