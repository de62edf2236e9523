"""``make run``: the whole site on this machine, with DEBUG off.

Plain HTTP on the table's network (no HTTPS redirect, no secure-only cookies),
static files through whitenoise, SQLite unless DATABASE_URL says otherwise.
The secret key is kept in the git-ignored file ``.secret-key``, written once;
ALLOWED_HOSTS are the names the server answers to: the loopback names, or, when
it listens on every address (HOST=0.0.0.0), every address of the machine too,
so a phone on the same network gets in.
"""

import os
import secrets
from pathlib import Path

from config.addresses import host_names

_BASE = Path(__file__).resolve().parent.parent.parent
SECRET_KEY_FILE = Path(os.environ.get("SECRET_KEY_FILE", _BASE / ".secret-key"))


def _secret_key() -> str:
    try:
        fd = os.open(SECRET_KEY_FILE, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return SECRET_KEY_FILE.read_text().strip()
    with os.fdopen(fd, "w") as file:
        file.write(secrets.token_urlsafe(50) + "\n")
    return SECRET_KEY_FILE.read_text().strip()


os.environ["DEBUG"] = "0"
if not os.environ.get("SECRET_KEY"):
    os.environ["SECRET_KEY"] = _secret_key()
if not os.environ.get("ALLOWED_HOSTS"):
    os.environ["ALLOWED_HOSTS"] = ",".join(
        host_names(os.environ.get("RUN_HOST", "127.0.0.1"))
    )

from .base import *  # noqa: E402,F403

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage",
    },
}
