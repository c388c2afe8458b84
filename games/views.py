from django.shortcuts import render

from games.engine import check_text

from .faulty_move import faulty_move
from .forms import CheckLogForm


def check_log(request):
    """Arbiters paste or upload a move log; the engine says which move, if any, is illegal."""
    report = faulty = None
    players = None
    if request.method == "POST":
        form = CheckLogForm(request.POST, request.FILES)
        if form.is_valid():
            report = check_text(form.cleaned_data["log"])
            faulty = faulty_move(report)
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
        {"form": form, "report": report, "players": players, "faulty": faulty},
    )
