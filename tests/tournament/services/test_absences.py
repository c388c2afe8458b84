"""Excused absences through the services, and an all-play-all run on the site to its end.

Hand-worked from `docs/tournament-rules.md` ("Byes, forfeits, withdrawals":
excused absence; "All-play-all"; "End of a tournament").
"""

import pytest

from scoring.standings import standings
from tournament import services
from tournament.models import AuditEntry, ExcusedAbsence, Match
from tournament.records import record_of
from tournament.tfile import dump, parse

from tests.factories import FIRST_WINS as WIN, play, refusal

pytestmark = pytest.mark.django_db


def event(names, **settings):
    tournament = services.create_tournament("Club Night", **settings)
    for i, name in enumerate(names):
        services.add_player(tournament, name, rating=2000 - 10 * i)  # seed order = list order
    return tournament


def player(tournament, name):
    return tournament.players.get(name=name)


# --- Swiss -------------------------------------------------------------------


def test_an_excused_player_is_left_out_of_the_swiss_round_and_scores_the_excused_vp():
    tournament = event(["Ann", "Ben", "Cy", "Di", "Ed"], system="swiss", rounds_announced=3,
                       excused_half_points=1, bye_half_points=2)
    play(services.generate_round(tournament))  # round 1: seeds 1–3 and 2–4; Ed (seed 5) has the bye
    services.excuse_player(player(tournament, "Ben"), 2)
    round_two = services.generate_round(tournament)
    excused = round_two.matches.get(status=Match.EXCUSED)
    assert excused.first.name == "Ben" and excused.second is None
    # Four players left to pair: no bye in round 2, and Ben is at no table.
    assert not round_two.matches.filter(status=Match.BYE).exists()
    paired = {m.first.name for m in round_two.matches.exclude(status=Match.EXCUSED)} | {
        m.second.name for m in round_two.matches.exclude(status=Match.EXCUSED)}
    assert paired == {"Ann", "Cy", "Di", "Ed"}
    play(round_two)
    lines = {line.name: line for line in standings(record_of(tournament))}
    # Round 1 Ben played Di (seed 2 v seed 4); round 2 adds ½ VP with L = D = 0, and no game.
    ben = lines["Ben"]
    assert [r.kind for r in ben.rounds][1] == "excused"
    assert ben.rounds[1].half_points == 1 and ben.rounds[1].level == 0 and ben.rounds[1].difference == 0
    assert ben.games_played == 1
    refusal(services.enter_result, excused, services.ResultEntry.typed(scores=WIN, flagged=[False, False]))
    excused.refresh_from_db()
    assert excused.status == Match.EXCUSED and excused.scores is None


def test_a_request_through_the_private_link_waits_for_the_organiser():
    tournament = event(["Ann", "Ben", "Cy", "Di"], system="swiss", rounds_announced=3)
    ben = player(tournament, "Ben")
    asked = services.request_excuse(ben, 1)
    assert asked.status == ExcusedAbsence.REQUESTED and asked.requested_by_player
    assert record_of(tournament).player(ben.number).excused_rounds == frozenset()  # waiting: it does not count
    refusal(services.request_excuse, ben, 1)  # asked already: the words are test_player_link's
    assert ExcusedAbsence.objects.filter(player=ben, round_number=1).count() == 1
    services.approve_excuse(asked)
    assert record_of(tournament).player(ben.number).excused_rounds == {1}
    assert "already excused" in refusal(services.approve_excuse, asked).message
    actions = list(AuditEntry.objects.filter(tournament=tournament).values_list("action", "who"))
    assert ("excused absence asked for", "Ben (private link)") in actions
    assert ("excused absence approved", "command line or system") in actions
    round_one = services.generate_round(tournament)
    assert round_one.matches.get(status=Match.EXCUSED).first == ben
    assert round_one.matches.filter(status=Match.BYE).count() == 1  # three players left: one bye, not Ben's


def test_what_cannot_be_excused_is_refused_naming_the_round_field():
    tournament = event(["Ann", "Ben", "Cy", "Di"], system="swiss", rounds_announced=3)
    ann, ben = player(tournament, "Ann"), player(tournament, "Ben")
    beyond = refusal(services.excuse_player, ann, 4)
    assert beyond.field == "round_number"  # the words are event_day/test_players'
    assert refusal(services.excuse_player, ann, 0).field == "round_number"
    services.withdraw(ben, 1)
    assert refusal(services.excuse_player, ben, 2).message == "Ben withdrew after round 1."
    services.excuse_player(ann, 2)
    assert refusal(services.excuse_player, ann, 2).code == "already-excused"
    services.publish_round(services.generate_round(tournament))
    cy = player(tournament, "Cy")
    refusal(services.excuse_player, cy, 1)  # round 1 is out: too late to leave Cy out of its pairing
    assert not ExcusedAbsence.objects.filter(player=cy).exists()
    assert set(ExcusedAbsence.objects.values_list("player__name", "round_number")) == {("Ann", 2)}


def test_an_absence_is_cancelled_until_its_round_is_published():
    tournament = event(["Ann", "Ben", "Cy", "Di"], system="swiss", rounds_announced=3)
    ann, ben = player(tournament, "Ann"), player(tournament, "Ben")
    mine = services.request_excuse(ann, 1)
    refusal(services.cancel_excuse, mine, ben)  # Ben cannot take back Ann's
    assert ExcusedAbsence.objects.filter(pk=mine.pk).exists()
    services.cancel_excuse(mine, ann)
    assert not ExcusedAbsence.objects.exists()
    kept = services.excuse_player(ann, 1)
    services.publish_round(services.generate_round(tournament))
    assert "already published" in refusal(services.cancel_excuse, kept).message
    assert AuditEntry.objects.filter(tournament=tournament, action="excused absence request withdrawn").exists()


def test_a_withdrawal_cancels_the_players_later_excused_absences_and_says_so():
    tournament = event(["Ann", "Ben", "Cy", "Di"], system="swiss", rounds_announced=4, excused_half_points=1)
    ann = player(tournament, "Ann")
    services.excuse_player(ann, 2)
    services.excuse_player(ann, 4)
    play(services.generate_round(tournament))
    services.withdraw(ann, 3)  # plays round 3, not 4: the round 2 absence stands, round 4's goes
    assert list(ann.excused_absences.values_list("round_number", flat=True)) == [2]
    entry = AuditEntry.objects.filter(tournament=tournament, action="player withdrawn").get()
    assert entry.after["excused absences cancelled"] == "round 4"
    services.withdraw(ann, 1)
    assert not ann.excused_absences.exists()
    in_file = next(p for p in parse(dump(record_of(tournament))).players if p.name == "Ann")
    assert in_file.excused_rounds == frozenset() and in_file.withdrawn_after_round == 1


def test_an_excused_absence_goes_out_in_the_file_and_comes_back():
    tournament = event(["Ann", "Ben", "Cy"], system="swiss", rounds_announced=3, excused_half_points=2)
    services.excuse_player(player(tournament, "Cy"), 1)
    services.excuse_player(player(tournament, "Cy"), 3)  # a round not yet paired travels too
    play(services.generate_round(tournament))
    file = dump(record_of(tournament))
    assert file["settings"]["excused_vp"] == 1
    cy = next(p for p in file["players"] if p["name"] == "Cy")
    assert cy["excused_rounds"] == [1, 3]
    assert {"first": cy["id"], "second": None, "status": "excused"} in file["rounds"][0]["matches"]
    again = services.import_tournament(parse(file))
    assert dump(record_of(again)) == {**file, "name": again.name}
    assert [line.vp for line in standings(record_of(again)) if line.name == "Cy"] == [1.0]


# --- All-play-all --------------------------------------------------------------


def test_an_all_play_all_fixes_its_rounds_refuses_a_late_entry_forfeits_for_the_absent_and_ends():
    tournament = event(["Ann", "Ben", "Cy", "Di"], system="all-play-all", rounds_announced=7)
    play(services.generate_round(tournament))
    tournament.refresh_from_db()
    assert tournament.rounds_announced == 3  # 4 players: 3 rounds, replacing the announced 7
    late = refusal(services.add_player, tournament, "Eve")
    assert late.field == "name" and "closed at round 1" in late.message
    services.excuse_player(player(tournament, "Ann"), 2)
    # Berger for 4, round 2: 4–3 and 1–2 (seed 4 first).  Ann (seed 1) is excused: Ben wins by forfeit.
    round_two = services.generate_round(tournament)
    forfeit = round_two.matches.get(status=Match.FORFEIT)
    assert {forfeit.first.name, forfeit.second.name} == {"Ann", "Ben"} and forfeit.forfeit_winner.name == "Ben"
    assert not round_two.matches.filter(status=Match.EXCUSED).exists()  # the forfeit is Ann's round
    assert round_two.matches.filter(status=Match.PENDING).count() == 1
    play(round_two)
    services.withdraw(player(tournament, "Di"), 2)
    # Round 3: 2–4 and 3–1 in Berger's order; Di (seed 4) has withdrawn: Ben wins by forfeit again.
    round_three = services.generate_round(tournament)
    forfeit = round_three.matches.get(status=Match.FORFEIT)
    assert {forfeit.first.name, forfeit.second.name} == {"Ben", "Di"} and forfeit.forfeit_winner.name == "Ben"
    play(round_three)
    finished = refusal(services.generate_round, tournament).message
    assert "finished" in finished and "3 rounds" in finished
    names = {p.pk: p.name for p in tournament.players.all()}
    pairs = [frozenset((names[m.first_id], names[m.second_id])) for m in Match.objects.filter(round__tournament=tournament)]
    assert len(pairs) == 6 and len(set(pairs)) == 6  # every pair scheduled exactly once: a game or a forfeit


def test_the_excused_vp_is_a_setting_changed_and_audited_like_the_others():
    tournament = event(["Ann", "Ben"], system="swiss", rounds_announced=3)
    services.update_settings(tournament, excused_half_points=1)
    tournament.refresh_from_db()
    assert tournament.excused_half_points == 1
    entry = AuditEntry.objects.filter(tournament=tournament, action="settings changed").first()
    assert entry.before == {"excused_half_points": 0} and entry.after == {"excused_half_points": 1}


def test_an_all_play_all_says_its_tables_rounds_on_the_home_page_and_in_its_file(client):
    tournament = event(["Ann", "Ben", "Cy", "Di"], system="all-play-all", rounds_announced=7)
    assert "All-play-all, 3 rounds" in client.get("/").content.decode()  # before round 1: the table to come
    play(services.generate_round(tournament))
    tournament.refresh_from_db()
    file = dump(record_of(tournament))
    assert file["settings"]["rounds"] == 3
    file["settings"]["rounds"] = 7  # a file written before the rule: the table's number replaces it on import
    again = services.import_tournament(parse(file))
    assert again.rounds_announced == 3 and again.rounds_shown == 3
    assert dump(record_of(again))["settings"]["rounds"] == 3  # and in the file the site writes back


def test_an_all_play_all_game_between_a_withdrawn_and_an_excused_player_is_a_double_forfeit(client):
    """Both absent: nobody wins; both lose, 0 VP each (docs/tournament-file.md, forfeit)."""
    tournament = event(["Ann", "Ben", "Cy", "Di"], system="all-play-all", rounds_announced=3, excused_half_points=1)
    play(services.generate_round(tournament))  # round 1: Ann–Di, Ben–Cy; the first players win
    services.withdraw(player(tournament, "Di"), 1)
    services.excuse_player(player(tournament, "Cy"), 2)
    # Berger for 4, round 2: 4–3 (Di v Cy) and 1–2.  Di has withdrawn and Cy is excused: nobody wins that game.
    round_two = services.generate_round(tournament)
    double = round_two.matches.get(status=Match.FORFEIT)
    assert (double.first.name, double.second.name, double.forfeit_winner) == ("Di", "Cy", None)
    assert not round_two.matches.filter(status=Match.EXCUSED).exists()  # the double forfeit is Cy's round
    play(round_two)  # Ann beats Ben
    page = client.get(f"/t/{tournament.slug}/round/2/").content.decode()
    assert "0–0 (both absent)" in page
    # The file the site writes holds it as a forfeit with winner null, and reads back.
    file = dump(record_of(tournament))
    assert {"first": 4, "second": 3, "status": "forfeit", "winner": None} in [
        {k: m.get(k) for k in ("first", "second", "status", "winner")} for m in file["rounds"][1]["matches"]]
    parse(file)
    # Round 3: 2–4 (Ben wins by forfeit against Di) and 3–1 (Cy beats Ann).  VP: Ann 1 + 1 + 0 = 2,
    # Ben 1 + 0 + 1 = 2, Cy 0 + 0 (the double forfeit, not the excused VP) + 1 = 1, Di 0.
    play(services.generate_round(tournament))
    vp = {line.name: line.metrics["vp"] for line in standings(record_of(tournament))}
    assert vp == {"Ann": 2, "Ben": 2, "Cy": 1, "Di": 0}
