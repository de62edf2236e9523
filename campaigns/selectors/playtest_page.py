"""The scene's playtest page (RULES §7), read from its kept reports
(:class:`~campaigns.models.PlaytestReport`).

The page reads the scene, its lineup (the form's characters, and the names of
every kept report's roster) and its kept reports: the same number of queries
whatever the size of the scene's companies or the number of reports.
"""

from __future__ import annotations

from dataclasses import dataclass

from campaigns.models import PlaytestReport, Scene
from campaigns.models.playtest import ON_ITS_WAY, PlaytestStatus
from campaigns.selectors.access import CampaignAccess
from campaigns.selectors.lineup import SceneLineup, scene_lineup
from campaigns.selectors.playtest_odds import Odds, odds_of
from campaigns.selectors.scenes import scene_for_campaign

KEPT_LISTED = 20
"""How many of the scene's kept reports the page lists."""
NOT_FIGHTING = "This scene is not a battle: there is nothing for the robot to fight."


@dataclass(frozen=True)
class PlaytestPage:
    scene: Scene
    lineup: SceneLineup | None
    """None when the scene is not a battle (nothing to run)."""
    shown: Odds | None
    """The report shown: the one asked for, else the latest kept."""
    running: PlaytestReport | None
    """The scene's playtest on its way, if any."""
    kept: tuple[Odds, ...]
    failed: PlaytestReport | None = None
    """The latest playtest, when it failed."""

    @property
    def not_fighting(self) -> str:
        return "" if self.lineup is not None else NOT_FIGHTING

    @property
    def progress(self) -> int:
        """Percent of the running playtest's battles fought."""
        row = self.running
        if row is None or not row.battles:
            return 0
        return 100 * row.battles_done // row.battles


def playtest_page(
    *, access: CampaignAccess, slug: str, report_id: str | None = None
) -> PlaytestPage:
    """The page of the scene ``slug``: the report ``report_id`` (a kept one of
    this scene; anything else is ignored) or the latest, the one running, and
    the scene's other kept reports."""
    scene = scene_for_campaign(campaign=access.campaign, slug=slug)
    lineup = scene_lineup(scene=scene) if scene.is_fighting() else None
    names = (
        {c.character.pk: c.character.name for c in lineup.characters} if lineup else {}
    )
    rows = list(
        PlaytestReport.objects.filter(scene=scene)
        .select_related("asked_by")
        .order_by("-asked_at", "-id")[: KEPT_LISTED + 1]
    )
    running = next((r for r in rows if r.status in ON_ITS_WAY), None)
    done = [r for r in rows if r.status == PlaytestStatus.DONE]
    kept = tuple(odds_of(r, names) for r in done)
    wanted = _whole(report_id)
    shown = next((o for o in kept if o.row.pk == wanted), kept[0] if kept else None)
    latest = rows[0] if rows else None
    failed = latest if latest and latest.status == PlaytestStatus.FAILED else None
    return PlaytestPage(
        scene=scene,
        lineup=lineup,
        shown=shown,
        running=running,
        kept=kept[:KEPT_LISTED],
        failed=failed,
    )


def _whole(raw: str | None) -> int | None:
    try:
        return int(raw or "")
    except ValueError:
        return None
