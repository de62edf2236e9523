"""Reads for a scene's pages: the scene page, its setup form and its rest.

Each returns a page object (a frozen dataclass) holding everything its page
shows, read in a fixed number of queries; the views only pass it on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.db.models import Prefetch, Q
from django.shortcuts import get_object_or_404
from django.urls import reverse

from campaigns.bidi import isolated
from campaigns.models import (
    Battle,
    Campaign,
    Character,
    PersistingWound,
    Scene,
    SceneCompany,
)
from campaigns.models.battle import BattleStatus
from campaigns.selectors.access import CampaignAccess
from campaigns.selectors.dashboard import next_steps, open_battle
from campaigns.selectors.lineup import LineupCharacter, SceneLineup, scene_lineup
from campaigns.selectors.pack_status import pack_render_latest
from campaigns.selectors.steps import Step, StepBack, campaign_steps, undo_rest_offer
from campaigns.selectors.wounds import engine_wounds
from engines.aftermath import RestingCharacter, SanctuaryRest, rest
from engines.battlefield import objective_worth
from engines.enums import (
    ObjectiveKind,
    Outcome,
    ScenarioMode,
    SceneKind,
    SceneStatus,
    WoundStatus,
)
from engines.scouting import scouts_allowed


def scene_for_campaign(*, campaign: Campaign, slug: str) -> Scene:
    """The campaign's scene ``slug`` with its larger battle; 404 otherwise."""
    return get_object_or_404(
        Scene.objects.filter(campaign=campaign).select_related("parent", "campaign"),
        slug=slug,
    )


def current_scene(*, campaign: Campaign) -> Scene | None:
    """The scene being played (never the larger battle around it)."""
    return (
        Scene.objects.filter(campaign=campaign, status=SceneStatus.CURRENT)
        .exclude(kind=SceneKind.LARGER_BATTLE)
        .select_related("parent")
        .first()
    )


def scene_url(scene: Scene, campaign: Campaign) -> str:
    return reverse(
        "campaigns:scene_detail", kwargs={"slug": campaign.slug, "scene": scene.slug}
    )


def setup_url(scene: Scene, campaign: Campaign) -> str:
    return reverse(
        "campaigns:battle_setup", kwargs={"slug": campaign.slug, "scene": scene.slug}
    )


def where_the_story_is(scene: Scene, current: Scene | None) -> str:
    """Why ``scene`` is not being played now, and which scene is, in a line."""
    if current is None:
        now = "Every scene of the campaign is resolved: the story is told."
    else:
        now = f"The current scene is “{isolated(current.title)}”."
    if scene.status == SceneStatus.RESOLVED:
        outcome = f" ({Outcome(scene.outcome).label.lower()})" if scene.outcome else ""
        return f"“{isolated(scene.title)}” is resolved{outcome}. {now}"
    return f"“{isolated(scene.title)}” comes later in the story. {now}"


# --- the scene page -----------------------------------------------------------------


@dataclass(frozen=True)
class SceneObjective:
    """An objective as the scene page lists it, with what it scores: its own
    value, or §3.12's in a generated scenario."""

    name: str
    kind: str
    points: int


def _scene_objectives(scene: Scene) -> tuple[SceneObjective, ...]:
    generated = scene.scenario_mode != ScenarioMode.FIXED
    return tuple(
        SceneObjective(
            name=o.name,
            kind=o.get_kind_display(),
            points=objective_worth(ObjectiveKind(o.kind), o.victory_points)
            if generated
            else o.victory_points,
        )
        for o in scene.objectives.all()
    )


@dataclass(frozen=True)
class ScenePage:
    """The scene page: its story, companies and battles, and what to do next
    (or, for a scene not being played, why not and where the story is)."""

    scene: Scene
    steps: tuple[Step, ...]
    sub_scenes: tuple[Scene, ...]
    battles: tuple[Battle, ...]
    objectives: tuple[SceneObjective, ...]
    scene_companies: tuple[SceneCompany, ...]
    current: Scene | None
    """The scene being played, when it is another one."""
    not_now: str = ""
    """Why this scene is not being played now ("" when it is)."""
    step_back: Step | None = None
    step_back_reason: str = ""

    @property
    def current_url(self) -> str:
        if self.current is None:
            return ""
        return scene_url(self.current, self.scene.campaign)


def scene_page(
    *,
    access: CampaignAccess,
    slug: str,
    packs_downloaded: Mapping[str, int],
    site_url: str,
) -> ScenePage:
    campaign = access.campaign
    scene = scene_for_campaign(campaign=campaign, slug=slug)
    steps: tuple[Step, ...] = ()
    is_current = scene.status == SceneStatus.CURRENT
    if is_current and scene.kind != SceneKind.LARGER_BATTLE:
        battle = open_battle(scene=scene) if scene.is_fighting() else None
        steps = next_steps(
            campaign=campaign,
            scene=scene,
            battle=battle,
            can_edit=access.can_edit,
            pack_made=battle is not None
            and packs_downloaded.get(str(battle.pk)) == battle.times_rolled,
            pack=None
            if battle is None
            else pack_render_latest(battle=battle, site_url=site_url),
        )
    current = None if is_current else current_scene(campaign=campaign)
    step_back, reason = None, ""
    if access.can_edit and scene.kind == SceneKind.SANCTUARY:
        step_back, reason = _rest_step_back(campaign, scene)
    return ScenePage(
        scene=scene,
        steps=steps,
        sub_scenes=tuple(
            Scene.objects.filter(parent=scene).order_by("order", "id")
            if scene.kind == SceneKind.LARGER_BATTLE
            else ()
        ),
        battles=tuple(Battle.objects.filter(scene=scene).order_by("number")),
        objectives=_scene_objectives(scene),
        scene_companies=tuple(
            scene.scene_companies.select_related("company").order_by("order", "id")
        ),
        current=current,
        not_now="" if is_current else where_the_story_is(scene, current),
        step_back=step_back,
        step_back_reason=reason,
    )


def _rest_step_back(campaign: Campaign, scene: Scene) -> tuple[Step | None, str]:
    if scene.status != SceneStatus.RESOLVED:
        return None, ""
    steps = campaign_steps(campaign_id=campaign.pk)
    return undo_rest_offer(campaign=campaign, scene=scene, steps=steps)


# --- the setup form -----------------------------------------------------------------


@dataclass(frozen=True)
class SetupPage:
    """The battle setup page: the scene's line-up, a planned battle if there
    is one, and when the scene cannot be set up, why and where to go."""

    scene: Scene
    lineup: SceneLineup | None
    planned: Battle | None
    current: Scene | None
    blocked: str = ""
    """Why no battle can be set up here ("" when one can)."""

    @property
    def ai_characters(self) -> tuple[LineupCharacter, ...]:
        return self.lineup.ai if self.lineup else ()

    @property
    def ai_fighting(self) -> frozenset[int]:
        if self.lineup is None:
            return frozenset()
        return frozenset(c.character.pk for c in self.lineup.ai_fighting())

    @property
    def scouts_allowed_all(self) -> int:
        if self.lineup is None:
            return 0
        return scouts_allowed(len(self.lineup.default_participants()))

    @property
    def current_url(self) -> str:
        """Where the story goes on: the current scene's setup, or its page."""
        if self.current is None:
            return ""
        campaign = self.scene.campaign
        if self.current.is_fighting():
            return setup_url(self.current, campaign)
        return scene_url(self.current, campaign)


def setup_page(*, access: CampaignAccess, slug: str) -> SetupPage:
    """The setup form's page for the scene ``slug``.

    A scene that is not fought, or not the current one, gets no line-up: the
    page says why it cannot be set up and where the current scene is, instead
    of a form that would only refuse.
    """
    campaign = access.campaign
    scene = scene_for_campaign(campaign=campaign, slug=slug)
    if not scene.is_fighting():
        current = current_scene(campaign=campaign)
        what = (
            "a sanctuary: there is no battle to set up, the company rests there"
            if scene.kind == SceneKind.SANCTUARY
            else "a larger battle: its sub-scenes are set up one by one"
        )
        return SetupPage(
            scene=scene,
            lineup=None,
            planned=None,
            current=current,
            blocked=f"“{isolated(scene.title)}” is {what}.",
        )
    if scene.status != SceneStatus.CURRENT:
        current = current_scene(campaign=campaign)
        return SetupPage(
            scene=scene,
            lineup=None,
            planned=None,
            current=current,
            blocked="Only the current scene can be set up. "
            + where_the_story_is(scene, current),
        )
    planned = (
        Battle.objects.filter(scene=scene)
        .exclude(status=BattleStatus.RESOLVED)
        .order_by("-number")
        .first()
    )
    return SetupPage(
        scene=scene, lineup=scene_lineup(scene=scene), planned=planned, current=None
    )


# --- resting ------------------------------------------------------------------------


def resting_characters(*, scene: Scene) -> list[Character]:
    """The campaign's living characters a rest could change: unfit, or with an
    open wound (each with ``open``: its open wounds, oldest first)."""
    open_wounds = PersistingWound.objects.filter(status=WoundStatus.OPEN).order_by(
        "created_at", "id"
    )
    return list(
        Character.objects.filter(company__campaign_id=scene.campaign_id, alive=True)
        .filter(Q(unfit_next_battle=True) | Q(wounds__status=WoundStatus.OPEN))
        .distinct()
        .prefetch_related(Prefetch("wounds", queryset=open_wounds, to_attr="open"))
        .order_by("company__name", "card_order", "id")
    )


def rest_outcome(*, characters: list[Character]) -> SanctuaryRest:
    """What a rest does to these characters (the engine's rule, §6.3)."""
    return rest(
        RestingCharacter(
            key=str(c.pk),
            name=c.name,
            open_wounds=engine_wounds(c.open),
            unfit=c.unfit_next_battle,
        )
        for c in characters
    )


@dataclass(frozen=True)
class RestPreview:
    """What resting at a sanctuary would change, in players' words."""

    healed: tuple[str, ...]
    kept: tuple[str, ...]
    fit_again: tuple[str, ...]


def rest_preview(*, scene: Scene) -> RestPreview:
    characters = resting_characters(scene=scene)
    outcome = rest_outcome(characters=characters)
    healed, kept = set(outcome.healed_wound_keys), set(outcome.kept_wound_keys)
    cleared = set(outcome.unfit_cleared)
    return RestPreview(
        healed=tuple(
            f"{isolated(c.name)}'s {isolated(w.name)}"
            for c in characters
            for w in c.open
            if str(w.pk) in healed
        ),
        kept=tuple(
            f"{isolated(c.name)}'s {isolated(w.name)}"
            for c in characters
            for w in c.open
            if str(w.pk) in kept
        ),
        fit_again=tuple(c.name for c in characters if str(c.pk) in cleared),
    )


def rest_state(*, scene: Scene) -> StepBack:
    """Whether the company can rest at ``scene`` now."""
    if scene.kind != SceneKind.SANCTUARY:
        return StepBack(False, f"“{isolated(scene.title)}” is not a sanctuary.")
    if scene.status != SceneStatus.CURRENT:
        return StepBack(
            False,
            f"“{isolated(scene.title)}” is not the campaign's current scene: only the "
            "current sanctuary can be rested at.",
        )
    return StepBack(True)
