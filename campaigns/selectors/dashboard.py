"""Reads for the campaign dashboard and the scene page (flat query counts)."""

from __future__ import annotations

from dataclasses import dataclass

from campaigns.models import Battle, Campaign, Scene
from campaigns.models.battle import BattleStatus
from engines.enums import SceneKind, SceneStatus


@dataclass(frozen=True)
class NextStep:
    label: str
    url_name: str
    kwargs: dict
    method: str = "get"


@dataclass(frozen=True)
class TimelineEntry:
    scene: Scene
    sub_scenes: tuple[Scene, ...]


def campaign_timeline(*, campaign: Campaign) -> list[TimelineEntry]:
    """Scenes in order with sub-scenes nested under their larger battle (one query)."""
    scenes = list(Scene.objects.filter(campaign=campaign).order_by("order", "id"))
    children: dict[int, list[Scene]] = {}
    for scene in scenes:
        if scene.parent_id:
            children.setdefault(scene.parent_id, []).append(scene)
    return [
        TimelineEntry(scene=scene, sub_scenes=tuple(children.get(scene.pk, ())))
        for scene in scenes
        if not scene.parent_id
    ]


def current_scene_and_battle(
    *, campaign: Campaign
) -> tuple[Scene | None, Battle | None]:
    scene = (
        Scene.objects.filter(campaign=campaign, status=SceneStatus.CURRENT)
        .exclude(kind=SceneKind.LARGER_BATTLE)
        .select_related("parent")
        .first()
    )
    if scene is None:
        return None, None
    battle = (
        Battle.objects.filter(scene=scene)
        .exclude(status=BattleStatus.RESOLVED)
        .order_by("-number")
        .first()
    )
    return scene, battle


def next_step(
    *, campaign: Campaign, scene: Scene | None, battle: Battle | None
) -> NextStep | None:
    """The one obvious thing to do next on the dashboard."""
    if scene is None:
        return None
    slug = campaign.slug
    if scene.kind == SceneKind.SANCTUARY:
        return NextStep(
            "Rest", "campaigns:scene_rest", {"slug": slug, "scene": scene.slug}, "post"
        )
    if battle is None:
        return NextStep(
            "Set up battle",
            "campaigns:battle_setup",
            {"slug": slug, "scene": scene.slug},
        )
    return NextStep(
        "Enter result",
        "campaigns:result_entry",
        {"slug": slug, "battle_id": battle.pk},
    )
