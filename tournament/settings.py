"""Django settings for the Ingenious tournament manager.

Defaults suit a laptop: SQLite in the project folder, DEBUG on. Set
DATABASE_URL (e.g. postgres://user:pass@127.0.0.1:5432/name) for PostgreSQL,
and DJANGO_SECRET_KEY / DJANGO_DEBUG=0 / DJANGO_ALLOWED_HOSTS for a real server.
"""
import os
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent


def _env_flag(name, default):
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


SECRET_KEY = os.environ.get(
    "DJANGO_SECRET_KEY", "django-insecure-dev-only-change-me-for-any-real-server"
)
DEBUG = _env_flag("DJANGO_DEBUG", True)

ALLOWED_HOSTS = ["127.0.0.1", "localhost", "testserver"] + [
    host.strip()
    for host in os.environ.get("DJANGO_ALLOWED_HOSTS", "").split(",")
    if host.strip()
]

INSTALLED_APPS = [
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
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
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
            ],
        },
    },
]

WSGI_APPLICATION = "tournament.wsgi.application"
ASGI_APPLICATION = "tournament.asgi.application"

# SQLite file in the project folder unless DATABASE_URL says otherwise.
# Connections close after each request unless DJANGO_CONN_MAX_AGE says to keep
# them (a gunicorn deployment on PostgreSQL may set 60); kept connections of
# the live-server threads would also hold the test database open at teardown.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "0")),
    )
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "Europe/London"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LOGIN_URL = "/accounts/login/"
LOGIN_REDIRECT_URL = "/manage/"
LOGOUT_REDIRECT_URL = "/"

# Public pages are cached whole (tournament/cache.py).  The default is this
# process's memory, right for runserver and a single gunicorn worker; several
# workers need a shared cache, e.g. DJANGO_CACHE_URL-style Redis settings here.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "ingenious-public-pages",
        # Pages never expire by age: a change moves the version in their keys, so a
        # stale page is never reached again; MAX_ENTRIES bounds the memory.
        "TIMEOUT": None,
        "OPTIONS": {"MAX_ENTRIES": 5000},
    }
}
