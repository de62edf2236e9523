"""The soak figures of SITE.md: ``soak_errors`` and ``soak_p95_s``.

2,000 requests over loopback, 4 at a time, to gunicorn serving the production
settings on a throwaway PostgreSQL 15 cluster (started by .ci/with-postgres.sh
when DATABASE_URL is not PostgreSQL already). The pages are those of
``page_p50_s`` on the large generated campaign, requested in turn as the owner.
An error is any response that is not a 200 carrying the page's title. Bounded:
every request has a 30 s timeout and the whole soak stops after 10 minutes.

Run it as ``python -m bench.soak`` (``make bench`` runs every part).
"""

from __future__ import annotations

import http.client
import os
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.large import PAGES
from bench.results_file import merge_results

ROOT = Path(__file__).resolve().parent.parent
REQUESTS = 2000
CONCURRENCY = 4
REQUEST_TIMEOUT = 30
DEADLINE_S = 600
TITLE = re.compile(rb"<title>[^<]*\S[^<]*</title>")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def prepare(workdir: Path) -> tuple[dict[str, str], str, dict[str, str]]:
    """Migrate, build the large campaign, log the owner in; return the server's
    environment, the session cookie and the page paths."""
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        "MEDIA_ROOT": str(workdir / "media"),
        "CONN_MAX_AGE": "60",
    }
    os.environ.update(env)
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    from bench.large import build_large

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    owner, _, urls = build_large("soak", 1.0, "soak-owner")
    session = SessionStore()
    session["_auth_user_id"] = str(owner.pk)
    session["_auth_user_backend"] = "django.contrib.auth.backends.ModelBackend"
    session["_auth_user_hash"] = owner.get_session_auth_hash()
    session.create()
    return env, f"{settings.SESSION_COOKIE_NAME}={session.session_key}", urls


def wait_for(port: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not start")


def fetch(port: int, path: str, cookie: str) -> tuple[bool, float]:
    start = time.perf_counter()
    try:
        connection = http.client.HTTPConnection(
            "127.0.0.1", port, timeout=REQUEST_TIMEOUT
        )
        # The production settings expect HTTPS behind a proxy: say so, as one would.
        connection.request(
            "GET", path, headers={"Cookie": cookie, "X-Forwarded-Proto": "https"}
        )
        response = connection.getresponse()
        body = response.read()
        connection.close()
        ok = response.status == 200 and TITLE.search(body) is not None
    except OSError:
        ok = False
    return ok, time.perf_counter() - start


def soak(port: int, cookie: str, urls: dict[str, str]) -> dict:
    paths = [urls[PAGES[n % len(PAGES)]] for n in range(REQUESTS)]
    started = time.monotonic()
    outcomes: list[tuple[bool, float]] = []
    with ThreadPoolExecutor(max_workers=CONCURRENCY) as pool:
        futures = [pool.submit(fetch, port, path, cookie) for path in paths]
        for future in futures:
            remaining = DEADLINE_S - (time.monotonic() - started)
            if remaining <= 0:
                future.cancel()
                outcomes.append((False, 0.0))
                continue
            outcomes.append(future.result(timeout=remaining + REQUEST_TIMEOUT))
    times = sorted(t for _, t in outcomes)
    return {
        "soak_errors": sum(1 for ok, _ in outcomes if not ok),
        "soak_p95_s": round(statistics.quantiles(times, n=20)[-1], 5),
        "soak_requests": len(outcomes),
    }


def run() -> dict:
    workdir = Path(tempfile.mkdtemp(prefix="bench-soak-"))
    try:
        env, cookie, urls = prepare(workdir)
        port = free_port()
        gunicorn = shutil.which("gunicorn", path=str(Path(sys.executable).parent))
        server = subprocess.Popen(
            [
                gunicorn or "gunicorn",
                "config.wsgi",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                "3",
                "--log-level",
                "warning",
            ],
            cwd=ROOT,
            env=env,
        )
        try:
            wait_for(port)
            return soak(port, cookie, urls)
        finally:
            server.terminate()
            server.wait(timeout=30)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)


def main() -> int:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        script = ROOT / ".ci" / "with-postgres.sh"
        command = ["bash", str(script), sys.executable, "-m", "bench.soak"]
        return subprocess.run(command, cwd=ROOT, check=False).returncode
    figures = run()
    merge_results(figures)
    for key, value in figures.items():
        print(f"{key}: {value}")
    return 1 if figures["soak_errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
