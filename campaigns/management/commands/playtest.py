"""``python manage.py playtest`` (SITE.md "Commands", RULES §7).

``--campaign SLUG --scene SLUG [--battles N] [--seed N]
[--stance attack|recon|defend|each] [--jobs N] [--json]`` fights the scene N
times and prints the report (a progress bar on standard error when it is a
terminal); ``--all`` playtests every fighting scene of the campaign, one line
each. ``--stance each`` reports each stance apart (a fixed scene asks none).
Every bad argument is a one-line error and a non-zero exit, never a traceback.
"""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from campaigns.models import Campaign, Scene
from campaigns.selectors.playtest import (
    Unplayable,
    playtest_spec,
    report_from_data,
    unplayable_report,
)
from engines.enums import ScenarioMode, Stance
from engines.playtest.report import Report, percent, report_text
from engines.playtest.run import MAX_BATTLES, playtest, playtests
from engines.playtest.spec import Spec

DEFAULT_BATTLES = 1000
DEFAULT_SEED = 1
STANCES = ("attack", "recon", "defend", "each")
BAR = 30


class Command(BaseCommand):
    help = "Fight a scene many times with the robot and print the odds (RULES §7)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--campaign", help="The campaign's slug.")
        parser.add_argument("--scene", help="The scene's slug.")
        parser.add_argument("--all", action="store_true", help="Every fighting scene.")
        parser.add_argument(
            "--battles", default=str(DEFAULT_BATTLES), help="1 to 100,000."
        )
        parser.add_argument("--seed", default=str(DEFAULT_SEED), help="The seed.")
        parser.add_argument("--stance", default="attack", help="|".join(STANCES))
        parser.add_argument("--jobs", default="1", help="Processes to spread over.")
        parser.add_argument("--json", action="store_true", help="The report as JSON.")

    def handle(self, *args: Any, **options: Any) -> None:
        battles = _whole(options["battles"], "--battles", 1, MAX_BATTLES)
        seed = _whole(options["seed"], "--seed", 0, 2**63 - 1)
        jobs = _whole(options["jobs"], "--jobs", 1, 64)
        stance = (options["stance"] or "").strip().lower()
        if stance not in STANCES:
            raise CommandError("--stance is one of attack, recon, defend or each.")
        campaign = Campaign.objects.filter(slug=options["campaign"] or "").first()
        if campaign is None:
            raise CommandError(f"No campaign has the slug {options['campaign']!r}.")
        run = {"battles": battles, "seed": seed, "jobs": jobs, "stance": stance}
        if options["all"]:
            self._all(campaign, run, as_json=options["json"])
            return
        scene = Scene.objects.filter(campaign=campaign, slug=options["scene"] or "")
        found = scene.first()
        if found is None:
            raise CommandError(f"No scene of {campaign.slug} has the slug "
                               f"{options['scene']!r}.")  # fmt: skip
        data = self._scene(found, run, bar=not options["json"])
        if options["json"]:
            self.stdout.write(json.dumps(data, ensure_ascii=False, indent=2))
        else:
            self.stdout.write(_text(data))

    def _scene(self, scene: Scene, run: dict[str, Any], *, bar: bool) -> dict[str, Any]:
        found = {
            s: self._one(scene, s, run, bar=bar) for s in _asked(scene, run["stance"])
        }
        return _scene_data(scene, found, each=run["stance"] == "each")

    def _one(
        self, scene: Scene, stance: Stance | None, run: dict[str, Any], *, bar: bool
    ) -> Report:
        try:
            spec = playtest_spec(scene=scene, stance=stance)
        except Unplayable as error:
            return unplayable_report(str(error), seed=run["seed"])
        progress = (
            _Bar(sys.stderr, scene.title) if bar and sys.stderr.isatty() else None
        )
        result = playtest(
            spec,
            battles=run["battles"],
            seed=run["seed"],
            jobs=run["jobs"],
            progress=progress,
        )
        if progress is not None:
            progress.done()
        return result

    def _all(self, campaign: Campaign, run: dict[str, Any], *, as_json: bool) -> None:
        """Every fighting scene, one line each as its battles finish: one pool
        of ``--jobs`` processes fights every scene's battles in turn (the
        reports are the ones each scene gives alone)."""
        scenes = [s for s in campaign.scenes.order_by("order", "id") if s.is_fighting()]
        asked = [(scene, self._stances(scene, run)) for scene in scenes]
        specs: list[Spec] = []
        for _, stances in asked:
            specs.extend(s for s in stances.values() if isinstance(s, Spec))
        reports = playtests(
            specs, battles=run["battles"], seed=run["seed"], jobs=run["jobs"]
        )
        out = []
        try:
            for scene, stances in asked:
                found = {
                    stance: next(reports) if isinstance(spec, Spec) else spec
                    for stance, spec in stances.items()
                }
                data = _scene_data(scene, found, each=run["stance"] == "each")
                out.append(data)
                if not as_json:
                    self.stdout.write(_line(scene, data))
        finally:
            reports.close()  # its processes end here
        if as_json:
            self.stdout.write(json.dumps(out, ensure_ascii=False, indent=2))

    def _stances(
        self, scene: Scene, run: dict[str, Any]
    ) -> dict[Stance | None, Spec | Report]:
        """What each stance the run asks of the scene fights (an unplayable
        one: its report already)."""
        asked = _asked(scene, run["stance"])
        found: dict[Stance | None, Spec | Report] = {}
        for stance in asked:
            try:
                found[stance] = playtest_spec(scene=scene, stance=stance)
            except Unplayable as error:
                found[stance] = unplayable_report(str(error), seed=run["seed"])
        return found


def _asked(scene: Scene, stance: str) -> list[Stance | None]:
    """The stances a run asks of a scene: none for a fixed scene (it asks
    none), each of them for ``each``, else the one named."""
    if scene.scenario_mode == ScenarioMode.FIXED:
        return [None]
    return list(Stance) if stance == "each" else [Stance(stance)]


def _scene_data(
    scene: Scene, found: dict[Stance | None, Report], *, each: bool
) -> dict[str, Any]:
    """A scene's reports as the command prints them: each stance apart for
    ``each`` (a fixed scene: its one report)."""
    if not each or None in found:
        stance, result = next(iter(found.items()))
        return result.to_data() | _named(scene, stance)
    stances = {s.value: r.to_data() for s, r in found.items() if s is not None}
    return {"scene": scene.title, "stances": stances}


def _named(scene: Scene, stance: Stance | None) -> dict[str, Any]:
    return {"scene": scene.title, "stance": stance.value if stance else None}


def _whole(raw: str, name: str, low: int, high: int) -> int:
    try:
        value = int(str(raw).strip())
    except ValueError:
        raise CommandError(
            f"{name} is a whole number from {low:,} to {high:,}."
        ) from None
    if not low <= value <= high:
        raise CommandError(f"{name} is a whole number from {low:,} to {high:,}.")
    return value


def _line(scene: Scene, data: dict[str, Any]) -> str:
    if "stances" in data:
        parts = [f"{s}: {_odds(d)}" for s, d in data["stances"].items()]
        return f"{scene.title}: " + "; ".join(parts)
    return f"{scene.title}: {_odds(data)}"


def _odds(data: dict[str, Any]) -> str:
    if not data["battles"]:
        return " ".join(data["warnings"])
    text = (
        f"victory {percent(data['victory'])}, draw {percent(data['draw'])}, "
        f"defeat {percent(data['defeat'])}"
    )
    if data["warnings"]:
        text += " — " + " ".join(data["warnings"])
    return text


def _text(data: dict[str, Any]) -> str:
    if "stances" in data:
        return "\n\n".join(
            f"{stance}:\n{report_text(report_from_data(d))}"
            for stance, d in data["stances"].items()
        )
    return report_text(report_from_data(data))


class _Bar:
    """A progress bar on a terminal."""

    def __init__(self, stream: Any, title: str) -> None:
        self.stream, self.title = stream, title

    def __call__(self, done: int, total: int) -> None:
        filled = BAR * done // total
        self.stream.write(
            f"\r{self.title[:30]} [{'#' * filled}{'.' * (BAR - filled)}] {done}/{total}"
        )
        self.stream.flush()

    def done(self) -> None:
        self.stream.write("\n")
        self.stream.flush()
