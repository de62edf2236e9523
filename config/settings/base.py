"""Settings shared by every environment, read from the environment."""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item]


DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"  # noqa: S105

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "localhost,127.0.0.1")

# Absolute URL of the site for links printed on paper (the result form's QR code).
# Unset, the pack uses the address the player reached the site at.
SITE_URL = os.environ.get("SITE_URL", "").rstrip("/")

INSTALLED_APPS = [
    "campaigns.admin_site.ChronicleAdminConfig",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "csp",
    "axes",
    "django_tasks",
    "django_tasks_db",
    "campaigns",
    "campaigns.printing",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "campaigns.middleware.CompleteFormMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "campaigns.middleware.MethodNotAllowedPageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: turns a locked-out login into its page.
    "axes.middleware.AxesMiddleware",
]

# Content security policy: everything from this origin only; no inline script or
# style anywhere on the site's own pages (the templates have none).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    # An empty DATABASE_URL counts as unset: the SQLite file in the project.
    "default": dj_database_url.parse(
        os.environ.get("DATABASE_URL") or f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
        conn_health_checks=True,
    )
}

# SQLite behind a web server: readers never block the writer (WAL), a write
# waits up to SQLITE_BUSY_TIMEOUT seconds for the lock instead of failing with
# "database is locked", and every transaction takes the write lock when it
# begins (IMMEDIATE), so two writers queue up rather than deadlock on upgrading
# a read lock (which no timeout can cure). PostgreSQL needs none of this.
SQLITE_BUSY_TIMEOUT = float(os.environ.get("SQLITE_BUSY_TIMEOUT", "20"))
SQLITE_OPTIONS = {
    "transaction_mode": "IMMEDIATE",
    "timeout": SQLITE_BUSY_TIMEOUT,
    "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(SQLITE_OPTIONS)

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

_VALIDATORS = "django.contrib.auth.password_validation"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": f"{_VALIDATORS}.UserAttributeSimilarityValidator"},
    {"NAME": f"{_VALIDATORS}.MinimumLengthValidator"},
    {"NAME": f"{_VALIDATORS}.CommonPasswordValidator"},
    {"NAME": f"{_VALIDATORS}.NumericPasswordValidator"},
]

# Logins (the site's and the admin's) are throttled by django-axes: after
# AXES_FAILURE_LIMIT failed logins for one username from one address, that pair
# is locked out for AXES_COOLOFF_TIME from the failure that locked it (more
# tries meanwhile do not lengthen it); the login page says so
# (campaigns/views/accounts.py). AXES_ENABLED=0 turns it off. The
# admin lifts a lock by deleting its access attempt ("Access attempts"), or
# `manage.py axes_reset_username NAME`. A successful login clears the count.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_ENABLED = env_bool("AXES_ENABLED", True)
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "campaigns.views.accounts.locked_out"
# How many reverse proxies stand in front of the site (nginx: 1); the lockout's
# address is then the one the outermost proxy saw (campaigns/client_ip.py).
PROXY_COUNT = int(os.environ.get("PROXY_COUNT", "0"))
AXES_CLIENT_IP_CALLABLE = "campaigns.client_ip.client_ip"

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "campaigns:home"
LOGOUT_REDIRECT_URL = "login"
# Anyone may make an account at /accounts/signup/ (and then build their own
# campaigns); off, accounts are made by the site's admin.
SIGNUP_OPEN = env_bool("SIGNUP_OPEN")

LANGUAGE_CODE = "en-gb"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", BASE_DIR / "staticfiles"))
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", BASE_DIR / "media"))
MEDIA_URL = "media/"

STORAGES: dict[str, dict[str, Any]] = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage",
    },
}

FIXTURE_DIRS = [BASE_DIR / "fixtures"]

# Request and upload limits. A campaign file (the only upload) may be up to
# CAMPAIGN_IMPORT_MAX_BYTES; past 2.5 MB it streams to a temporary file, and past
# the limit it is counted, not kept (campaigns/uploads.py). Files do not count
# towards DATA_UPLOAD_MAX_MEMORY_SIZE, which caps every other form post.
CAMPAIGN_IMPORT_MAX_BYTES = int(
    os.environ.get("CAMPAIGN_IMPORT_MAX_BYTES", str(32 * 1024 * 1024))
)
FILE_UPLOAD_HANDLERS = [
    "campaigns.uploads.UploadLimitHandler",
    "django.core.files.uploadhandler.MemoryFileUploadHandler",
    "django.core.files.uploadhandler.TemporaryFileUploadHandler",
]
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2000

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {
        # A server error's traceback on the server's standard error, DEBUG or not.
        "django.request": {"handlers": ["console"], "level": "ERROR"},
        # WeasyPrint logs every refused URL at WARNING; the fetcher already decides.
        "weasyprint": {"handlers": ["console"], "level": "ERROR"},
        "fontTools": {"handlers": ["console"], "level": "ERROR"},
    },
}

# Table mode keeps a battle's table context in each web process's memory between
# two decisions for up to this many seconds (campaigns/selectors/table_cache.py);
# 0 reads it afresh on every request.
TABLE_CONTEXT_CACHE_S = int(os.environ.get("TABLE_CONTEXT_CACHE_S", "20"))

# Background work (Django's tasks API; the django-tasks backport until Django 6).
# The database backend keeps the queue in the site's database: run one or more
# ``manage.py db_worker`` processes, on this machine or others sharing it.
TASKS = {
    "default": {
        "BACKEND": os.environ.get("TASKS_BACKEND", "django_tasks_db.DatabaseBackend"),
    }
}

# Battle packs rendered in the background (campaigns/tasks.py). A render that
# runs past PACK_RENDER_TIME_LIMIT seconds is stopped and reported. The worker
# rendering one says it is still at it every PACK_RENDER_HEARTBEAT seconds; a
# render whose worker went silent for PACK_RENDER_SILENCE seconds (the worker
# died), or that no worker has finished PACK_RENDER_TIME_LIMIT +
# PACK_RENDER_GRACE seconds after it started, or that waited PACK_QUEUE_TIMEOUT
# seconds for a worker, is sent again, up to PACK_RENDER_ATTEMPTS times in all,
# then reported on the battle page with a Retry button.
PACK_RENDER_TIME_LIMIT = int(os.environ.get("PACK_RENDER_TIME_LIMIT", "60"))
PACK_RENDER_GRACE = int(os.environ.get("PACK_RENDER_GRACE", "30"))
PACK_RENDER_HEARTBEAT = float(os.environ.get("PACK_RENDER_HEARTBEAT", "2"))
PACK_RENDER_SILENCE = float(os.environ.get("PACK_RENDER_SILENCE", "8"))
PACK_QUEUE_TIMEOUT = int(os.environ.get("PACK_QUEUE_TIMEOUT", "120"))
PACK_RENDER_ATTEMPTS = int(os.environ.get("PACK_RENDER_ATTEMPTS", "2"))

# Playtests (RULES §7) run on the task worker (campaigns/tasks.py): one that runs
# past PLAYTEST_TIME_LIMIT seconds is stopped and kept as failed; its progress is
# written at most every PLAYTEST_PROGRESS_EVERY seconds, and the worker marks it
# alive every PLAYTEST_HEARTBEAT seconds. ``serve``'s sweep (and the scene's next
# playtest asked for) reports as failed one whose worker went silent for
# PLAYTEST_SILENCE seconds (the worker died: longer than SQLITE_BUSY_TIMEOUT, so
# a beat that waited on the lock is not taken for a death), or that waited
# PLAYTEST_TIME_LIMIT + PLAYTEST_GRACE seconds for a worker. PLAYTEST_JOBS
# processes fight it.
PLAYTEST_TIME_LIMIT = int(os.environ.get("PLAYTEST_TIME_LIMIT", "900"))
PLAYTEST_GRACE = int(os.environ.get("PLAYTEST_GRACE", "60"))
PLAYTEST_PROGRESS_EVERY = float(os.environ.get("PLAYTEST_PROGRESS_EVERY", "2"))
PLAYTEST_HEARTBEAT = float(os.environ.get("PLAYTEST_HEARTBEAT", "2"))
PLAYTEST_SILENCE = float(os.environ.get("PLAYTEST_SILENCE", "30"))
PLAYTEST_JOBS = int(os.environ.get("PLAYTEST_JOBS", "1"))
