"""The site skeleton: the home page renders and the database setting works."""
import os

import dj_database_url
import pytest


@pytest.mark.django_db
def test_home_page_renders(client):
    response = client.get("/")

    assert response.status_code == 200
    assert "Ingenious" in response.content.decode()


def test_sqlite_is_the_default_database(tmp_path):
    config = dj_database_url.config(
        env="INGENIOUS_TEST_UNSET_DATABASE_URL",
        default=f"sqlite:///{tmp_path / 'db.sqlite3'}",
    )

    assert config["ENGINE"] == "django.db.backends.sqlite3"


def test_database_url_selects_postgresql():
    config = dj_database_url.parse("postgres://user:pass@127.0.0.1:5432/name")

    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert config["NAME"] == "name"
    assert config["PORT"] == 5432


def test_settings_follow_database_url(settings):
    engine = settings.DATABASES["default"]["ENGINE"]
    if os.environ.get("DATABASE_URL"):
        assert engine == "django.db.backends.postgresql"
    else:
        assert engine == "django.db.backends.sqlite3"
