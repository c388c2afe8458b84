"""Settings from the environment, as a new organiser sets them on the venue's server (README, "Running it for real")."""

import os
import runpy
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from django.core.exceptions import ImproperlyConfigured
from django.utils.module_loading import import_string

ROOT = Path(__file__).resolve().parents[2]
SETTINGS = ROOT / "tournament" / "settings.py"
PRODUCTION = {"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": "k" * 10 + secrets.token_urlsafe(50),
              "DJANGO_ALLOWED_HOSTS": "tm.example.org"}


def _ours(name: str) -> bool:
    return name.startswith("DJANGO_") and name != "DJANGO_SETTINGS_MODULE" or name in ("DATABASE_URL", "REDIS_URL",
                                                                                       "SITE_URL", "PORT")


@pytest.fixture
def environment(monkeypatch):
    """Read the settings file afresh with only the variables given (the test run's own are set aside)."""

    def read(**variables):
        for name in [name for name in os.environ if _ours(name)]:
            monkeypatch.delenv(name)
        for name, value in variables.items():
            monkeypatch.setenv(name, value)
        return runpy.run_path(str(SETTINGS))

    return read


def test_debug_off_with_the_development_key_refuses_to_start_and_says_why(environment):
    with pytest.raises(ImproperlyConfigured, match="set DJANGO_SECRET_KEY") as refused:
        environment(DJANGO_DEBUG="0")
    assert "public" in str(refused.value)
    assert environment(**PRODUCTION)["SECRET_KEY"] == PRODUCTION["DJANGO_SECRET_KEY"]


@pytest.mark.parametrize("name, value", [
    ("DJANGO_DEBUG", "maybe"),
    ("DJANGO_HTTPS", "si"),
    ("DJANGO_CONN_MAX_AGE", "a minute"),
    ("DJANGO_HSTS_SECONDS", "-5"),
    ("REDIS_URL", "http://127.0.0.1:6379"),
    ("DJANGO_ADMINS", "the organiser"),
    ("DJANGO_EMAIL_PORT", "smtp"),
    ("SITE_URL", "tm.example.org"),
    ("SITE_URL", "https://tm.example.org/?next=1"),
])
def test_a_value_that_cannot_be_read_stops_the_start_naming_the_variable(environment, name, value):
    with pytest.raises(ImproperlyConfigured, match=f"set {name}|{name}=.*set it like|set it like") as refused:
        environment(**{"DJANGO_HTTPS": "1", name: value})
    assert name in str(refused.value)


def test_the_printed_codes_address_is_the_site_url_without_a_final_slash(environment):
    assert environment()["SITE_URL"] == "http://127.0.0.1:8000"
    assert environment(SITE_URL="https://tm.example.org/ingenious/")["SITE_URL"] == "https://tm.example.org/ingenious"


def test_without_site_url_the_links_point_at_the_port_the_server_runs_at(environment):
    # `PORT=8901 make run`: the mails, written outside any request, carry port 8901, not the default's 8000.
    assert environment(PORT="8901")["SITE_URL"] == "http://127.0.0.1:8901"
    assert environment(PORT="8901", SITE_URL="https://tm.example.org")["SITE_URL"] == "https://tm.example.org"


def test_an_unreadable_database_url_is_named_without_its_password(environment):
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL") as refused:
        environment(DATABASE_URL="nosuchdb://organiser:hunter2@db.example.org/ingenious")
    assert "hunter2" not in str(refused.value)


def test_the_cache_is_each_process_memory_unless_redis_url_names_a_server(environment):
    memory = environment()["CACHES"]["default"]
    assert issubclass(import_string(memory["BACKEND"]), LocMemCache)  # Django's own, bounded in bytes too
    assert memory["OPTIONS"]["MAX_BYTES"] == 64 * 2**20
    assert environment(DJANGO_PAGE_CACHE_MB="16")["CACHES"]["default"]["OPTIONS"]["MAX_BYTES"] == 16 * 2**20
    cache = environment(REDIS_URL="redis://127.0.0.1:6379/2")["CACHES"]["default"]
    assert issubclass(import_string(cache["BACKEND"]), RedisCache)  # Django's own, with local copies of pages
    assert cache["LOCATION"] == "redis://127.0.0.1:6379/2"


def test_database_url_and_kept_connections(environment):
    database = environment(DATABASE_URL="postgres://u:p@db.example.org:5433/ingenious",
                           DJANGO_CONN_MAX_AGE="60")["DATABASES"]["default"]
    assert (database["ENGINE"], database["HOST"], database["PORT"], database["NAME"]) == (
        "django.db.backends.postgresql", "db.example.org", 5433, "ingenious")
    assert database["CONN_MAX_AGE"] == 60 and database["CONN_HEALTH_CHECKS"]


def test_admins_are_read_from_a_list_of_addresses(environment):
    admins = environment(DJANGO_ADMINS="Ann Able <ann@example.org>, bob@example.org")["ADMINS"]
    assert admins == [("Ann Able", "ann@example.org"), ("bob@example.org", "bob@example.org")]
    assert environment()["ADMINS"] == []


def test_https_turns_on_hsts_secure_cookies_the_redirect_and_the_proxys_header(environment):
    plain = environment(**PRODUCTION)
    assert "SECURE_SSL_REDIRECT" not in plain and "SECURE_HSTS_SECONDS" not in plain
    https = environment(**PRODUCTION, DJANGO_HTTPS="1")
    assert https["SECURE_SSL_REDIRECT"] and https["SECURE_HSTS_SECONDS"] >= 3600
    assert https["SESSION_COOKIE_SECURE"] and https["CSRF_COOKIE_SECURE"]
    assert https["SECURE_PROXY_SSL_HEADER"] == ("HTTP_X_FORWARDED_PROTO", "https")


def check_deploy(**variables) -> subprocess.CompletedProcess:
    env = {name: value for name, value in os.environ.items() if not name.startswith("DJANGO_")}
    env.update(variables)
    return subprocess.run([sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)


def test_check_deploy_finds_nothing_with_https_and_a_real_key_and_hosts():
    clean = check_deploy(**PRODUCTION, DJANGO_HTTPS="1")
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "no issues" in clean.stdout
    # Without DJANGO_HTTPS it warns: the check above is not blind.
    without_https = check_deploy(**PRODUCTION)
    assert without_https.returncode != 0 and "SECURE_HSTS_SECONDS" in without_https.stderr


def test_testserver_is_no_allowed_host_outside_the_tests(environment):
    """The test runner adds "testserver" itself; a real server answered to it too."""
    assert environment(**PRODUCTION)["ALLOWED_HOSTS"] == ["127.0.0.1", "localhost", "tm.example.org"]
    assert "testserver" not in environment()["ALLOWED_HOSTS"]
