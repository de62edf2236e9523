"""The campaign's steps and which of them can be taken back now (RULES §6.5).

A *step* is a resolved battle or a rest at a sanctuary. Only the latest step
can be taken back (a result reopened, a rest undone), and only while nothing
has been set up after it: a battle planned since must be discarded first.
Taking steps back one by one, latest first, reaches any earlier result.

The pages ask here whether to offer a button (and otherwise say why); the
services ask the same under the campaign's lock before they change anything.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from django.db.models import Exists, F, OuterRef, Q, QuerySet
from django.urls import reverse

from campaigns.bidi import isolated
from campaigns.models import Battle, Campaign, CampaignLogEntry, Effect, Scene
from campaigns.models.battle import BattleStatus
from engines.enums import SceneKind, SceneStatus


@dataclass(frozen=True)
class Step:
    """An action a page offers: a link, or (``method`` "post") a form with one
    button. ``primary`` marks the one obvious next step. Actions that change
    the campaign lead to their confirm page first, so they are links."""

    label: str
    url: str
    primary: bool = False
    method: str = "get"
    takes_back: bool = False
    """It undoes or deletes (re-roll, discard, reopen, undo a rest): drawn
    apart from the steps that move the story on."""


class StepKind(StrEnum):
    BATTLE = "battle"
    REST = "rest"


@dataclass(frozen=True)
class StoryStep:
    """One step of the campaign: a battle's result, or a rest."""

    kind: StepKind
    scene: Scene
    battle: Battle | None = None
    at: datetime | None = None

    @property
    def label(self) -> str:
        """ "battle 3 (Weathertop)" or "the rest at Rivendell"."""
        if self.battle is not None:
            return f"battle {self.battle.number} ({isolated(self.scene.title)})"
        return f"the rest at {isolated(self.scene.title)}"

    def is_battle(self, battle: Battle) -> bool:
        return self.battle is not None and self.battle.pk == battle.pk

    def is_rest(self, scene: Scene) -> bool:
        return self.kind is StepKind.REST and self.scene.pk == scene.pk


@dataclass(frozen=True)
class StepBack:
    """Whether a step can be taken back now, and when not, why in one line."""

    allowed: bool
    reason: str = ""


ALLOWED = StepBack(True)


@dataclass(frozen=True)
class CampaignSteps:
    """The latest step, the battles waiting for a result and whether the
    latest rest's changes were recorded (an older or imported rest's were not)."""

    latest: StoryStep | None
    waiting: tuple[Battle, ...]
    latest_rest_recorded: bool = True

    def reopen(self, battle: Battle) -> StepBack:
        """Can ``battle``'s result be reopened now?"""
        if battle.status != BattleStatus.RESOLVED:
            return StepBack(False, f"Battle {battle.number} has no result to reopen.")
        if self.latest is not None and not self.latest.is_battle(battle):
            return StepBack(False, self._later(self.latest, "this battle"))
        return self._nothing_waiting(f"battle {battle.number}")

    def undo_rest(self, scene: Scene) -> StepBack:
        """Can the rest at the sanctuary ``scene`` be undone now?"""
        if scene.kind != SceneKind.SANCTUARY or scene.status != SceneStatus.RESOLVED:
            return StepBack(False, f"Nobody has rested at {isolated(scene.title)} yet.")
        if self.latest is None or not self.latest.is_rest(scene):
            if self.latest is None:
                return StepBack(False, "This rest cannot be undone.")
            return StepBack(False, self._later(self.latest, "this rest"))
        waiting = self._nothing_waiting(f"the rest at {isolated(scene.title)}")
        if not waiting.allowed:
            return waiting
        if not self.latest_rest_recorded:
            return StepBack(
                False,
                f"The rest at {isolated(scene.title)} was taken before rests could be "
                "undone: its changes were not recorded, so it cannot be undone.",
            )
        return ALLOWED

    @staticmethod
    def discard(battle: Battle) -> StepBack:
        """Can ``battle`` be discarded now? Any battle still waiting for its
        result can: it is always the campaign's newest thing."""
        if battle.status == BattleStatus.RESOLVED:
            return StepBack(
                False,
                f"Battle {battle.number} has its result: reopen the result first to "
                "change it.",
            )
        return ALLOWED

    def _nothing_waiting(self, what: str) -> StepBack:
        if not self.waiting:
            return ALLOWED
        battle = self.waiting[-1]
        return StepBack(
            False,
            f"Battle {battle.number} has been set up since {what}: discard it first "
            "to step back.",
        )

    @staticmethod
    def _later(latest: StoryStep, what: str) -> str:
        how = "reopen its result" if latest.kind is StepKind.BATTLE else "undo it"
        return (
            f"Only the latest step can be taken back, and {latest.label} came after "
            f"{what}: {how} first."
        )


def step_effects(
    *, battle: Battle | None = None, rest_scene: Scene | None = None
) -> QuerySet[Effect]:
    """The effects of one step: a battle's result, or the rest at a sanctuary."""
    if battle is not None:
        return Effect.objects.filter(battle=battle)
    return Effect.objects.filter(rest_scene=rest_scene, battle__isnull=True)


def campaign_steps(*, campaign_id: int) -> CampaignSteps:
    """The campaign's latest step and the battles waiting for a result.

    Two queries whatever the campaign's size. The latest step is read from the
    campaign log, where every result and every rest is written as it is taken
    (a result still applied, a rest not undone); a campaign whose log has
    none (battles resolved by hand) falls back on the battles' times, one
    query more.
    """
    logged = (
        CampaignLogEntry.objects.filter(campaign_id=campaign_id)
        .filter(
            Q(kind=CampaignLogEntry.Kind.RESULT, battle__status=BattleStatus.RESOLVED)
            | Q(
                kind=CampaignLogEntry.Kind.REST,
                scene__kind=SceneKind.SANCTUARY,
                scene__status=SceneStatus.RESOLVED,
            )
        )
        .select_related("battle__scene", "scene")
        .annotate(
            rest_recorded=Exists(
                Effect.objects.filter(rest_scene=OuterRef("scene_id"), battle=None)
            )
        )
        .order_by("-created_at", "-order", "-id")
        .first()
    )
    waiting = tuple(
        Battle.objects.filter(campaign_id=campaign_id)
        .exclude(status=BattleStatus.RESOLVED)
        .select_related("scene")
        .order_by("number", "id")
    )
    if logged is None:
        return CampaignSteps(latest=_latest_unlogged(campaign_id), waiting=waiting)
    if logged.kind == CampaignLogEntry.Kind.RESULT:
        battle = logged.battle
        assert battle is not None  # the query asks for its resolved battle
        latest = StoryStep(StepKind.BATTLE, battle.scene, battle, logged.created_at)
        return CampaignSteps(latest=latest, waiting=waiting)
    assert logged.scene is not None  # the query asks for its sanctuary
    latest = StoryStep(StepKind.REST, logged.scene, None, logged.created_at)
    return CampaignSteps(
        latest=latest, waiting=waiting, latest_rest_recorded=logged.rest_recorded
    )


def _latest_unlogged(campaign_id: int) -> StoryStep | None:
    """The latest resolved battle by its time, for a campaign without a log."""
    battle = (
        Battle.objects.filter(campaign_id=campaign_id, status=BattleStatus.RESOLVED)
        .select_related("scene")
        .order_by(F("resolved_at").desc(nulls_last=True), "-number", "-id")
        .first()
    )
    if battle is None:
        return None
    return StoryStep(StepKind.BATTLE, battle.scene, battle, battle.resolved_at)


def reopen_offer(
    *, campaign: Campaign, battle: Battle, steps: CampaignSteps
) -> tuple[Step | None, str]:
    """The link to reopen ``battle``'s result when it can be now, else why not."""
    state = steps.reopen(battle)
    if not state.allowed:
        return None, state.reason
    url = reverse(
        "campaigns:result_reopen",
        kwargs={"slug": campaign.slug, "battle_id": battle.pk},
    )
    return Step(f"Reopen battle {battle.number}'s result", url, takes_back=True), ""


def undo_rest_offer(
    *, campaign: Campaign, scene: Scene, steps: CampaignSteps
) -> tuple[Step | None, str]:
    """The link to undo the rest at ``scene`` when it can be now, else why not."""
    state = steps.undo_rest(scene)
    if not state.allowed:
        return None, state.reason
    url = reverse(
        "campaigns:rest_undo", kwargs={"slug": campaign.slug, "scene": scene.slug}
    )
    return Step(f"Undo the rest at {isolated(scene.title)}", url, takes_back=True), ""
