"""``python manage.py serve [--host H] [--port P] [--seed-demo]``: the web
server (gunicorn) and the task worker (``db_worker``) together, started and
stopped as one (``make run``)."""

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


def _die_with_parent() -> None:
    """In the child: be stopped when ``serve`` itself dies, however it dies."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


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
                self._welcome(host, port, login, with_worker=len(processes) > 1)
            while not stopping:
                for name, process in processes.items():
                    if process.poll() is not None:
                        raise CommandError(
                            f"The {name} stopped (exit {process.returncode}); "
                            "stopping the site."
                        )
                time.sleep(0.3)
        finally:
            self._stop(processes)
        self.stdout.write("Stopped the web server and the task worker.")

    # --- the processes ----------------------------------------------------------------

    def _start(
        self, host: str, port: int, workers: int, threads: int
    ) -> dict[str, subprocess.Popen]:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": settings.SETTINGS_MODULE,
            "ALLOWED_HOSTS": ",".join(settings.ALLOWED_HOSTS),
            "PYTHONUNBUFFERED": "1",
        }
        root = Path(settings.BASE_DIR)
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
        ]
        processes = {
            "web server": subprocess.Popen(
                web, cwd=root, env=env, preexec_fn=_die_with_parent
            )
        }
        if settings.TASKS["default"]["BACKEND"] == DATABASE_BACKEND:
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
            processes["task worker"] = subprocess.Popen(
                worker, cwd=root, env=env, preexec_fn=_die_with_parent
            )
        return processes

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
            web = processes["web server"]
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
