"""A game's public move log from its replay: downloaded as its `ingenious-log/1` file, and opened
in the log checker already checked; a match with no log has neither."""

import json

import pytest

from games.engine.simulate import random_game
from tests.test_game_viewer import tournament_with

pytestmark = pytest.mark.django_db


def test_the_replay_offers_its_log_to_download_and_to_open_in_the_checker(client):
    log = random_game(2, "mso", seed=5, names=["Ann Able", "Zoë Ørsted"])
    tournament = tournament_with(log)
    base = f"/t/{tournament.slug}/round/1/table/1/"
    replay = client.get(base).content.decode()
    assert f'href="{base}log.json"' in replay and f'href="{base}check/"' in replay
    download = client.get(base + "log.json")
    assert download.status_code == 200 and download["Content-Type"].startswith("application/json")
    assert download["Content-Disposition"] == f'attachment; filename="{tournament.slug}-round-1-table-1.json"'
    assert json.loads(download.content) == log
    checked = client.get(base + "check/").content.decode()
    assert "Valid log" in checked and "Ann Able" in checked
    assert "&quot;events&quot;" in checked  # the log itself, pasted in the form, to change and check again
    assert client.get(f"/t/{tournament.slug}/round/1/table/2/log.json").status_code == 404
    assert client.get(f"/t/{tournament.slug}/round/1/table/2/check/").status_code == 404
    assert client.get("/t/no-such-cup/round/1/table/1/log.json").status_code == 404
