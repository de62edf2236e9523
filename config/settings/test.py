"""Settings for the test suite: fast hashing, in-memory email, a temp media folder."""

import os
import tempfile

os.environ.setdefault("DEBUG", "0")
os.environ.setdefault("SECRET_KEY", "test-secret-key-not-for-production")
os.environ.setdefault("MEDIA_ROOT", tempfile.mkdtemp(prefix="campaign-test-media-"))

from .base import *  # noqa: E402,F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1"]

# Serve static files straight from the finders (no collectstatic in tests).
WHITENOISE_AUTOREFRESH = True
WHITENOISE_USE_FINDERS = True
