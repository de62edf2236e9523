"""``manage.py serve`` (``make run``) as the tests start it: make run's
settings on a migrated scratch SQLite database, a free port, and the processes
under it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

from django.conf import settings

ROOT = Path(settings.BASE_DIR)
START_TIMEOUT = 90


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def run_env(tmp: Path, *, static: bool = True) -> dict[str, str]:
    """make run's settings on a migrated scratch SQLite database in ``tmp``
    (and its static files collected, unless not ``static``)."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"SECRET_KEY", "DEBUG", "ALLOWED_HOSTS", "DATABASE_URL"}
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.run",
        SECRET_KEY_FILE=str(tmp / ".secret-key"),
        DATABASE_URL=f"sqlite:///{tmp / 'db.sqlite3'}",
        MEDIA_ROOT=str(tmp / "media"),
        STATIC_ROOT=str(tmp / "static"),
    )
    commands = [["migrate", "--noinput"]]
    if static:
        commands.append(["collectstatic", "--noinput"])
    for command in commands:
        subprocess.run(
            [sys.executable, "manage.py", *command, "--verbosity", "0"],
            cwd=ROOT,
            env=env,
            check=True,
            timeout=300,
        )
    return env


def serve(
    env: dict[str, str], port: int, *, stderr=subprocess.DEVNULL
) -> tuple[subprocess.Popen, str]:
    """``serve`` on ``port`` with one web process of two threads, once it
    says it is running; returns the process and what it printed."""
    process = subprocess.Popen(
        [
            sys.executable,
            "manage.py",
            "serve",
            "--port",
            str(port),
            "--workers",
            "1",
            "--threads",
            "2",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=stderr,
        text=True,
    )
    lines: list[str] = []
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        lines.append(line)
        if "Press Ctrl-C" in line:
            break
    return process, "".join(lines)


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.kill()
    process.communicate(timeout=30)


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().split()[2] != "Z"
