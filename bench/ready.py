"""``pack_ready_s`` of SITE.md: from the setup POST's response to the pack
stored, with one task worker running.

The largest pack (the demo scene with the most participants, seed 1) is set up
through ``make run``'s server (gunicorn and one ``db_worker``, bench/served.py),
as the player's browser would; the clock starts when the setup's redirect has
arrived and stops when the pack's render is recorded as stored. The median of
7 runs after one warm-up; before each run the planned battle is removed.

Run it as ``python -m bench.ready`` (``make bench`` runs every part).
"""

from __future__ import annotations

import shutil
import statistics
import tempfile
import time
from pathlib import Path

from bench.large import RUNS
from bench.results_file import merge_results
from bench.served import PASSWORD, ServedSite

TARGET_S = 3.0
WAIT_S = 120


def largest_scene(workdir: Path):
    """The demo loaded, its scene with the most fit participants made current."""
    from campaigns.models import Campaign
    from campaigns.selectors.lineup import scene_lineup
    from campaigns.services.demo import demo_seed
    from engines.enums import SceneStatus

    login = demo_seed(password=PASSWORD, login_file=workdir / ".demo-login")
    campaign = Campaign.objects.get(slug=login.campaign_slug)
    best, best_count = None, -1
    for scene in campaign.scenes.order_by("order", "id"):
        if scene.is_fighting():
            count = sum(1 for c in scene_lineup(scene=scene).characters if c.fit)
            if count > best_count:
                best, best_count = scene, count
    campaign.scenes.filter(status=SceneStatus.CURRENT).update(
        status=SceneStatus.PENDING
    )
    best.status = SceneStatus.CURRENT
    best.save(update_fields=["status"])
    return campaign, best


def one_run(site: ServedSite, campaign, scene) -> float:
    from campaigns.models import Battle
    from campaigns.printing.models import PackRender
    from campaigns.selectors.lineup import scene_lineup

    Battle.objects.filter(scene=scene, status="planned").delete()
    fit = [c.character.pk for c in scene_lineup(scene=scene).player if c.fit]
    answer = site.post(
        f"/campaigns/{campaign.slug}/scenes/{scene.slug}/setup/",
        {"stance": "recon", "participants": fit, "seed": 1},
    )
    started = time.perf_counter()
    if answer.status != 302:
        raise RuntimeError(f"the setup answered {answer.status}")
    battle_id = int(answer.location.rstrip("/").rsplit("/", 1)[1])
    deadline = time.monotonic() + WAIT_S
    while not PackRender.objects.filter(battle_id=battle_id, status="stored").exists():
        failed = PackRender.objects.filter(battle_id=battle_id, status="failed")
        if failed.exists() or time.monotonic() > deadline:
            raise RuntimeError(f"the pack of battle {battle_id} was not stored")
        time.sleep(0.01)
    return time.perf_counter() - started


def run(workdir: Path) -> dict:
    site = ServedSite(workdir)
    site.prepare()
    campaign, scene = largest_scene(workdir)
    site.log_in(campaign.owner)
    site.start()
    try:
        one_run(site, campaign, scene)  # warm-up
        times = [one_run(site, campaign, scene) for _ in range(RUNS)]
    finally:
        site.stop()
    return {"pack_ready_s": round(statistics.median(times), 4)}


def main() -> int:
    workdir = Path(tempfile.mkdtemp(prefix="bench-ready-"))
    try:
        figures = run(workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    merge_results(figures)
    value = figures["pack_ready_s"]
    verdict = "ok" if value <= TARGET_S else "MISSED"
    print(f"pack_ready_s             {value}  (target ≤ {TARGET_S}: {verdict})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
