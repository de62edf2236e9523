"""The scene's playtest page, the set-up form's odds and the readiness panel's
odds (RULES §7), read from the kept reports
(:class:`~campaigns.models.PlaytestReport`).

The page reads the scene, its lineup (the form's characters, and the names of
every kept report's roster) and its kept reports: the same number of queries
whatever the size of the scene's companies or the number of reports.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.db.models import F, Window
from django.db.models.functions import RowNumber
from django.utils.safestring import SafeString

from campaigns.models import PlaytestReport, Scene
from campaigns.models.playtest import ON_ITS_WAY, PlaytestStatus
from campaigns.printing.playtest_svg import outcome_bar, rounds_histogram
from campaigns.selectors.access import CampaignAccess
from campaigns.selectors.lineup import SceneLineup, scene_lineup
from campaigns.selectors.playtest import report_from_data
from campaigns.selectors.scenes import scene_for_campaign
from campaigns.services.playtest import playtest_roster, playtest_stance
from engines.enums import Stance
from engines.playtest.report import OUTCOMES, ROBOT, Report, percent

KEPT_LISTED = 20
"""How many of the scene's kept reports the page lists."""
NOT_FIGHTING = "This scene is not a battle: there is nothing for the robot to fight."


@dataclass(frozen=True)
class OddsLine:
    label: str
    share: str
    low: str
    high: str


@dataclass(frozen=True)
class Odds:
    """A kept report as a page shows it."""

    row: PlaytestReport
    report: Report
    stance: str
    """The stance's words ("" for a fixed scene)."""
    roster: tuple[str, ...]
    """The player characters' names."""

    @property
    def fought(self) -> bool:
        return self.report.battles > 0

    @property
    def outcomes(self) -> tuple[OddsLine, ...]:
        lines = []
        for outcome in OUTCOMES:
            low, high = self.report.interval[outcome.value]
            lines.append(
                OddsLine(
                    outcome.label,
                    percent(self.report.share(outcome)),
                    percent(low),
                    percent(high),
                )
            )
        return tuple(lines)

    @property
    def summary(self) -> str:
        """Victory, draw and defeat in one line."""
        if not self.fought:
            return "not fought"
        return ", ".join(f"{line.label.lower()} {line.share}" for line in self.outcomes)

    @property
    def bar(self) -> SafeString:
        return outcome_bar(self.report, caption="Victory, draw and defeat")

    @property
    def histogram(self) -> SafeString:
        return rounds_histogram(self.report.rounds, caption="Rounds the battles lasted")

    @property
    def rounds_words(self) -> str:
        rounds = self.report.rounds
        if not rounds:
            return ""
        most = max(rounds, key=lambda k: (rounds[k], -k))
        low, high = min(rounds), max(rounds)
        span = f"{low} rounds" if low == high else f"{low} to {high} rounds"
        return f"The battles lasted {span}, most often {most}."

    @property
    def characters(self) -> tuple[tuple[str, str, str], ...]:
        return tuple(
            (name, percent(rates["fell"]), percent(rates["wounded"]))
            for name, rates in self.report.characters.items()
        )

    @property
    def ends(self) -> tuple[tuple[str, int, str], ...]:
        n = self.report.battles or 1
        return tuple(
            (way, count, percent(count / n)) for way, count in self.report.ends.items()
        )

    @property
    def robot(self) -> str:
        return self.report.robot or ROBOT


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


def odds_of(row: PlaytestReport, names: Mapping[int, str]) -> Odds:
    """A done row as the pages show it; ``names``: character names by id."""
    return Odds(
        row=row,
        report=report_from_data(row.report or {}),
        stance=Stance(row.stance).label if row.stance else "",
        roster=tuple(
            names.get(pk, "a character since removed") for pk in row.roster_ids
        ),
    )


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


def playtest_for_setup(
    *,
    scene: Scene,
    stance: Stance | str | None,
    participant_ids: Sequence[int],
    names: Mapping[int, str],
) -> Odds | None:
    """The latest kept report of this scene for this stance and roster
    (whatever its seed), for the set-up form: one query."""
    row = (
        PlaytestReport.objects.filter(
            scene=scene,
            stance=playtest_stance(scene=scene, stance=stance),
            roster=playtest_roster(participant_ids),
            status=PlaytestStatus.DONE,
        )
        .order_by("-finished_at", "-id")
        .first()
    )
    return None if row is None else odds_of(row, names)


def latest_odds(*, scene_ids: Iterable[int]) -> dict[int, Odds]:
    """Each scene's latest kept report (done), by scene id: one query
    whatever the number of scenes (the readiness panel's odds). Roster names
    are not read: the panel names none."""
    ids = list(scene_ids)
    if not ids:
        return {}
    rows = (
        PlaytestReport.objects.filter(scene_id__in=ids, status=PlaytestStatus.DONE)
        .annotate(
            rank=Window(
                RowNumber(),
                partition_by=F("scene_id"),
                order_by=(F("finished_at").desc(nulls_last=True), F("id").desc()),
            )
        )
        .filter(rank=1)
    )
    return {row.scene_id: odds_of(row, {}) for row in rows}
