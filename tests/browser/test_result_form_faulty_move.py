"""An arbiter pastes an illegal log on a result form: the refusal names the move and the board outlines it."""

import json

import pytest
from django.contrib.auth import get_user_model

from games.engine.simulate import random_game
from tournament import services
from tournament.models import Match

from .conftest import expect, log_in, shot

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("width", [390, 1280])
def test_the_refused_logs_faulty_placement_is_outlined_on_the_result_form(page, width):
    arbiter = get_user_model().objects.create_user("arb", password="a long secret")
    tournament = services.create_tournament("Board Night", system="swiss")
    for name in ("Ann Able", "Ben Baker", "Cy Cole", "Di Dunn"):
        services.add_player(tournament, name)
    services.add_role(tournament, arbiter, "arbiter")
    services.publish_round(services.generate_round(tournament))
    match = Match.objects.select_related("first", "second").get(round__tournament=tournament, table=1)
    log = random_game(2, "mso", seed=3, names=[match.first.name, match.second.name])
    index = [i for i, e in enumerate(log["events"]) if e["type"] == "place"][12]
    log["events"][index]["cells"] = [[6, 0], [6, -1]]  # ring 6: outside the two-player area

    page.set_viewport_size({"width": width, "height": 900})
    log_in(page, "arb", "a long secret")
    page.goto(f"{page.base}/manage/{tournament.slug}/match/{match.pk}/")
    page.fill("#id_log_text", json.dumps(log))
    page.click("button:has-text('Save the result')")

    expect(page.locator(f"text=The move log is not valid (off-board): event {index}")).not_to_have_count(0)
    outlined = page.locator(".faulty-move svg.board g.faulty")
    expect(outlined).to_have_count(2)
    for cell in ("6,0", "6,-1"):
        expect(outlined.and_(page.locator(f"[data-cell='{cell}']"))).to_have_count(1)
    assert page.locator(".faulty-move svg.board").bounding_box()["width"] <= width
    shot(page, f"result-form-faulty-move-{width}")
    match.refresh_from_db()
    assert match.status == Match.PENDING  # nothing saved
