"""``soak_sqlite_errors`` of SITE.md: 1,000 requests to ``make run``'s server on
SQLite (gunicorn and one task worker, bench/served.py), 4 at a time, one in
four a write.

The reads are the demo's dashboard, its current scene, its latest battle and
the chronicle. The writes go round set up, re-roll, discard, result and reopen
on the demo's current scene and latest battle (read from the database just
before each one, so racing writers may find the battle moved on: the site then
answers with its form or a message, which counts as answered). While there is
no battle (before the first set up), a battle's read is the scene's page and a
battle's write is the set up: no request names a battle not yet made. Every set up
and re-roll also sends a pack to the worker, which renders while the soak goes
on, writing to the same database.

An error is any answer that is not a 200 with the page's title or, for a
write, a redirect; no answer at all is an error too. The one exception is the
site's own 404 for a battle that a discard in the mix deleted while the
request was on its way (the battle is checked to be gone): that is the right
answer, counted apart as ``soak_sqlite_gone``. Bounded: every request
has a 30 s timeout and the soak stops after 10 minutes.

Run it as ``python -m bench.soak_sqlite`` (``make bench`` runs every part).
"""

from __future__ import annotations

import itertools
import re
import shutil
import statistics
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from bench.results_file import merge_results
from bench.served import PASSWORD, Answer, ServedSite

REQUESTS = 1000
GONE = -404
"""The status noted for the site's 404 of a battle discarded meanwhile."""
CONCURRENCY = 4
DEADLINE_S = 600


class Demo:
    """Where the demo is now, read afresh for each request."""

    def __init__(self, campaign):
        self.campaign = campaign
        self.slug = campaign.slug

    def scene(self):
        return self.campaign.current_scene()

    def battle(self):
        from campaigns.models import Battle

        return Battle.objects.filter(campaign=self.campaign).order_by("-pk").first()

    def battle_path(self, suffix: str = "") -> str | None:
        """The latest battle's address; None while there is none (the demo
        has none until its first set up, nor after every battle was
        discarded). Never a made-up battle's: a request for a battle that a
        set up going on creates a moment later would be answered 404, then
        found existing, and counted an error."""
        battle = self.battle()
        if battle is None:
            return None
        return f"/campaigns/{self.slug}/battles/{battle.pk}/{suffix}"

    def scene_path(self) -> str:
        return f"/campaigns/{self.slug}/scenes/{self.scene().slug}/"


def writes(site: ServedSite, demo: Demo):
    from campaigns.selectors.lineup import scene_lineup

    def set_up() -> Answer:
        scene = demo.scene()
        fit = [c.character.pk for c in scene_lineup(scene=scene).player if c.fit]
        path = f"/campaigns/{demo.slug}/scenes/{scene.slug}/setup/"
        return site.post(path, {"stance": "attack", "participants": fit})

    def on_battle(suffix: str, data: dict | None = None) -> Answer:
        """A write on the latest battle; with none yet, the set up instead."""
        path = demo.battle_path(suffix)
        return set_up() if path is None else site.post(path, data)

    def reroll() -> Answer:
        return on_battle("reroll/")

    def discard() -> Answer:
        return on_battle("discard/")

    def result() -> Answer:
        data = {"outcome": "victory", "end_reason": "rout", "ai_routed": "on"}
        return on_battle("result/", data)

    def reopen() -> Answer:
        return on_battle("reopen/")

    return [set_up, reroll, discard, set_up, result, reopen]


def reads(site: ServedSite, demo: Demo):
    return [
        lambda: site.get(f"/campaigns/{demo.slug}/"),
        lambda: site.get(demo.scene_path()),
        lambda: site.get(demo.battle_path() or demo.scene_path()),
        lambda: site.get(f"/campaigns/{demo.slug}/chronicle/"),
    ]


BATTLE_PATH = re.compile(r"/battles/(\d+)/")


def gone(answer: Answer) -> bool:
    """The site's 404 for a battle that no longer exists (discarded)."""
    from campaigns.models import Battle

    found = BATTLE_PATH.search(answer.path)
    return (
        answer.status == 404
        and answer.titled
        and found is not None
        and not Battle.objects.filter(pk=int(found[1])).exists()
    )


def ok(answer: Answer, write: bool) -> bool:
    if write and answer.status == 302:
        return True
    return answer.status == 200 and answer.titled


def soak(site: ServedSite, demo: Demo) -> dict:
    write_actions = itertools.cycle(writes(site, demo))
    read_actions = itertools.cycle(reads(site, demo))
    lock = threading.Lock()
    plan = [n % 4 == 3 for n in range(REQUESTS)]  # one in four a write
    started = time.monotonic()

    def one(write: bool) -> tuple[bool, float, int]:
        if time.monotonic() - started > DEADLINE_S:
            return False, 0.0, 0
        with lock:
            action = next(write_actions if write else read_actions)
        try:
            answer = action()
            if gone(answer):
                return True, answer.seconds, GONE
        except Exception:  # noqa: BLE001 - reading the demo's state failed
            return False, 0.0, -1
        return ok(answer, write), answer.seconds, answer.status

    with ThreadPoolExecutor(max_workers=CONCURRENCY) as pool:
        outcomes = list(pool.map(one, plan))
    errors = [status for good, _, status in outcomes if not good]
    discarded = [status for good, _, status in outcomes if good and status == GONE]
    times = sorted(t for _, t, _ in outcomes)
    return {
        "soak_sqlite_errors": len(errors),
        "soak_sqlite_p95_s": round(statistics.quantiles(times, n=20)[-1], 5),
        "soak_sqlite_requests": len(outcomes),
        "soak_sqlite_gone": len(discarded),
        "soak_sqlite_writes": sum(plan),
        "soak_sqlite_error_statuses": sorted(set(errors)),
    }


def run(workdir: Path) -> dict:
    site = ServedSite(workdir)
    site.prepare()
    from campaigns.models import Campaign
    from campaigns.services.demo import demo_seed

    login = demo_seed(password=PASSWORD, login_file=workdir / ".demo-login")
    campaign = Campaign.objects.get(slug=login.campaign_slug)
    site.log_in(campaign.owner)
    site.start()
    try:
        return soak(site, Demo(campaign))
    finally:
        site.stop()


def main() -> int:
    workdir = Path(tempfile.mkdtemp(prefix="bench-soak-sqlite-"))
    try:
        figures = run(workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    merge_results(
        {k: v for k, v in figures.items() if not k.endswith("error_statuses")}
    )
    for key, value in figures.items():
        print(f"{key}: {value}")
    return 1 if figures["soak_sqlite_errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
