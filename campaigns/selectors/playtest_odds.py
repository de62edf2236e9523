"""Kept playtest reports as the pages show them (RULES §7): the playtest
page's report, the set-up form's odds and the readiness panel's odds."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.db.models import F, Window
from django.db.models.functions import RowNumber
from django.utils.safestring import SafeString

from campaigns.models import PlaytestReport, Scene
from campaigns.models.playtest import (
    PlaytestStatus,
    playtest_roster,
    playtest_stance,
)
from campaigns.printing.playtest_svg import outcome_bar, rounds_histogram
from campaigns.selectors.playtest import report_from_data
from engines.enums import Stance
from engines.playtest.report import OUTCOMES, ROBOT, Report
from engines.playtest.report import percent as plain_percent


def percent(share: float) -> str:
    """A share as the page shows it: the number and its sign kept on one line
    (a no-break space), so a narrow column never splits "0.0 %"."""
    return plain_percent(share).replace(" ", "\u00a0")


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
        return ", ".join(
            f"{o.value} {plain_percent(self.report.share(o))}" for o in OUTCOMES
        )

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


@dataclass(frozen=True)
class SetupOdds:
    """The set-up form's odds: the kept playtest of the chosen stance and
    characters, if any, and each stance's for the same characters."""

    chosen: Odds | None
    by_stance: Mapping[str, Odds]


def setup_odds(
    *,
    scene: Scene,
    stance: str | None,
    participant_ids: Sequence[int],
    names: Mapping[int, str],
) -> SetupOdds:
    """The latest kept report of each stance for these characters (whatever
    its seed): one query, whatever the number of characters."""
    rows = PlaytestReport.objects.filter(
        scene=scene,
        roster=playtest_roster(participant_ids),
        status=PlaytestStatus.DONE,
    ).order_by("-finished_at", "-id")
    by_stance: dict[str, Odds] = {}
    for row in rows:
        by_stance.setdefault(row.stance, odds_of(row, names))
    try:
        key = playtest_stance(scene=scene, stance=stance)
    except ValueError:  # a stance the form refuses anyway
        key = None
    return SetupOdds(
        chosen=by_stance.get(key) if key is not None else None, by_stance=by_stance
    )
