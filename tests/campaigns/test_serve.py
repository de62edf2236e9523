"""``manage.py serve`` (``make run``): the web server and the task worker start
together, serve the pages and the static files with DEBUG off, and stop
together; a port in use is a one-line error."""

from __future__ import annotations

import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest
from django.db import connection

from tests.campaigns import serve_helpers
from tests.campaigns.serve_helpers import ROOT, alive, children, free_port

# The site runs on its own scratch SQLite database: once, in the SQLite pass.
pytestmark = pytest.mark.skipif(
    connection.vendor != "sqlite", reason="runs once, in the SQLite pass"
)


@pytest.fixture(scope="module")
def run_env(tmp_path_factory) -> dict[str, str]:
    """make run's settings on a migrated scratch SQLite database."""
    return serve_helpers.run_env(tmp_path_factory.mktemp("serve"))


@pytest.fixture(scope="module")
def site(run_env):
    """The site under ``serve``; yields (process, port, first lines printed)."""
    port = free_port()
    process, printed = serve_helpers.serve(run_env, port)
    yield process, port, printed
    serve_helpers.stop(process)


def get(port: int, path: str) -> tuple[int, str]:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=30) as r:
        return r.status, r.read().decode(errors="replace")


def test_serve_prints_where_to_open_the_site(site):
    _, port, printed = site
    assert f"  http://127.0.0.1:{port}/\n" in printed


def test_serve_starts_the_web_server_and_the_task_worker(site):
    process, _, printed = site
    assert "(web server and task worker)" in printed
    assert len(children(process.pid)) == 2


def test_serve_serves_the_login_page(site):
    _, port, _ = site
    status, html = get(port, "/accounts/login/")
    assert (status, "<title>" in html) == (200, True)


def test_serve_serves_static_files_through_whitenoise(site):
    _, port, _ = site
    _, html = get(port, "/accounts/login/")
    css = re.search(r'href="(/static/css/site\.[0-9a-f]+\.css)"', html).group(1)
    assert get(port, css)[0] == 200


def answer(port: int, path: str) -> tuple[int, str]:
    """The status and body, an error status included."""
    try:
        return get(port, path)
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def test_serve_shows_the_sites_own_404_page_not_the_debug_page(site):
    _, port, _ = site
    status, html = answer(port, "/no-such-page/")
    assert (status, "<h1>Not found</h1>" in html, "Traceback" in html) == (
        404,
        True,
        False,
    )


def test_serve_shows_the_sites_own_405_page(site):
    """Logging out by GET: the site's page saying what the address takes."""
    _, port, _ = site
    status, html = answer(port, "/accounts/logout/")
    assert (status, "<h1>Not this way</h1>" in html) == (405, True)


def test_serve_serves_the_favicon(site):
    _, port, _ = site
    status, _ = answer(port, "/favicon.ico")
    assert status == 200


def test_ctrl_c_stops_the_web_server_and_the_task_worker(site):
    process, _, _ = site
    started = children(process.pid)
    process.send_signal(signal.SIGINT)
    process.wait(timeout=60)
    time.sleep(0.5)
    assert (process.returncode, [p for p in started if alive(p)]) == (0, [])


def test_a_port_in_use_is_a_one_line_error(run_env):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "manage.py", "serve", "--port", str(port)],
            cwd=ROOT,
            env=run_env,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert (done.returncode, done.stderr.count("\n")) == (1, 1)
    assert "Is the site already running?" in done.stderr
