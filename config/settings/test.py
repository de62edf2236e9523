"""Settings for the test suite: fast hashing, in-memory email, a temp media folder,
a SQLite test database in a file (so threads and processes share it), tasks run
at once."""

import os
import tempfile
from pathlib import Path

os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECRET_KEY", "test-secret-key-not-for-production")
os.environ.setdefault("MEDIA_ROOT", tempfile.mkdtemp(prefix="campaign-test-media-"))

from .base import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
# The suite's own logins (many, some failing on purpose, and the test client's
# login() that passes no request) never lock anyone out: django-axes is off,
# and tests/campaigns/test_login_throttle.py turns it on.
AXES_ENABLED = False
# Every test reads the table context afresh (test_table_cache.py turns it on).
TABLE_CONTEXT_CACHE_S = 0
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]

# Serve static files straight from the finders (no collectstatic in tests).
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True

# The SQLite test database is a file, not memory: the concurrency tests write
# from several threads at once on their own connections, as a web server does,
# and that needs the real file locks (WAL, busy timeout) of base.py. In shared
# memory where there is one, so it stays quick.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    _SHM = Path("/dev/shm")
    _TEST_DB = (_SHM if _SHM.is_dir() else Path(tempfile.gettempdir())) / (
        f"campaign-test-{os.getpid()}.sqlite3"
    )
    DATABASES["default"]["TEST"] = {"NAME": str(_TEST_DB)}  # noqa: F405

# Background tasks run at once, in the process that enqueues them (renders
# happen when a transaction commits: TransactionTestCase-style tests, or
# django_capture_on_commit_callbacks(execute=True)).
# A worker process started by a test (tests/campaigns/pack_worker.py) names the
# database backend in TASKS_BACKEND.
TASKS = {
    "default": {
        "BACKEND": os.environ.get(
            "TASKS_BACKEND", "django_tasks.backends.immediate.ImmediateBackend"
        )
    }
}
