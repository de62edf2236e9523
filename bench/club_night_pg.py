"""The club night on PostgreSQL (bench/club_night.py's night on a throwaway
PostgreSQL cluster): the task worker is killed once a third of the way in
(``serve`` starts it again) and the database is stopped and started again
two thirds of the way in. Errors while the database is down, and for
``DOWN_GRACE_S`` after it is back, are counted apart; every other error counts.

Run by bench/club_night.py in a process of its own (its Django talks to
PostgreSQL); it prints its figures as one JSON line. ``CLUB_NIGHT_PG_S``
(300) sets the night's length.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import tempfile
import threading
import time
from pathlib import Path

from bench.club_night import (
    LAPTOPS,
    PHONES,
    crowd,
    drop_connection,
    lost,
    p95,
    packs_late,
    seconds,
)
from bench.served import PASSWORD, ServedSite
from bench.soak_sqlite import Demo

DOWN_S = 3
"""How long the database stays stopped."""
DOWN_GRACE_S = 5
"""After the database is back, errors are still excepted this long."""


def children(pid: int) -> list[int]:
    """The processes ``pid`` started (read from /proc)."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found += [int(p) for p in (task / "children").read_text().split()]
        except OSError:
            continue
    return found


def worker_kill(site: ServedSite) -> bool:
    """Kill the task worker ``serve`` started (this bench's own child's child)."""
    if site.process is None:
        return False
    for pid in children(site.process.pid):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"db_worker" in command:
            os.kill(pid, signal.SIGKILL)
            return True
    return False


def faults(site: ServedSite, cluster, span: float, down: list) -> None:
    """The worker killed at a third, the database restarted at two thirds."""
    started = time.monotonic()
    time.sleep(span / 3)
    down.append(("worker_killed", worker_kill(site)))
    time.sleep(max(0.0, started + 2 * span / 3 - time.monotonic()))
    stopped = time.monotonic()
    cluster.stop("fast")
    time.sleep(DOWN_S)
    cluster.start()
    down.append(("database", (stopped, time.monotonic() + DOWN_GRACE_S)))


def run(workdir: Path) -> dict:
    from tests.campaigns.pg_cluster import Cluster

    cluster = Cluster()
    cluster.start()
    try:
        site = ServedSite(workdir)
        site.env["DATABASE_URL"] = cluster.url
        site.prepare()
        from campaigns.models import Campaign
        from campaigns.services.demo import demo_seed

        login = demo_seed(password=PASSWORD, login_file=workdir / ".demo-login")
        campaign = Campaign.objects.get(slug=login.campaign_slug)
        site.log_in(campaign.owner)
        site.start()
        span = seconds("CLUB_NIGHT_PG_S", 300)
        down: list = []
        fault = threading.Thread(target=faults, args=(site, cluster, span, down))
        try:
            fault.start()
            night = crowd(site, Demo(campaign), PHONES, LAPTOPS, span, (2.0, 2.0))
            fault.join(timeout=120)
        finally:
            site.stop()
        drop_connection()  # this thread's was cut by the restart
        window = dict(down).get("database", (0.0, 0.0))
        counted = [e for e in night.errors if not window[0] <= e[0] <= window[1]]
        night.packs = [
            p for p in night.packs if not window[0] - 10 <= p[0] <= window[1]
        ]
        return {
            "errors": len(counted),
            "errors_while_down": len(night.errors) - len(counted),
            "tap_p95_s": p95(night.tap_times),
            "packs_late": packs_late(night),
            "lost": lost(night),
            "taps": len(night.tap_times),
            "worker_killed": dict(down).get("worker_killed", False),
            "database_restarted": "database" in dict(down),
            "samples": sorted({text for _, text in counted})[:10],
        }
    finally:
        cluster.remove()


def main() -> int:
    workdir = Path(tempfile.mkdtemp(prefix="bench-club-night-pg-"))
    workdir.chmod(0o755)
    try:
        figures = run(workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
