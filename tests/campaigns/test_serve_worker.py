"""``manage.py serve`` keeps the site up when the task worker dies (the worker
runs at a lower CPU priority than the web server): the worker
killed in the middle of a render is started again (a line in the log says so),
the render it left is sent again within 15 s, the pack is still delivered, the
site answers throughout, and Ctrl-C stops the worker started again too. Two
checkouts served side by side on one machine share no control socket."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from datetime import UTC, datetime
from pathlib import Path

import pytest
from django.db import connection

from tests.campaigns import serve_helpers
from tests.campaigns.serve_helpers import ROOT, alive, children, command_line

pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="runs once, in the SQLite pass"
)

RESENT_WITHIN_S = 15
DELIVERED_WITHIN_S = 60


def fetch(port: int, path: str, cookie: str = "") -> tuple[int, bytes]:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}", headers={"Cookie": cookie}
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()
    except OSError:
        return 0, b""


class Watch(threading.Thread):
    """Asks for the login page every 0.2 s until stopped; keeps the statuses."""

    def __init__(self, port: int):
        super().__init__(daemon=True)
        self.port = port
        self.statuses: list[int] = []
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            self.statuses.append(fetch(self.port, "/accounts/login/")[0])
            time.sleep(0.2)


def worker_pid(serve_pid: int) -> int:
    found = [p for p in children(serve_pid) if "db_worker" in command_line(p)]
    assert len(found) == 1, [command_line(p) for p in children(serve_pid)]
    return found[0]


def render_row(database: Path, battle: int) -> tuple[str, int, datetime | None]:
    """The battle's render: status, attempts, when it was last sent."""
    with sqlite3.connect(database) as db:
        status, attempts, enqueued = db.execute(
            "SELECT status, attempts, enqueued_at FROM printing_packrender "
            "WHERE battle_id = ?",
            (battle,),
        ).fetchone()
    sent = datetime.fromisoformat(enqueued).replace(tzinfo=UTC) if enqueued else None
    return status, attempts, sent


@pytest.fixture
def night(tmp_path):
    """The site under ``serve`` with the demo's first battle set up, its first
    render hanging in the worker (slow_worker/sitecustomize.py)."""
    port = serve_helpers.free_port()
    env = serve_helpers.run_env(tmp_path)
    env.update(
        SITE_URL=f"http://127.0.0.1:{port}",
        SLOW_PACK_MARKER=str(tmp_path / "rendering"),
        PYTHONPATH=str(ROOT / "tests" / "campaigns" / "slow_worker"),
        PACK_RENDER_ATTEMPTS="3",
    )
    log = (tmp_path / "serve.log").open("w")
    process, printed = serve_helpers.serve(env, port, stderr=log)
    prepared = subprocess.run(
        [sys.executable, "-m", "tests.campaigns.fault_site", "prepare"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    yield process, port, json.loads(prepared.stdout), tmp_path
    serve_helpers.stop(process)
    log.close()


def test_a_worker_killed_mid_render_comes_back_and_the_pack_is_delivered(night):
    process, port, demo, tmp = night
    marker = tmp / "rendering"
    deadline = time.monotonic() + DELIVERED_WITHIN_S
    while not marker.exists():
        assert time.monotonic() < deadline, "the worker never started the render"
        time.sleep(0.1)
    doomed = worker_pid(process.pid)
    assert int(marker.read_text()) == doomed
    # The worker renders at a lower CPU priority than the web server.
    niceness = os.getpriority(os.PRIO_PROCESS, doomed)
    assert niceness == min(19, os.getpriority(os.PRIO_PROCESS, process.pid) + 10)
    watch = Watch(port)
    watch.start()

    killed_at = datetime.now(UTC)
    os.kill(doomed, signal.SIGKILL)
    battle_url = f"/campaigns/{demo['slug']}/battles/{demo['battle']}/"
    page = b""
    deadline = time.monotonic() + DELIVERED_WITHIN_S
    while b"Download battle pack" not in page and time.monotonic() < deadline:
        time.sleep(1)  # the battle page looks again every 2.5 s by itself
        page = fetch(port, battle_url, demo["cookie"])[1]
    status, pdf = fetch(port, f"{battle_url}pack.pdf", demo["cookie"])
    watch.done.set()
    watch.join()
    _, attempts, sent = render_row(tmp / "db.sqlite3", demo["battle"])
    log = (tmp / "serve.log").read_text()

    assert (b"Download battle pack" in page, status, pdf[:5]) == (True, 200, b"%PDF-")
    assert (attempts, (sent - killed_at).total_seconds() < RESENT_WITHIN_S) == (
        2,
        True,
    )
    assert set(watch.statuses) == {200}
    assert "The task worker stopped (exit -9); starting it again in 1 s." in log
    assert "The task worker started again" in log
    assert (process.poll(), worker_pid(process.pid) != doomed) == (None, True)


def test_ctrl_c_stops_a_worker_started_again(night):
    process, _, _, tmp = night
    os.kill(worker_pid(process.pid), signal.SIGKILL)
    deadline = time.monotonic() + 30
    while "started again" not in (tmp / "serve.log").read_text():
        assert time.monotonic() < deadline, "the worker was not started again"
        time.sleep(0.2)
    started = children(process.pid)
    process.send_signal(signal.SIGINT)
    process.wait(timeout=60)
    time.sleep(0.5)
    assert (process.returncode, [p for p in started if alive(p)]) == (0, [])


def test_two_checkouts_serve_side_by_side_with_no_shared_control_socket(tmp_path):
    """Two sites (own databases) on two ports for one user: both answer, one
    stopped leaves the other answering, and no control socket is made where
    gunicorn would put one per user (~/.gunicorn, $XDG_RUNTIME_DIR)."""
    home, runtime = tmp_path / "home", tmp_path / "runtime"
    home.mkdir()
    runtime.mkdir()
    sites = []
    try:
        for name in ("one", "two"):
            (tmp_path / name).mkdir()
            env = serve_helpers.run_env(tmp_path / name)
            env.update(HOME=str(home), XDG_RUNTIME_DIR=str(runtime))
            port = serve_helpers.free_port()
            sites.append((serve_helpers.serve(env, port)[0], port))
        both = [fetch(port, "/accounts/login/")[0] for _, port in sites]
        first, second = sites
        first[0].send_signal(signal.SIGINT)
        first[0].wait(timeout=60)
        after = fetch(second[1], "/accounts/login/")[0]
        sockets = sorted(
            str(p.relative_to(tmp_path)) for p in (*home.rglob("*"), *runtime.iterdir())
        )
    finally:
        for process, _ in sites:
            serve_helpers.stop(process)
    assert (both, after, sockets) == ([200, 200], 200, [])
