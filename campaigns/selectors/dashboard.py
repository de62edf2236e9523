"""Reads for the campaign dashboard and the scene page (flat query counts)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from django.core.paginator import Page, Paginator
from django.db.models import Prefetch, QuerySet
from django.urls import reverse

from campaigns.models import Battle, Campaign, CampaignLogEntry, Scene
from campaigns.models.battle import BattleStatus
from engines.enums import SceneKind, SceneStatus

if TYPE_CHECKING:
    from campaigns.services.pack_render import PackStatus

CHRONICLE_LATEST = 10
TIMELINE_PAGE = 25
"""Top-level scenes per page of the dashboard's timeline."""


@dataclass(frozen=True)
class Step:
    """An action the dashboard offers for the current scene.

    ``primary`` marks the one obvious next step; ``method`` is "post" for an
    action that changes the campaign straight away (a form with one button).
    """

    label: str
    url: str
    primary: bool = False
    method: str = "get"


@dataclass(frozen=True)
class TimelineEntry:
    scene: Scene
    sub_scenes: tuple[Scene, ...]

    @property
    def is_current(self) -> bool:
        return self.scene.status == SceneStatus.CURRENT


TIMELINE_FIELDS = (
    "id",
    "campaign_id",
    "order",
    "slug",
    "title",
    "kind",
    "status",
    "outcome",
    "parent_id",
)


def campaign_timeline(
    *, campaign: Campaign, page: str | int | None = None, per_page: int = TIMELINE_PAGE
) -> Page:
    """One page of the scenes in order, sub-scenes nested under their larger
    battle. Without a page number, the page holding the current scene, so the
    dashboard opens where the story is.

    One query; the rows come as plain values and only the page's scenes become
    model instances, so a campaign of a thousand scenes stays quick.
    """
    rows = list(
        Scene.objects.filter(campaign=campaign)
        .order_by("order", "id")
        .values(*TIMELINE_FIELDS)
    )
    children: dict[int, list[dict]] = {}
    for row in rows:
        if row["parent_id"]:
            children.setdefault(row["parent_id"], []).append(row)
    tops = [row for row in rows if not row["parent_id"]]
    if page is None:
        current = next(
            (n for n, row in enumerate(tops) if row["status"] == SceneStatus.CURRENT),
            0,
        )
        page = current // per_page + 1
    page_obj = Paginator(tops, per_page).get_page(page)
    page_obj.object_list = [
        TimelineEntry(
            scene=Scene(**row),
            sub_scenes=tuple(Scene(**sub) for sub in children.get(row["id"], ())),
        )
        for row in page_obj.object_list
    ]
    return page_obj


def current_scene_and_battle(
    *, campaign: Campaign
) -> tuple[Scene | None, Battle | None]:
    """The scene being played and its battle not yet resolved, if any."""
    scene = (
        Scene.objects.filter(campaign=campaign, status=SceneStatus.CURRENT)
        .exclude(kind=SceneKind.LARGER_BATTLE)
        .select_related("parent")
        .first()
    )
    if scene is None:
        return None, None
    return scene, open_battle(scene=scene)


def open_battle(*, scene: Scene) -> Battle | None:
    """The scene's battle waiting for its result (planned, or fought)."""
    return (
        Battle.objects.filter(scene=scene)
        .exclude(status=BattleStatus.RESOLVED)
        .order_by("-number")
        .first()
    )


def next_steps(
    *,
    campaign: Campaign,
    scene: Scene | None,
    battle: Battle | None,
    can_edit: bool,
    pack_made: bool = False,
    pack: PackStatus | None = None,
) -> tuple[Step, ...]:
    """What the dashboard offers for the current scene, the obvious step first.

    A sanctuary rests. A fighting scene with nothing planned is set up. A planned
    battle offers its pack and its result: the pack is the step until it has been
    made (``pack_made``: downloaded as the battle is now set up), then the
    result. A member (``can_edit`` False) is offered the pack alone. While the
    pack is being prepared in the background, or when that failed (``pack``,
    the latest render asked for), its step says so and leads to the battle
    page, which offers the download once it is stored (or a retry).
    """
    if scene is None:
        return ()
    slug = campaign.slug
    owner = can_edit
    if scene.kind == SceneKind.SANCTUARY:
        if not owner:
            return ()
        url = reverse(
            "campaigns:scene_rest", kwargs={"slug": slug, "scene": scene.slug}
        )
        return (Step("Rest", url, primary=True, method="post"),)
    if battle is None:
        if not owner:
            return ()
        url = reverse(
            "campaigns:battle_setup", kwargs={"slug": slug, "scene": scene.slug}
        )
        return (Step("Set up battle", url, primary=True),)
    ids = {"slug": slug, "battle_id": battle.pk}
    pack_step = _pack_step(ids, pack)
    if not owner:
        return (replace(pack_step, primary=True),)
    result = reverse("campaigns:result_entry", kwargs=ids)
    if pack_made:
        return (Step("Enter result", result, primary=True), pack_step)
    return (replace(pack_step, primary=True), Step("Enter result", result))


def _pack_step(ids: dict[str, Any], pack: PackStatus | None) -> Step:
    if pack is not None and not pack.ready:
        label = "Preparing your pack…" if pack.preparing else "Pack failed: see why"
        return Step(label, reverse("campaigns:battle_detail", kwargs=ids))
    return Step("Download battle pack", reverse("campaigns:battle_pack", kwargs=ids))


def latest_log_entries(
    *, campaign: Campaign, limit: int = CHRONICLE_LATEST
) -> list[CampaignLogEntry]:
    """The chronicle's newest entries, newest first (one query)."""
    return list(
        CampaignLogEntry.objects.filter(campaign=campaign)
        .select_related("battle", "scene")
        .order_by("-created_at", "-order", "-id")[:limit]
    )


def with_current_scene(campaigns: QuerySet[Campaign]) -> QuerySet[Campaign]:
    """The campaigns, each with ``current_scenes``: its scene being played (a
    list of at most one). One more query for the whole list."""
    current = (
        Scene.objects.filter(status=SceneStatus.CURRENT)
        .exclude(kind=SceneKind.LARGER_BATTLE)
        .select_related("parent")
    )
    return campaigns.prefetch_related(
        Prefetch("scenes", queryset=current, to_attr="current_scenes")
    )
