"""bench.club_night for a few seconds: the night runs against make run's server
and writes every figure SITE.md names (a smoke test, no timed assertion)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_short_club_night_writes_its_figures(tmp_path):
    """Phones, laptops and the hall play for seconds: no errors, nothing lost,
    and results.json carries every club night and hall figure."""
    results = tmp_path / "results.json"
    env = {
        **os.environ,
        "CLUB_NIGHT_S": "4",
        "HALL_S": "2",
        "CLUB_NIGHT_PG_S": "0",
        "BENCH_RESULTS": str(results),
    }
    env.pop("DATABASE_URL", None)
    done = subprocess.run(
        [sys.executable, "-m", "bench.club_night"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    figures = json.loads(results.read_text())
    assert figures["club_night_errors"] == 0
    assert figures["club_night_lost"] == 0
    assert figures["club_night_packs_late"] == 0
    assert figures["club_night_taps"] > 0
    assert figures["hall_taps"] > 0
    assert set(figures["club_night_tap_p95_s"]) == {"sqlite"}
    assert figures["hall_tap_p95_s"] > 0
