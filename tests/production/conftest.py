"""What the production tests need: a Redis server (REDIS_URL), PostgreSQL (DATABASE_URL), `make serve`.

Without them the tests that need them skip and say why; .ci/run starts both
and sets both variables.
"""

import os
import secrets
from urllib.parse import quote

import pytest
import redis
from django.conf import settings
from django.db import connection

from .servers import free_port, start_serve, stop


@pytest.fixture
def redis_server():
    """A client of the Redis server the site's cache uses, or a skip saying how to get one."""
    if not settings.REDIS_URL:
        pytest.skip("needs a Redis server: set REDIS_URL=redis://127.0.0.1:6379/0 (.ci/run starts one)")

    client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=2, socket_timeout=2)
    client.ping()  # REDIS_URL set but no server is a fault, not a skip
    yield client
    client.close()


@pytest.fixture
def postgresql():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: set DATABASE_URL=postgres://... (.ci/run does); two servers "
                    "cannot share one SQLite test database the way a real site shares PostgreSQL")


SITE_KEY = secrets.token_urlsafe(50)  # one site, one key: the instances a test starts share it


@pytest.fixture(autouse=True)
def site_key(settings):
    """The test's own process is one more process of that site: what it writes (a round published, its mails
    sealed) the instances read with the same key."""
    settings.SECRET_KEY = SITE_KEY


def server_environment(port: int, static_root) -> dict:
    """`make serve` as on a real server (DEBUG off, the site's secret key) on the test database and Redis.  Every
    instance of one site has the same key, as a real site's must: a mail one instance seals, another may send."""
    db = connection.settings_dict
    database_url = (f"postgres://{quote(db['USER'], safe='')}:{quote(db['PASSWORD'], safe='')}"
                    f"@{db['HOST'] or 'localhost'}:{db['PORT'] or 5432}/{quote(db['NAME'], safe='')}")
    env = {name: value for name, value in os.environ.items() if not name.startswith(("DJANGO_", "GUNICORN_"))}
    env.update(
        DATABASE_URL=database_url,
        REDIS_URL=settings.REDIS_URL,
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=SITE_KEY,
        DJANGO_STATIC_ROOT=str(static_root),
        PORT=str(port),
        LISTEN_ADDRESS="127.0.0.1",
        WEB_CONCURRENCY="2",
        DJANGO_DB_POOL="4",  # as the README runs it: a pool per process under the ASGI workers
    )
    return env


@pytest.fixture
def serve(postgresql, redis_server, transactional_db, tmp_path):
    """Start `make serve` instances on the test database and Redis: `serve(2)` gives two, started one after the other.

    One after the other as the README advises: each migrates first, and the
    second then finds nothing to do.  They are stopped before the test
    database is emptied.
    """
    started = []

    def start(count: int = 1):
        servers = []
        for _ in range(count):
            name = f"instance-{len(started) + 1}"
            env = server_environment(free_port(), tmp_path / f"static-{name}")
            server = start_serve(name, env, tmp_path)
            started.append(server)
            servers.append(server)
        return servers

    yield start
    for server in started:
        stop(server)
