"""bench.cluster_night for seconds: nginx, two nodes (gunicorn and a task
worker each), PostgreSQL and SeaweedFS's S3 store really run, a web server and
a worker are killed, and the figures land in results.json (a smoke test, no
timed assertion). It brings its own PostgreSQL, so it runs on the SQLite pass
of ``make test`` only."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(
    bool(os.environ.get("DATABASE_URL")),
    reason="starts its own PostgreSQL: run once, on the SQLite pass",
)
def test_a_short_cluster_night_survives_a_web_server_and_a_worker_killed(tmp_path):
    results = tmp_path / "results.json"
    env = {**os.environ, "CLUSTER_NIGHT_S": "12", "BENCH_RESULTS": str(results)}
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-m", "bench.cluster_night"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=400,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    figures = json.loads(results.read_text())
    assert figures["cluster_night_errors"] == 0
    assert figures["cluster_night_lost"] == 0
    assert figures["cluster_night_packs_late"] == 0
    assert figures["cluster_night_taps"] > 0
    assert figures["cluster_night_tap_p95_s"] > 0
    assert figures["cluster_night_worker_killed"] is True
    assert figures["cluster_night_web_server_killed"] is True
    assert figures["cluster_pack_across_nodes"] is True
