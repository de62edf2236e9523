"""``python manage.py serve [--host H] [--port P] [--seed-demo]``: the web
server (gunicorn) and the task worker (``db_worker``) together, started and
stopped as one (``make run``).

The task worker runs at a lower CPU priority than the web server (the phones'
taps come before a pack's render) and is supervised: one that stops is started
again after a back-off, with a line in the log, and the site keeps answering
meanwhile (a render it left half-done is sent again by the supervisor's sweep
once the worker falls silent: ``pack_renders_sweep``; a playtest it left
half-done is reported as failed: ``playtests_sweep``). Only the web server
stopping, or Ctrl-C, stops the site. gunicorn's control socket is off, so two
checkouts served on one machine do not share ``~/.gunicorn/gunicorn.ctl``."""

from __future__ import annotations

import ctypes
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from campaigns.services.demo import DemoSeedError, demo_seed
from config.addresses import ANY_HOST, site_addresses

STOP_WAIT_S = 20
START_WAIT_S = 60
DATABASE_BACKEND = "django_tasks_db.DatabaseBackend"
KEEP_ALIVE_S = 30
"""How long an idle connection stays open: longer than a phone's pause
between taps, so a tap never races gunicorn closing the connection."""
RESTART_BACKOFF_S = (1, 2, 4, 8, 15, 30)
"""Waits before starting a stopped task worker again, one step further for
each stop in a row; a worker that ran HEALTHY_RUN_S starts the steps over."""
HEALTHY_RUN_S = 60
SWEEP_EVERY_S = 2
"""How often the supervisor sends again the renders a dead worker left (and
reports the playtests it left as failed)."""
WEB = "web server"
WORKER = "task worker"


def _die_with_parent() -> None:
    """In the child: be stopped when ``serve`` itself dies, however it dies."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


WORKER_NICENESS = 10
"""How much lower the task worker's CPU priority is than the web server's: a
pack renders in the gaps between the phones' taps, never ahead of them."""


def _worker_child() -> None:
    """In the worker: be stopped with ``serve``, and yield the CPU to the web
    server."""
    _die_with_parent()
    os.nice(WORKER_NICENESS)


def _no_control_socket() -> list[str]:
    """gunicorn's control socket off (it defaults to one path per user, which
    two checkouts would share), where this gunicorn has one."""
    from gunicorn.config import KNOWN_SETTINGS

    names = {setting.name for setting in KNOWN_SETTINGS}
    return ["--no-control-socket"] if "control_socket_disable" in names else []


class Command(BaseCommand):
    help = (
        "Serve the site: the web server and the task worker together; Ctrl-C "
        "stops both."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--host", default="127.0.0.1", help="Address to listen on.")
        parser.add_argument("--port", type=int, default=8000, help="Port to listen on.")
        parser.add_argument(
            "--workers", type=int, default=2, help="Web server processes."
        )
        parser.add_argument(
            "--threads", type=int, default=4, help="Threads per web server process."
        )
        parser.add_argument(
            "--seed-demo",
            action="store_true",
            help="Add whatever of the demo is missing first and print its login.",
        )

    def handle(
        self,
        *args,
        host: str,
        port: int,
        workers: int,
        threads: int,
        seed_demo: bool,
        **options,
    ) -> None:
        if not 0 < port < 65536:
            raise CommandError(f"--port must be a number from 1 to 65535, not {port}.")
        if workers < 1 or threads < 1:
            raise CommandError("--workers and --threads must be at least 1.")
        self._check_port_free(host, port)
        login = None
        if seed_demo:
            try:
                login = demo_seed()
            except DemoSeedError as error:
                raise CommandError(str(error)) from error
        processes = self._start(host, port, workers, threads)
        stopping: list[int] = []

        def stop(signum, frame) -> None:
            stopping.append(signum)

        signal.signal(signal.SIGINT, stop)
        signal.signal(signal.SIGTERM, stop)
        try:
            self._wait_until_listening(host, port, processes, stopping)
            if not stopping:
                self._welcome(host, port, login, with_worker=WORKER in processes)
            self._supervise(processes, stopping)
        finally:
            self._stop(processes)
        self.stdout.write("Stopped the web server and the task worker.")

    def _supervise(
        self, processes: dict[str, subprocess.Popen], stopping: list[int]
    ) -> None:
        """Until Ctrl-C: a stopped web server stops the site; a stopped task
        worker is started again after a back-off."""
        started = time.monotonic()
        stops_in_a_row = 0
        restart_at: float | None = None
        swept_at = time.monotonic()
        while not stopping:
            web = processes[WEB]
            if web.poll() is not None:
                raise CommandError(
                    f"The web server stopped (exit {web.returncode}); stopping the "
                    "site."
                )
            worker = processes.get(WORKER)
            now = time.monotonic()
            if worker is not None and restart_at is None and worker.poll() is not None:
                if now - started >= HEALTHY_RUN_S:
                    stops_in_a_row = 0
                wait = RESTART_BACKOFF_S[
                    min(stops_in_a_row, len(RESTART_BACKOFF_S) - 1)
                ]
                stops_in_a_row += 1
                restart_at = now + wait
                self._log(
                    f"The task worker stopped (exit {worker.returncode}); starting "
                    f"it again in {wait} s. The site keeps running."
                )
            if restart_at is not None and now >= restart_at:
                processes[WORKER] = self._start_worker()
                started, restart_at = now, None
                self._log(
                    f"The task worker started again (pid {processes[WORKER].pid})."
                )
            if worker is not None and now >= swept_at + SWEEP_EVERY_S:
                swept_at = now
                self._sweep()
            time.sleep(0.3)

    def _sweep(self) -> None:
        """Send again the renders whose worker died or never came, and report
        as failed the playtests whose worker died: a worker that was killed
        cannot say so itself. A database that is down (restarting) is tried
        again at the next sweep."""
        from django.db import close_old_connections

        from campaigns.services.pack_render import pack_renders_sweep
        from campaigns.services.playtest import playtests_sweep

        try:
            sent = pack_renders_sweep()
            failed = playtests_sweep()
        except Exception as error:  # noqa: BLE001 - the site keeps running
            close_old_connections()
            self._log(
                f"Could not look at the pack renders and playtests ({error}); "
                "trying again."
            )
            return
        if sent:
            self._log(f"Sent {sent} pack render(s) again: their worker stopped.")
        if failed:
            self._log(
                f"Reported {failed} playtest(s) as failed: no worker is fighting them."
            )

    def _log(self, line: str) -> None:
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        self.stderr.write(f"[{stamp}] {line}")
        self.stderr.flush()

    # --- the processes ----------------------------------------------------------------

    def _env(self) -> dict[str, str]:
        return {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": settings.SETTINGS_MODULE,
            "ALLOWED_HOSTS": ",".join(settings.ALLOWED_HOSTS),
            "PYTHONUNBUFFERED": "1",
        }

    def _start(
        self, host: str, port: int, workers: int, threads: int
    ) -> dict[str, subprocess.Popen]:
        web = [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi:application",
            "--bind",
            f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
            "--workers",
            str(workers),
            "--threads",
            str(threads),
            "--worker-class",
            "gthread",
            "--timeout",
            "120",
            "--graceful-timeout",
            "10",
            "--keep-alive",
            str(KEEP_ALIVE_S),
            *_no_control_socket(),
        ]
        processes = {
            WEB: subprocess.Popen(
                web,
                cwd=Path(settings.BASE_DIR),
                env=self._env(),
                preexec_fn=_die_with_parent,
            )
        }
        if settings.TASKS["default"]["BACKEND"] == DATABASE_BACKEND:
            processes[WORKER] = self._start_worker()
        return processes

    def _start_worker(self) -> subprocess.Popen:
        worker = [
            sys.executable,
            "manage.py",
            "db_worker",
            "--no-reload",
            "--interval",
            "0.25",
            "--verbosity",
            "0",
        ]
        return subprocess.Popen(
            worker,
            cwd=Path(settings.BASE_DIR),
            env=self._env(),
            preexec_fn=_worker_child,
        )

    def _stop(self, processes: dict[str, subprocess.Popen]) -> None:
        for process in processes.values():
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + STOP_WAIT_S
        for process in processes.values():
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()

    # --- around them ---------------------------------------------------------------

    def _check_port_free(self, host: str, port: int) -> None:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        bind_host = "" if host in ANY_HOST else host
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((bind_host, port))
            except OSError as error:
                raise CommandError(
                    f"Cannot listen on {host}:{port}: {error.strerror}. Is the site "
                    "already running? Choose another port with PORT=…"
                ) from error

    def _wait_until_listening(
        self,
        host: str,
        port: int,
        processes: dict[str, subprocess.Popen],
        stopping: list[int],
    ) -> None:
        target = "127.0.0.1" if host in ANY_HOST else host
        deadline = time.monotonic() + START_WAIT_S
        while not stopping and time.monotonic() < deadline:
            web = processes[WEB]
            if web.poll() is not None:
                raise CommandError(
                    f"The web server did not start (exit {web.returncode})."
                )
            try:
                with socket.create_connection((target, port), timeout=1):
                    return
            except OSError:
                time.sleep(0.2)

    def _welcome(self, host: str, port: int, login, *, with_worker: bool) -> None:
        what = "web server and task worker" if with_worker else "web server"
        lines = ["", f"Warband Chronicle is running ({what}). Open it at:"]
        addresses = site_addresses(host, port)
        lines += [f"  {address}" for address in addresses]
        if host in ANY_HOST and len(addresses) == 1:
            lines.append("  (no network address found: only this machine can reach it)")
        elif host in ANY_HOST:
            lines.append(
                "Phones and tablets on the same network use the other addresses."
            )
        if login is not None:
            lines.append(f"Log in as {login.username} / {login.password}")
        lines.append("Press Ctrl-C to stop.")
        self.stdout.write("\n".join(lines))
        self.stdout.flush()
