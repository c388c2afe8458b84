"""Django settings for the Ingenious tournament manager.

Defaults suit a laptop: SQLite in the project folder, DEBUG on, pages cached
in each process's memory.  A real server sets its own from the environment
(README, "Running it for real"): DJANGO_DEBUG=0, DJANGO_SECRET_KEY,
DJANGO_ALLOWED_HOSTS, DJANGO_HTTPS=1 behind an HTTPS proxy, DATABASE_URL,
REDIS_URL, DJANGO_CONN_MAX_AGE, DJANGO_PAGE_CACHE_MB, SITE_URL, DJANGO_ADMINS and the mail server.  A value
that cannot be read stops the start with a message naming the variable.
"""
import os
from email.utils import getaddresses
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from tournament.serving.socket_limits import MESSAGE_MAX_BYTES

BASE_DIR = Path(__file__).resolve().parent.parent

TRUE_WORDS = {"1", "true", "yes", "on"}
FALSE_WORDS = {"0", "false", "no", "off"}


def _env_flag(name, default):
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value in TRUE_WORDS | FALSE_WORDS:
        return value in TRUE_WORDS
    raise ImproperlyConfigured(f"{name}={os.environ[name]!r} is neither on nor off: set {name}=1 or {name}=0.")


def _env_int(name, default):
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not (value.isascii() and value.isdigit()):  # "²" passes isdigit() alone, then int() fails
        raise ImproperlyConfigured(f"{name}={value!r} is not a whole number: set {name} to one, e.g. {default}.")
    return int(value)


def _env_list(name):
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


def _env_admins(name):
    """ADMINS from "Ann Able <ann@example.org>, bob@example.org" (names optional)."""
    text = os.environ.get(name, "")
    admins = [(who or address, address) for who, address in getaddresses([text]) if address]
    if any("@" not in address for _, address in admins) or (text.strip() and not admins):
        raise ImproperlyConfigured(
            f"{name}={text!r} is not a list of e-mail addresses: set it like "
            f"{name}=\"Ann Able <ann@example.org>, bob@example.org\"."
        )
    return admins


DEBUG = _env_flag("DJANGO_DEBUG", True)

# The development key is in the source for anyone to read: with it, anyone
# could sign sessions and password-reset links.  A real server sets its own.
DEVELOPMENT_SECRET_KEY = "django-insecure-dev-only-change-me-for-any-real-server"
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "").strip() or DEVELOPMENT_SECRET_KEY
if not DEBUG and SECRET_KEY == DEVELOPMENT_SECRET_KEY:
    raise ImproperlyConfigured(
        "DJANGO_DEBUG=0 needs a secret key of the server's own, because the development key is public "
        "(it is in the source, so anyone could forge logins with it): set DJANGO_SECRET_KEY to a long "
        "random string, e.g. the output of: python3 -c 'import secrets; print(secrets.token_urlsafe(50))'"
    )

# The site's own addresses (comma-separated), besides the local ones that
# `make run` and a health check from the same machine use.  Not "testserver":
# the test runner adds it for the tests (django.test.utils.setup_test_environment),
# and a real server has no reason to answer to it.
ALLOWED_HOSTS = ["127.0.0.1", "localhost", *_env_list("DJANGO_ALLOWED_HOSTS")]


def _env_site_url(name, default):
    """The site's own address as players type it or scan it ("https://tm.example.org"), without a final slash."""
    value = os.environ.get(name, "").strip() or default
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ImproperlyConfigured(f"{name}={value!r} is not a web address: set {name} to the site's own, "
                                   f"e.g. {name}=https://tm.example.org")
    return value.rstrip("/")


# Where printed QR codes, links and mailed links point (serving/site_url.py); unset, the address `make run` and
# `make serve` run at (PORT), and a development server's (DEBUG) pages print the address they are reached at.
SITE_URL = _env_site_url("SITE_URL", f"http://127.0.0.1:{_env_int('PORT', 8000)}")
SITE_URL_GIVEN = bool(os.environ.get("SITE_URL", "").strip())

# DJANGO_HTTPS=1: the site is reached over HTTPS only, through a proxy (nginx,
# a load balancer) that sets X-Forwarded-Proto.  HSTS holds browsers to HTTPS
# for DJANGO_HSTS_SECONDS (a year unless set), subdomains included.
HTTPS = _env_flag("DJANGO_HTTPS", False)
if HTTPS:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = True
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # balancers often check over plain HTTP
    SECURE_HSTS_SECONDS = _env_int("DJANGO_HSTS_SECONDS", 365 * 24 * 3600)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True

INSTALLED_APPS = [
    # Daphne's runserver serves the WebSockets of the game rooms too (`make run`: one process); before
    # staticfiles, whose runserver it replaces.  Its server is imported only by its runserver (daphne_app.py).
    "tournament.serving.daphne_app.DaphneForRunserver",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_tables2",
    "tournament",
    "games",
    "scoring",
    "channels",
    "rooms",
    "outbox", "signup",  # mail sent by each process's sender; entries by the public form
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Scripts from the site's static files only, no inline ones (tournament/serving/csp.py).
    "tournament.serving.csp.ContentSecurityPolicyMiddleware",
    # Static files from the app itself, also with DEBUG off (README, "Running it for real").
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "tournament.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "games.context_processors.colours",
                "tournament.pages.context_processors.role",
            ],
        },
    },
]

WSGI_APPLICATION = "tournament.wsgi.application"
ASGI_APPLICATION = "tournament.asgi.application"
# `make run`'s Daphne refuses a WebSocket message over the site's limit as it arrives (serving/socket_limits.py).
DAPHNE_WEBSOCKET_MAX_MESSAGE_SIZE = DAPHNE_WEBSOCKET_MAX_FRAME_SIZE = MESSAGE_MAX_BYTES

# SQLite file in the project folder unless DATABASE_URL says otherwise.  Connections close after each request
# unless DJANGO_CONN_MAX_AGE keeps them (kept ones of the live-server threads would hold the test database open).
# Under `make serve` the pages run in DJANGO_PAGE_THREADS threads per process (serving/pages_in_threads.py) and
# the rooms' sockets' database work in DJANGO_ROOM_THREADS (rooms/sockets/threads.py), each thread keeping its
# connection for DJANGO_CONN_MAX_AGE seconds; or DJANGO_DB_POOL=N gives each process a pool of up to N PostgreSQL
# connections for both (at least the two thread counts together), and then DJANGO_CONN_MAX_AGE must be 0.
PAGE_THREADS = _env_int("DJANGO_PAGE_THREADS", 4)
ROOM_THREADS = _env_int("DJANGO_ROOM_THREADS", 4)  # the game rooms' sockets' database work (rooms/sockets/threads.py)
for _name, _threads in (("DJANGO_PAGE_THREADS", PAGE_THREADS), ("DJANGO_ROOM_THREADS", ROOM_THREADS)):
    if _threads < 1:
        raise ImproperlyConfigured(f"{_name}=0 would serve nothing: set it to 1 or more (default 4).")
del _name, _threads
conn_max_age = _env_int("DJANGO_CONN_MAX_AGE", 0)
db_pool = _env_int("DJANGO_DB_POOL", 0)
try:
    DATABASES = {
        "default": dj_database_url.config(
            default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
            conn_max_age=conn_max_age,
            conn_health_checks=conn_max_age > 0,  # a kept connection is tried before reuse
        )
    }
except ValueError:  # the message would quote the address, password and all: name the scheme only
    raise ImproperlyConfigured(
        f"DATABASE_URL (scheme {urlsplit(os.environ.get('DATABASE_URL', '')).scheme!r}) cannot be read: "
        "set it like postgres://user:password@127.0.0.1:5432/name or sqlite:////path/to/db.sqlite3"
    ) from None

if db_pool:
    if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("DJANGO_DB_POOL is for PostgreSQL: leave it unset on SQLite.")
    if conn_max_age:
        raise ImproperlyConfigured("DJANGO_DB_POOL and DJANGO_CONN_MAX_AGE cannot both be set: a pool keeps the "
                                   "connections itself (set DJANGO_CONN_MAX_AGE=0).")
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {"min_size": 1, "max_size": db_pool, "timeout": 10}
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = True  # a pooled connection a restart broke is not handed out

# SQLite as a real default, with several people saving at once (README, "Database"):
# - IMMEDIATE: a transaction takes the write lock when it begins, so a second
#   writer waits its turn at BEGIN; a deferred one would read, then fail at
#   once with "database is locked" when it tried to write (SQLite gives up
#   rather than deadlock, and `select_for_update` does nothing here);
# - timeout: how long a writer waits for the lock before giving up (seconds);
# - WAL: readers never wait for a writer, nor a writer for readers.  Kept in
#   the file once set; beside db.sqlite3 it keeps db.sqlite3-wal and -shm.
SQLITE_WRITE_WAIT_S = 20
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "transaction_mode": "IMMEDIATE",
        "timeout": SQLITE_WRITE_WAIT_S,
        "init_command": "PRAGMA journal_mode=WAL",
    })

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "Europe/London"
# English only (the en-GB catalogues say nothing English does not): no per-`{% url %}` and per-number language
# look-up (a fifth of a 500-player pairings page).  Dates and numbers keep the en-GB formats.
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
# `manage.py collectstatic` (run by `make serve`) gathers the files here.
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", "").strip() or BASE_DIR / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # With DEBUG off: hashed names (cached for ever by browsers) and gzip/brotli
    # copies, served by WhiteNoise.  With DEBUG on: the files as they are, no
    # collectstatic needed (nor for the tests).
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
# As DEBUG was set, not as the test runner turns it: the tests (DEBUG on in the
# environment) need no collected files, and WhiteNoise does not warn of their absence.
WHITENOISE_AUTOREFRESH = WHITENOISE_USE_FINDERS = DEBUG

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/manage/"
LOGOUT_REDIRECT_URL = "/"

# Public pages are cached whole (tournament/serving/cache.py), under keys holding each
# tournament's data version, so no process ever serves a stale page.  The
# default is this process's memory, right for runserver and one gunicorn
# worker.  REDIS_URL puts the cache in Redis, shared by every worker and every
# machine: each page is rendered once for all of them.
REDIS_URL = os.environ.get("REDIS_URL", "").strip()
# What one process may keep of pages in its memory: all of them without Redis,
# the copies of those read from Redis with it.  DJANGO_PAGE_CACHE_MB sets it.
PAGE_CACHE_BYTES = _env_int("DJANGO_PAGE_CACHE_MB", 64) * 2**20
if REDIS_URL:
    if urlsplit(REDIS_URL).scheme not in {"redis", "rediss", "unix"}:
        raise ImproperlyConfigured(
            f"REDIS_URL (scheme {urlsplit(REDIS_URL).scheme!r}) is not a Redis address: "
            "set it like redis://127.0.0.1:6379/0 (rediss:// for TLS)."
        )
    CACHES = {
        "default": {
            # Django's own Redis backend, plus a copy in each process of the pages read (their keys never change
            # meaning: tournament/serving/redis_cache.py).
            "BACKEND": "tournament.serving.redis_cache.RedisWithLocalCopies",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": "ingenious",
            # Unlike the memory cache below, Redis has no entry limit of its own: stale pages (unreachable once
            # their version moves) leave after an hour; a page still current is rendered again at most hourly.
            # Give Redis a maxmemory too (README).
            "TIMEOUT": 3600,
            "OPTIONS": {
                # A Redis that does not answer (stopped, hung) is a miss within 0.3 s, and is left alone for a
                # second after: pages are rendered without it, never an error; /healthz says it.
                "socket_connect_timeout": 0.3,
                "socket_timeout": 0.3,
                "LOCAL_COPIES_OF": ["public-page:", "public-value:"],  # versioned keys tournament/serving/cache.py makes
                "LOCAL_MAX_BYTES": PAGE_CACHE_BYTES,
            },
        }
    }
else:
    CACHES = {
        "default": {
            # Django's memory cache, bounded in bytes too (tournament/serving/memory_cache.py).
            "BACKEND": "tournament.serving.memory_cache.BoundedMemoryCache",
            "LOCATION": "ingenious-public-pages",
            # Pages never expire by age: a change moves the version in their keys, so a
            # stale page is never reached again; the least recently used leave first
            # once the pages stored add up to MAX_BYTES (each process its own).
            "TIMEOUT": None,
            "OPTIONS": {"MAX_ENTRIES": 5000, "MAX_BYTES": PAGE_CACHE_BYTES},
        }
    }

# Errors go to stderr, each line with the request's method, path and user
# (private-link tokens redacted: tournament/serving/server_log.py); with DEBUG off,
# DJANGO_ADMINS also get each server error by mail.
ADMINS = _env_admins("DJANGO_ADMINS")
SERVER_EMAIL = os.environ.get("DJANGO_SERVER_EMAIL", "").strip() or "ingenious@localhost"


def _env_text(*names, default=""):
    """The first of the variables set: Django's own name first, then the DJANGO_ one read before it."""
    return next((os.environ[name].strip() for name in names if os.environ.get(name, "").strip()), default)


# The mail server (the outbox's sender: outbox/sender.py, and the admins' error mail), by Django's own names;
# DJANGO_EMAIL_* still work.  Without EMAIL_HOST (`make run`) mail is kept, printed and shown, never sent.
EMAIL_HOST = _env_text("EMAIL_HOST", "DJANGO_EMAIL_HOST")
EMAIL_BACKEND = ("django.core.mail.backends.smtp.EmailBackend" if EMAIL_HOST
                 else "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = EMAIL_HOST or "localhost"
EMAIL_PORT = _env_int("EMAIL_PORT", _env_int("DJANGO_EMAIL_PORT", 25))
EMAIL_HOST_USER = _env_text("EMAIL_HOST_USER", "DJANGO_EMAIL_USER")
EMAIL_HOST_PASSWORD = _env_text("EMAIL_HOST_PASSWORD", "DJANGO_EMAIL_PASSWORD")
EMAIL_USE_TLS = _env_flag("EMAIL_USE_TLS", False) or _env_flag("DJANGO_EMAIL_TLS", False)
DEFAULT_FROM_EMAIL = _env_text("DEFAULT_FROM_EMAIL", default=SERVER_EMAIL)
EMAIL_TIMEOUT = 10

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "request_context": {"()": "tournament.serving.server_log.RequestContextFilter"},
        "require_debug_false": {"()": "django.utils.log.RequireDebugFalse"},
    },
    "formatters": {
        "with_request": {
            "()": "tournament.serving.server_log.RedactingFormatter",
            "format": "%(asctime)s %(levelname)s %(name)s [%(request_method)s %(request_path)s "
                      "user=%(request_user)s] %(message)s",
        },
        # runserver's request lines, as Django writes them, less the private links' tokens.
        "server": {"()": "tournament.serving.server_log.RedactingFormatter", "format": "[%(asctime)s] %(message)s"},
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "filters": ["request_context"],
            "formatter": "with_request",
        },
        "mail_admins": {
            "class": "tournament.serving.error_mail.RedactingAdminEmailHandler",
            "level": "ERROR",
            "filters": ["require_debug_false", "request_context"],
        },
        "server_lines": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "filters": ["request_context"],
            "formatter": "server",
        },
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        # Replaces Django's own "django" logger (console only with DEBUG on).
        "django": {"handlers": ["stderr", "mail_admins"], "level": "WARNING", "propagate": False},
        # runserver's request lines ("GET /p/<token>/ HTTP/1.1" 200), which Django's default writes whole.
        "django.server": {"handlers": ["server_lines"], "level": "INFO", "propagate": False},
        # The same lines from Daphne's runserver (`make run`).  (uvicorn's access lines under `make serve`
        # go through gunicorn's access log, redacted there: tournament/serving/gunicorn_conf.py.)
        "django.channels.server": {"handlers": ["server_lines"], "level": "INFO", "propagate": False},
    },
}

# The game rooms' bell (rooms/sockets/bell.py): over Redis when REDIS_URL is set, so a move
# on one instance rings the watchers on every instance; else within this process.
# The bell only says "look": the database holds every move (docs/online-play.md).
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            # Redis's publish and subscribe: a ring is one PUBLISH and reaches each process that watches the room
            # as it is sent.  channels-redis's queued layer (RedisChannelLayer) cost a process four round trips to
            # Redis per message received, and dropped rings past 100 waiting in a process's queue: under 250 games
            # the bell came seconds late, and some never came (README, "The game rooms under load").  Pub/sub keeps
            # nothing for a process that is not listening, which is all a bell needs: a watcher that missed a ring
            # is caught up from the database (rooms.sockets.watchers).
            "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
            # Connecting has 10 s: a process's first socket of a burst (750 at once under 250 games) opens the
            # connection while its event loop is busy with the others, and 2 s refused one of them (a 500).
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": 5, "socket_connect_timeout": 10}],
                       "prefix": "ingenious-rooms"},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
