"""``make run``'s site in a scratch directory, for the figures measured as a
player meets it (``pack_ready_s``, ``soak_sqlite_errors``).

The site runs under ``manage.py serve`` (gunicorn and one task worker) with the
run settings on a scratch SQLite database; the benchmark process shares that
database through Django to prepare the demo and to watch what the site stores.
"""

from __future__ import annotations

import http.client
import os
import re
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parent.parent
CSRF = "c" * 32  # an unmasked CSRF secret: the cookie and the field agree
PASSWORD = "bench-pass-1"
REQUEST_TIMEOUT = 30
TITLE = re.compile(rb"<title>[^<]*\S[^<]*</title>")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass(frozen=True)
class Answer:
    status: int  # 0: no HTTP answer
    location: str
    titled: bool
    seconds: float
    path: str = ""
    """The path asked for."""


class ServedSite:
    """Set up (migrate, static files, Django in this process), then ``serve``."""

    def __init__(self, workdir: Path):
        self.workdir = workdir
        self.port = free_port()
        self.env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.run",
            "RUN_HOST": "127.0.0.1",
            "DATABASE_URL": f"sqlite:///{workdir / 'db.sqlite3'}",
            "SECRET_KEY_FILE": str(workdir / ".secret-key"),
            "MEDIA_ROOT": str(workdir / "media"),
            "STATIC_ROOT": str(workdir / "static"),
        }
        for key in ("SECRET_KEY", "DEBUG", "ALLOWED_HOSTS"):
            self.env.pop(key, None)
        self.process: subprocess.Popen | None = None
        self.cookie = ""

    def prepare(self) -> None:
        os.environ.update(self.env)
        for key in ("SECRET_KEY", "DEBUG", "ALLOWED_HOSTS"):
            os.environ.pop(key, None)
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0)
        call_command("collectstatic", interactive=False, verbosity=0)

    def log_in(self, user) -> None:
        from django.conf import settings
        from django.contrib.sessions.backends.db import SessionStore

        session = SessionStore()
        session["_auth_user_id"] = str(user.pk)
        session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
        session["_auth_user_hash"] = user.get_session_auth_hash()
        session.create()
        self.cookie = f"{settings.SESSION_COOKIE_NAME}={session.session_key}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "manage.py", "serve", "--port", str(self.port)],
            cwd=ROOT,
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=open(os.environ.get("BENCH_SERVER_LOG", os.devnull), "w"),  # noqa: SIM115
        )
        deadline = time.monotonic() + 60
        while self.get("/accounts/login/").status != 200:
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("make run's server did not start")
            time.sleep(0.2)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def request(self, method: str, path: str, data: dict | None = None) -> Answer:
        headers = {"Cookie": f"{self.cookie}; csrftoken={CSRF}"}
        body = None
        if method == "POST":
            body = urlencode({"csrfmiddlewaretoken": CSRF, **(data or {})}, True)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        start = time.perf_counter()
        try:
            conn = http.client.HTTPConnection(
                "127.0.0.1", self.port, timeout=REQUEST_TIMEOUT
            )
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            content = response.read()
            conn.close()
        except OSError:
            return Answer(0, "", False, time.perf_counter() - start, path)
        return Answer(
            response.status,
            response.getheader("Location") or "",
            TITLE.search(content) is not None,
            time.perf_counter() - start,
            path,
        )

    def get(self, path: str) -> Answer:
        return self.request("GET", path)

    def post(self, path: str, data: dict | None = None) -> Answer:
        return self.request("POST", path, data)
