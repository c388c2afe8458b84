from django.shortcuts import render

from games.engine import check_text
from games.engine.game import Game
from games.engine.variants import DuelGame

from .faulty_move import faulty_move
from .forms import CheckLogForm


def check_log(request):
    """Arbiters paste or upload a move log; the engine says which move, if any, is illegal."""
    report = faulty = ending = None
    players = None
    if request.method == "POST":
        form = CheckLogForm(request.POST, request.FILES)
        if form.is_valid():
            report = check_text(form.cleaned_data["log"])
            faulty = faulty_move(report)
            if report.valid:
                duel = isinstance(report.log, dict) and report.log.get("rules") == "duel"
                ending = (DuelGame if duel else Game).ending_phrase(report.ended_by)
            if report.valid and report.levels is not None:
                players = [
                    {"name": name, "scores": scores, "level": level, "winner": i == report.winner}
                    for i, (name, scores, level) in enumerate(zip(report.players, report.scores, report.levels))
                ]
    else:
        form = CheckLogForm()
    return render(
        request,
        "games/check_log.html",
        {"form": form, "report": report, "players": players, "faulty": faulty, "ending": ending},
    )
