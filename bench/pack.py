"""The battle pack figures of SITE.md: ``pack_*`` in bench/results.json.

"The largest pack" is the demo scene with the most participants (every fit
character of its companies), set up with seed 1 in a scratch SQLite database.
Timings are medians of 7 runs after one warm-up:

- ``pack_render_s``: the site's own code from the battle to PDF bytes
  (selector, layout, template, WeasyPrint), the pack store bypassed;
- ``pack_raw_weasyprint_s``: WeasyPrint alone on the same final HTML, with the
  same locked-down fetcher;
- ``pack_chromium_s``: a whole ``chromium --headless --print-to-pdf`` process
  on the same HTML, its CSS inlined into a temporary file;
- ``pack_cached_s``: the pack URL through Django's test client when the pack
  is already stored (the production path: selector, key, storage, response).

Run it as ``python -m bench.pack`` (``make bench`` runs every part).
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

from bench.large import median_time, setup_django

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
TARGETS = {
    "pack_overhead_ratio": 1.15,
    "pack_vs_chromium": 1.2,
    "pack_cached_s": 0.02,
}
PASSWORD = "bench-pass-1"


def largest_battle(workdir: Path):
    """Load the demo and set up its scene with the most participants, seed 1."""
    from campaigns.models import Campaign
    from campaigns.selectors.lineup import scene_lineup
    from campaigns.services.battle_setup import battle_set_up
    from campaigns.services.demo import demo_seed
    from engines.enums import SceneStatus

    login = demo_seed(password=PASSWORD, login_file=workdir / ".demo-login")
    campaign = Campaign.objects.get(slug=login.campaign_slug)
    best, best_count = None, -1
    for scene in campaign.scenes.order_by("order", "id"):
        if not scene.is_fighting():
            continue
        lineup = scene_lineup(scene=scene)
        count = sum(1 for c in lineup.characters if c.fit)
        if count > best_count:
            best, best_count = scene, count
    campaign.scenes.filter(status=SceneStatus.CURRENT).update(
        status=SceneStatus.PENDING
    )
    best.status = SceneStatus.CURRENT
    best.save(update_fields=["status"])
    lineup = scene_lineup(scene=best)
    battle = battle_set_up(
        scene=best,
        stance="recon",
        participant_ids=lineup.default_participant_ids(),
        seed=1,
    )
    return battle, login


def chromium_html(html: str) -> str:
    """The pack's HTML for a file on disk: the CSS inlined, fonts by file URL."""
    from campaigns.printing.render import static_root

    css = (static_root() / "css" / "print.css").read_text()
    fonts = (static_root() / "fonts").resolve().as_uri()
    css = re.sub(r'url\("\.\./fonts/', f'url("{fonts}/', css)
    return html.replace(
        '<link rel="stylesheet" href="css/print.css">', f"<style>{css}</style>"
    )


def chromium_time(html: str, workdir: Path) -> float | None:
    if not Path(CHROMIUM).exists():
        return None
    source = workdir / "pack.html"
    source.write_text(chromium_html(html))
    target = workdir / "chromium.pdf"
    profile = workdir / "chromium-profile"
    command = [
        CHROMIUM,
        *CHROMIUM_FLAGS,
        f"--user-data-dir={profile}",
        f"--print-to-pdf={target}",
        source.as_uri(),
    ]

    def run() -> None:
        target.unlink(missing_ok=True)
        subprocess.run(command, check=True, capture_output=True, timeout=120)
        if not target.exists():
            raise RuntimeError("chromium wrote no PDF")

    return median_time(run)


def measure(workdir: Path) -> dict[str, float | int | None]:
    import pypdf
    import weasyprint
    from django.test import Client
    from django.urls import reverse

    from campaigns.printing.battle_pack import battle_pack_html, battle_pack_pdf
    from campaigns.printing.pack_store import stored_pack
    from campaigns.printing.render import STATIC_BASE, StaticOnlyFetcher, static_root

    battle, login = largest_battle(workdir)
    html = battle_pack_html(battle)
    pdf = battle_pack_pdf(battle)

    def raw_weasyprint() -> bytes:
        fetcher = StaticOnlyFetcher(static_root=static_root())
        return weasyprint.HTML(
            string=html, base_url=STATIC_BASE, url_fetcher=fetcher
        ).write_pdf()

    render_s = median_time(lambda: battle_pack_pdf(battle))
    raw_s = median_time(raw_weasyprint)
    chromium_s = chromium_time(html, workdir)

    from django.conf import settings

    # Stored for the address the download is asked at: the configured one,
    # else the test client's host (a GET never renders).
    address = (getattr(settings, "SITE_URL", "") or "").rstrip("/")
    stored_pack(battle=battle, site_url=address or "http://testserver")
    client = Client()
    client.login(username=login.username, password=PASSWORD)
    url = reverse(
        "campaigns:battle_pack",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )

    def cached() -> None:
        response = client.get(url)
        assert response.status_code == 200, response.status_code
        assert response.content[:5] == b"%PDF-"

    cached_s = median_time(cached)
    return {
        "pack_render_s": round(render_s, 4),
        "pack_raw_weasyprint_s": round(raw_s, 4),
        "pack_overhead_ratio": round(render_s / raw_s, 4),
        "pack_chromium_s": None if chromium_s is None else round(chromium_s, 4),
        "pack_vs_chromium": None
        if chromium_s is None
        else round(render_s / chromium_s, 4),
        "pack_pages": len(pypdf.PdfReader(io.BytesIO(pdf)).pages),
        "pack_cached_s": round(cached_s, 5),
    }


def main() -> int:
    workdir = Path(tempfile.mkdtemp(prefix="bench-pack-"))
    try:
        setup_django(workdir)
        figures = measure(workdir)
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    from bench.results_file import merge_results

    merge_results(figures)
    for key, value in figures.items():
        target = TARGETS.get(key)
        verdict = ""
        if target is not None and value is not None:
            verdict = f"  (target ≤ {target}: {'ok' if value <= target else 'MISSED'})"
        print(f"{key:24} {value}{verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
