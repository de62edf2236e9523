"""A throwaway PostgreSQL cluster in a directory, on a loopback port, that a
test can stop and start again (as .ci/with-postgres.sh does for the suite)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path


def postgres_bin() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    return found[-1].parent if found else None


class Cluster:
    """In a fresh directory under the system's temp folder (the ``postgres``
    user must reach it: a test's own tmp_path is private to root)."""

    def __init__(self):
        bin_dir = postgres_bin()
        if bin_dir is None:
            raise RuntimeError(
                "PostgreSQL is not installed: make test installs it "
                "(apt-get install postgresql)"
            )
        self.bin = bin_dir
        self.dir = Path(tempfile.mkdtemp(prefix="campaign-pg-fault-"))
        self.data = self.dir / "data"
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            self.port = sock.getsockname()[1]
        self.dir.chmod(0o755)
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "-A", "trust")

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, tool: str, *args: str) -> None:
        command = [str(self.bin / tool), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        options = (
            f"-h 127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off "
            "-c max_connections=40"
        )
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.dir / "log"), "-w",
            "-o", options, "start",
        )  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def remove(self) -> None:
        try:
            self.stop("immediate")
        except subprocess.CalledProcessError:
            pass
        shutil.rmtree(self.dir, ignore_errors=True)
