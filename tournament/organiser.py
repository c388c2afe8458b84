"""The organiser's pages under /manage/: thin views over `services`.

Who may use them: a tournament's organisers (and superusers) do everything;
its arbiters see the rounds and enter and correct results; any staff user
may create or import a tournament (and becomes its organiser).  Anonymous
visitors go to the login page; everyone else gets 403.  Each view
reads a form, calls one service, and renders or redirects; a service's
`Refused` is shown on the form (or, for a plain button, as an error note).
"""

from __future__ import annotations

import io
import json
from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpResponse
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from . import pdf, services
from .forms import (
    PlayerForm,
    PlayersCsvForm,
    ResultForm,
    RoleForm,
    SwapForm,
    TournamentFileForm,
    TournamentForm,
    WithdrawForm,
    show_refusal,
)
from .models import Match, Round, Submission, Tournament
from .records import record_of
from .tfile import dump

# --- who may organise ------------------------------------------------------------------------


ORGANISER, ARBITER = "organiser", "arbiter"


def role_of(user, tournament: Tournament) -> str | None:
    """The user's role in the tournament: organiser (superusers too), arbiter, or None."""
    if not user.is_authenticated or not user.is_active:
        return None
    if user.is_superuser or tournament.organisers.filter(pk=user.pk).exists():
        return ORGANISER
    if tournament.arbiters.filter(pk=user.pk).exists():
        return ARBITER
    return None


def may_organise(user, tournament: Tournament) -> bool:
    return role_of(user, tournament) == ORGANISER


def _has_any_role(user) -> bool:
    return user.is_staff or user.organised_tournaments.exists() or user.arbitrated_tournaments.exists()


def login_required(view):
    """Anonymous: to the login page (the same address afterwards)."""

    @wraps(view)
    def guarded(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        return view(request, *args, **kwargs)

    return guarded


def staff_required(view):
    """Anonymous: to the login page; logged in but not staff: 403."""

    @wraps(view)
    @login_required
    def guarded(request, *args, **kwargs):
        if not request.user.is_staff:
            raise PermissionDenied("Only staff may create tournaments.")
        return view(request, *args, **kwargs)

    return guarded


def _role_required(*roles):
    def decorator(view):
        """Logged in with one of `roles` in the tournament named by `slug`; the view gets the tournament."""

        @wraps(view)
        @login_required
        def guarded(request, slug, *args, **kwargs):
            tournament = get_object_or_404(Tournament, slug=slug)
            role = role_of(request.user, tournament)
            if role not in roles:
                raise PermissionDenied(
                    "Only the tournament's organisers may do this." if role else
                    "You are not an organiser or arbiter of this tournament.")
            request.role = role
            return view(request, tournament, *args, **kwargs)

        return guarded

    return decorator


organiser_required = _role_required(ORGANISER)
arbiter_required = _role_required(ORGANISER, ARBITER)  # organisers may do all an arbiter may


# --- tournaments -----------------------------------------------------------------------------


def _posted(request):
    """The POST data, or None for a GET (an empty POST is still a submission, and gets its errors)."""
    return request.POST if request.method == "POST" else None


@login_required
def index(request):
    user = request.user
    if not (user.is_superuser or _has_any_role(user)):
        raise PermissionDenied("You have no tournament to organise or arbitrate.")
    if user.is_superuser:
        tournaments = Tournament.objects.all()
    else:
        tournaments = (user.organised_tournaments.all() | user.arbitrated_tournaments.all()).distinct()
    return render(request, "tournament/manage/index.html", {"tournaments": tournaments})


@staff_required
def new_tournament(request):
    form = TournamentForm(_posted(request))
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.create_tournament(form.cleaned_data["name"], request.user, **form.settings())
        except services.Refused as refused:
            show_refusal(form, refused)
        else:
            messages.success(request, f"{tournament.name} is created. Add its players, then pair round 1.")
            return redirect("manage:dashboard", tournament.slug)
    return render(request, "tournament/manage/new.html", {"form": form})


@staff_required
def import_tournament(request):
    form = TournamentFileForm(_posted(request), request.FILES or None)
    if request.method == "POST" and form.is_valid():
        tournament = services.import_tournament(form.cleaned_data["record"], request.user)
        messages.success(request, f"{tournament.name} is imported: {tournament.players.count()} players, "
                                  f"{tournament.rounds.count()} rounds.")
        return redirect("manage:dashboard", tournament.slug)
    return render(request, "tournament/manage/import.html", {"form": form})


@arbiter_required
def print_sheet(request, tournament, what, number=0):
    """A printable PDF: pairing sheet or result slips of a round, standings, crosstable (A4, or ?paper=Letter)."""
    if what not in pdf.SHEETS:
        raise Http404("Nothing of that name to print")
    if what in pdf.ROUND_SHEETS and not tournament.rounds.filter(number=number).exclude(status=Round.DRAFT).exists():
        messages.error(request, f"Round {number} is not published: there is nothing to print for it yet.")
        return redirect("manage:dashboard", tournament.slug)
    try:
        data = pdf.SHEETS[what](record_of(tournament), number, request.GET.get("paper", "A4"))
    except pdf.PrintError as error:
        messages.error(request, str(error))
        return redirect("manage:dashboard", tournament.slug)
    name = f"{tournament.slug}-{what}" + (f"-round-{number}" if what in pdf.ROUND_SHEETS else "") + ".pdf"
    return FileResponse(io.BytesIO(data), filename=name, content_type="application/pdf")


@organiser_required
def export(request, tournament):
    text = json.dumps(dump(record_of(tournament)), indent=2, ensure_ascii=False)
    response = HttpResponse(text + "\n", content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{tournament.slug}.json"'
    return response


# --- the dashboard -----------------------------------------------------------------------------


def _match_rows(round_):
    """The round's matches, each with its result in words and the players' open submission, if any."""
    matches = round_.matches.select_related("first", "second", "forfeit_winner")
    open_ = {}
    for submission in Submission.objects.filter(
            match__round=round_, status__in=(Submission.WAITING, Submission.DISPUTED)).select_related("by"):
        open_.setdefault(submission.match_id, submission)  # the newest first
    return [
        {"match": m, "result": services.result_summary(m) if m.status in (Match.PLAYED, Match.FORFEIT) else "",
         "submission": open_.get(m.pk) if m.status == Match.PENDING else None}
        for m in matches
    ]


def _dashboard(request, tournament, *, player_form=None, csv_form=None, withdraw_form=None, withdrawing=None):
    """The dashboard; a form passed in (bound, with errors) replaces its empty twin.  Arbiters see it without the organiser's actions."""
    rounds = list(tournament.rounds.order_by("number"))
    current = rounds[-1] if rounds else None
    latest = current.number if current else 0
    players = []
    for player in tournament.players.order_by("seed"):
        form = withdraw_form if withdrawing == player.pk else WithdrawForm(
            initial={"after_round": latest}, auto_id=f"id_withdraw{player.number}_%s")
        players.append({"player": player, "withdraw_form": form})
    matches = _match_rows(current) if current and current.status != Round.DRAFT else []
    return render(request, "tournament/manage/dashboard.html", {
        "tournament": tournament,
        "organiser": request.role == ORGANISER,
        "awaiting": sum(1 for row in matches if row["submission"] and row["submission"].status == Submission.WAITING),
        "disputed": sum(1 for row in matches if row["submission"] and row["submission"].status == Submission.DISPUTED),
        "players": players,
        "rounds": rounds,
        "current": current,
        "matches": matches,
        "can_pair": current is None or current.status == Round.COMPLETE,
        "player_form": player_form or PlayerForm(auto_id="id_add_%s"),
        "csv_form": csv_form or PlayersCsvForm(auto_id="id_csv_%s"),
    })


@arbiter_required
def dashboard(request, tournament):
    return _dashboard(request, tournament)


@organiser_required
@require_POST
def add_player(request, tournament):
    form = PlayerForm(request.POST, auto_id="id_add_%s")
    if form.is_valid():
        try:
            player = services.add_player(tournament, **form.cleaned_data, user=request.user)
        except services.Refused as refused:
            show_refusal(form, refused)
        else:
            messages.success(request, f"{player.name} is entered (from round {player.joined_round}).")
            return redirect("manage:dashboard", tournament.slug)
    return _dashboard(request, tournament, player_form=form)


@organiser_required
@require_POST
def import_players(request, tournament):
    form = PlayersCsvForm(request.POST, request.FILES, auto_id="id_csv_%s")
    if form.is_valid():
        try:
            players = services.import_players(tournament, form.cleaned_data["rows"], user=request.user)
        except services.Refused as refused:
            show_refusal(form, refused)
        else:
            messages.success(request, f"{len(players)} players are entered from the file.")
            return redirect("manage:dashboard", tournament.slug)
    return _dashboard(request, tournament, csv_form=form)


@organiser_required
@require_POST
def withdraw_player(request, tournament, number):
    player = get_object_or_404(tournament.players, number=number)
    form = WithdrawForm(request.POST, auto_id=f"id_withdraw{number}_%s")
    if form.is_valid():
        try:
            services.withdraw(player, form.cleaned_data["after_round"], user=request.user)
        except services.Refused as refused:
            show_refusal(form, refused)
        else:
            messages.success(request, f"{player.name} is withdrawn after round {form.cleaned_data['after_round']}.")
            return redirect("manage:dashboard", tournament.slug)
    return _dashboard(request, tournament, withdraw_form=form, withdrawing=player.pk)


@organiser_required
@require_POST
def reinstate_player(request, tournament, number):
    player = get_object_or_404(tournament.players, number=number)
    try:
        services.reinstate(player, user=request.user)
    except services.Refused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, f"{player.name} is back in: paired again from the next round.")
    return redirect("manage:dashboard", tournament.slug)


# --- rounds ------------------------------------------------------------------------------------


def _round(tournament, number) -> Round:
    return get_object_or_404(tournament.rounds, number=number)


@organiser_required
@require_POST
def pair_next_round(request, tournament):
    try:
        round_ = services.generate_round(tournament, user=request.user)
    except services.Refused as refused:
        messages.error(request, refused.message)
        return redirect("manage:dashboard", tournament.slug)
    messages.success(request, f"Round {round_.number} is paired as a draft: check it, then publish it.")
    return redirect("manage:round", tournament.slug, round_.number)


def _round_page(request, tournament, round_, swap_form=None):
    draft = round_.status == Round.DRAFT
    return render(request, "tournament/manage/round.html", {
        "tournament": tournament,
        "organiser": request.role == ORGANISER,
        "round": round_,
        "draft": draft,
        "matches": _match_rows(round_),
        "warnings": services.draft_warnings(round_) if draft else [],
        "swap_form": (swap_form or SwapForm(round_=round_)) if draft and request.role == ORGANISER else None,
    })


@arbiter_required
def round_page(request, tournament, number):
    return _round_page(request, tournament, _round(tournament, number))


@organiser_required
@require_POST
def swap(request, tournament, number):
    round_ = _round(tournament, number)
    form = SwapForm(request.POST, round_=round_)
    if form.is_valid():
        one, other = form.cleaned_data["player_a"], form.cleaned_data["player_b"]
        try:
            services.swap_players(round_, one, other, user=request.user)
        except services.Refused as refused:
            show_refusal(form, refused)
        else:
            messages.success(request, f"{one.name} and {other.name} have swapped places.")
            return redirect("manage:round", tournament.slug, number)
    return _round_page(request, tournament, round_, swap_form=form)


def _round_action(request, tournament, number, action, done: str):
    """A button on a round: run the service, say what happened (or why not), go back to the page it was on."""
    round_ = _round(tournament, number)
    try:
        action(round_, user=request.user)
    except services.Refused as refused:
        messages.error(request, refused.message)
        if request.POST.get("back") == "round":
            return redirect("manage:round", tournament.slug, number)
    else:
        messages.success(request, done.format(n=number))
    return redirect("manage:dashboard", tournament.slug)


@organiser_required
@require_POST
def publish(request, tournament, number):
    return _round_action(request, tournament, number, services.publish_round,
                         "Round {n} is published: players can see their tables.")


@organiser_required
@require_POST
def delete_draft(request, tournament, number):
    return _round_action(request, tournament, number, services.delete_draft,
                         "The draft of round {n} is deleted.")


@organiser_required
@require_POST
def close(request, tournament, number):
    return _round_action(request, tournament, number, services.close_round,
                         "Round {n} is closed.")


# --- results -----------------------------------------------------------------------------------

# The service's field names, as the result form spells them (None: above the form).
RESULT_FIELDS = {"log": "log_text", "forfeit_winner": "present", "scores": None, "flagged": None}


@arbiter_required
def match_result(request, tournament, pk):
    match = get_object_or_404(
        Match.objects.select_related("round", "first", "second", "forfeit_winner", "entered_by"),
        pk=pk, round__tournament=tournament,
    )
    form = None
    if match.status != Match.BYE and match.round.status != Round.DRAFT:
        form = ResultForm(_posted(request), request.FILES or None, match=match)
    if request.method == "POST" and form is not None and form.is_valid():
        correcting = form.has_result
        try:
            saved = services.enter_result(match, user=request.user, **form.entry())
        except services.Refused as refused:
            match.refresh_from_db()
            form = _form_after_refusal(request, match, refused)
        else:
            verb = "corrected" if correcting else "saved"
            messages.success(request, f"Round {match.round.number}, table {match.table}: "
                                      f"{services.result_summary(saved)} ({verb}).")
            return redirect("manage:dashboard", tournament.slug)
    return render(request, "tournament/manage/match.html", {
        "tournament": tournament,
        "match": match,
        "form": form,
        "result": services.result_summary(match) if match.status in (Match.PLAYED, Match.FORFEIT) else "",
        "submissions": match.submissions.select_related("by").order_by("-created_at"),
    })


def _form_after_refusal(request, match, refused) -> ResultForm:
    """The form as typed, against the result as it now stands (its current version), with the refusal shown."""
    data = request.POST.copy()
    data["version"] = match.version
    form = ResultForm(data, request.FILES or None, match=match)
    form.is_valid()
    show_refusal(form, refused, RESULT_FIELDS)
    return form


# --- settings, people, private links, audit --------------------------------------------------


@organiser_required
def edit_settings(request, tournament):
    initial = {field: getattr(tournament, field) for field in TournamentForm.base_fields}
    form = TournamentForm(_posted(request), initial=initial)
    if tournament.rounds.exists():
        form.fields["system"].disabled = True
        form.fields["system"].help_text = "Fixed: round 1 has been paired."
    if request.method == "POST" and form.is_valid():
        try:
            services.update_settings(tournament, user=request.user, name=form.cleaned_data["name"], **form.settings())
        except services.Refused as refused:
            show_refusal(form, refused)
        else:
            messages.success(request, "The settings are saved.")
            return redirect("manage:dashboard", tournament.slug)
    return render(request, "tournament/manage/settings.html", {"tournament": tournament, "form": form})


@organiser_required
def people(request, tournament):
    """Who organises and who arbitrates the tournament; add or remove them."""
    form = RoleForm(_posted(request))
    if request.method == "POST":
        if request.POST.get("remove"):
            return _remove_role(request, tournament)
        if form.is_valid():
            try:
                services.add_role(tournament, form.cleaned_data["person"], form.cleaned_data["role"], user=request.user)
            except services.Refused as refused:
                show_refusal(form, refused)
            else:
                messages.success(request, f"{form.cleaned_data['username']} is now an {form.cleaned_data['role']}.")
                return redirect("manage:people", tournament.slug)
    return render(request, "tournament/manage/people.html", {
        "tournament": tournament, "form": form,
        "organisers": tournament.organisers.order_by("username"),
        "arbiters": tournament.arbiters.order_by("username"),
    })


def _remove_role(request, tournament):
    role = request.POST.get("role", "")
    members = tournament.organisers if role == ORGANISER else tournament.arbiters
    person = members.filter(pk=request.POST.get("remove")).first() if request.POST["remove"].isdigit() else None
    if person is None:
        messages.error(request, "That person does not have that role here.")
    else:
        try:
            services.remove_role(tournament, person, role, user=request.user)
        except services.Refused as refused:
            messages.error(request, refused.message)
        else:
            messages.success(request, f"{person.get_username()} is no longer an {role}.")
    return redirect("manage:people", tournament.slug)


@organiser_required
def links(request, tournament):
    """Each player's private link, to hand out; renewing one revokes the old."""
    if request.method == "POST":
        number = request.POST.get("renew", "")
        player = get_object_or_404(tournament.players, number=int(number)) if number.isdigit() else None
        if player is None:
            raise Http404("No such player")
        services.renew_link(player, user=request.user)
        messages.success(request, f"{player.name} has a new private link; the old one no longer works.")
        return redirect("manage:links", tournament.slug)
    players = tournament.players.order_by("name")
    return render(request, "tournament/manage/links.html", {
        "tournament": tournament,
        "players": [{"player": p, "url": request.build_absolute_uri(reverse("player_link", args=[p.link_token]))}
                    for p in players],
    })


@organiser_required
def audit_log(request, tournament):
    entries = Paginator(tournament.audit.select_related("user"), 100).get_page(request.GET.get("page"))
    return render(request, "tournament/manage/audit.html", {"tournament": tournament, "entries": entries})
