"""PostgreSQL restarted during a soak: requests fail cleanly (the site's own 500
page) only while it is down, then succeed again on the same server processes,
and the result being entered and reopened throughout is never half-applied.

The test runs its own throwaway cluster and gunicorn (make run's settings, with
persistent connections), so it runs once, in the SQLite pass of ``make test``,
in well under a minute.
"""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.db import connection

from tests.campaigns.pg_cluster import Cluster

# No skip when PostgreSQL is missing: `make test` installs it, so its absence
# is a broken setup and the cluster says so.
pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="runs once, in the SQLite pass"
)

ROOT = Path(settings.BASE_DIR)
CSRF = "b" * 32
UP_BEFORE_S = 4.0
DOWN_S = 3.0
UP_AFTER_S = 6.0
RECOVERY_S = 3.0
"""After PostgreSQL is back, how long requests may still fail (a worker's
connection being replaced)."""


@dataclass(frozen=True)
class Outcome:
    at: float
    kind: str
    status: int  # 0: no HTTP answer at all
    titled: bool


def site_env(tmp: Path, cluster: Cluster) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"SECRET_KEY", "DEBUG", "ALLOWED_HOSTS", "DATABASE_URL"}
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.run",
        DATABASE_URL=cluster.url,
        CONN_MAX_AGE="60",
        SECRET_KEY_FILE=str(tmp / ".secret-key"),
        MEDIA_ROOT=str(tmp / "media"),
        STATIC_ROOT=str(tmp / "static"),
        TASKS_BACKEND="django_tasks.backends.dummy.DummyBackend",
        ALLOWED_HOSTS="127.0.0.1",
    )
    return env


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    )
    return done.stdout


def request(port: int, method: str, path: str, cookie: str, body: str = "") -> tuple:
    headers = {"Cookie": f"{cookie}; csrftoken={CSRF}"}
    if body:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
        conn.request(method, path, body=body or None, headers=headers)
        response = conn.getresponse()
        content = response.read()
        conn.close()
    except OSError:
        return 0, False
    return response.status, b"<title>" in content


@pytest.fixture(scope="module")
def world(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("pg-restart")
    cluster = Cluster()
    cluster.start()
    server = None
    try:
        env = site_env(tmp, cluster)
        manage(env, "manage.py", "migrate", "--noinput", "--verbosity", "0")
        manage(env, "manage.py", "collectstatic", "--noinput", "--verbosity", "0")
        site = json.loads(manage(env, "-m", "tests.campaigns.fault_site", "prepare"))
        with __import__("socket").socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.wsgi:application",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                "2",
                "--threads",
                "2",
                "--worker-class",
                "gthread",
                "--log-level",
                "critical",
            ],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while (status := request(port, "GET", "/accounts/login/", "")[0]) != 200:
            assert time.monotonic() < deadline, f"gunicorn did not start ({status})"
            time.sleep(0.2)
        yield cluster, env, port, site, soak(cluster, port, site)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=30)
        cluster.remove()


def soak(cluster: Cluster, port: int, site: dict) -> dict:
    """Two readers and one writer (result, reopen, result …) while PostgreSQL
    is up, stopped for DOWN_S seconds, and up again."""
    base = f"/campaigns/{site['slug']}/battles/{site['battle']}/"
    result = urlencode(
        {
            "csrfmiddlewaretoken": CSRF,
            "outcome": "victory",
            "end_reason": "rout",
            f"p{site['fallen']}-fallen": "on",
        }
    )
    reopen = urlencode({"csrfmiddlewaretoken": CSRF})
    outcomes: list[Outcome] = []
    lock = threading.Lock()
    start = time.monotonic()
    end = start + UP_BEFORE_S + DOWN_S + UP_AFTER_S

    def record(kind: str, status: int, titled: bool, at: float) -> None:
        with lock:
            outcomes.append(Outcome(at - start, kind, status, titled))

    def reader(path: str) -> None:
        while time.monotonic() < end:
            at = time.monotonic()
            status, titled = request(port, "GET", path, site["cookie"])
            record("read", status, titled, at)
            time.sleep(0.05)

    def writer() -> None:
        while time.monotonic() < end:
            for path, body in ((base + "result/", result), (base + "reopen/", reopen)):
                at = time.monotonic()
                status, titled = request(port, "POST", path, site["cookie"], body)
                record("write", status, titled, at)
                time.sleep(0.05)

    threads = [
        threading.Thread(target=reader, args=(base,)),
        threading.Thread(target=reader, args=(f"/campaigns/{site['slug']}/",)),
        threading.Thread(target=writer),
    ]
    for thread in threads:
        thread.start()
    time.sleep(UP_BEFORE_S)
    down_at = time.monotonic() - start
    cluster.stop("fast")
    time.sleep(DOWN_S)
    cluster.start()
    up_at = time.monotonic() - start
    for thread in threads:
        thread.join(timeout=60)
    return {"outcomes": outcomes, "down_at": down_at, "up_at": up_at}


def failed(outcome: Outcome) -> bool:
    return outcome.status not in (200, 302)


def test_requests_fail_only_while_postgresql_is_down(world):
    *_, soaked = world
    outside = [
        o
        for o in soaked["outcomes"]
        if failed(o)
        and not soaked["down_at"] - 0.5 <= o.at <= soaked["up_at"] + RECOVERY_S
    ]
    assert outside == []


def test_the_restart_was_felt(world):
    *_, soaked = world
    assert any(failed(o) for o in soaked["outcomes"])


def test_a_failure_is_the_sites_own_error_page(world):
    *_, soaked = world
    answers = {(o.status, o.titled) for o in soaked["outcomes"] if failed(o)}
    assert answers == {(500, True)}


def test_reads_and_writes_succeed_again_after_the_restart(world):
    *_, soaked = world
    after = [o for o in soaked["outcomes"] if o.at > soaked["up_at"] + RECOVERY_S]
    kinds = {o.kind for o in after if not failed(o)}
    assert (kinds, [o for o in after if failed(o)]) == ({"read", "write"}, [])


def test_no_result_is_half_applied(world):
    _, env, _, site, _ = world
    check = manage(
        env, "-m", "tests.campaigns.fault_site", "check", str(site["battle"])
    )
    assert json.loads(check)["consistent"] is True
