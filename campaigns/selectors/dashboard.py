"""Reads for the home page and the campaign dashboard (flat query counts), and
the next step a current scene offers (the scene page asks here too)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from django.core.paginator import Page, Paginator
from django.db.models import Prefetch, QuerySet
from django.urls import reverse

from campaigns.bidi import isolated
from campaigns.models import Battle, Campaign, CampaignLogEntry, Commander, Scene
from campaigns.models.battle import BattleStatus
from campaigns.selectors.access import CampaignAccess, campaigns_for_user
from campaigns.selectors.pack_status import pack_render_latest
from campaigns.selectors.readiness import Readiness, campaign_readiness
from campaigns.selectors.roster import (
    CompanyRoster,
    campaign_commanders,
    campaign_rosters,
)
from campaigns.selectors.steps import Step
from engines.enums import SceneKind, SceneStatus

if TYPE_CHECKING:
    from campaigns.selectors.access import AnyUser
    from campaigns.selectors.pack_status import PackStatus

CHRONICLE_LATEST = 10
TIMELINE_PAGE = 25
"""Top-level scenes per page of the dashboard's timeline."""


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

    A sanctuary rests (its confirm page). A fighting scene with nothing planned
    is set up. A planned
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
        return (Step("Rest here", url, primary=True),)
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
    """The chronicle's newest entries, newest first, as the story tells them:
    each battle set up, result (its story), rest, discard and reopening. The
    single effects a result or a rest made are told in its own entry, so they
    are left out here. One query."""
    return list(
        CampaignLogEntry.objects.filter(campaign=campaign)
        .exclude(kind=CampaignLogEntry.Kind.EFFECT)
        .select_related("battle", "scene")
        .order_by("-created_at", "-order", "-id")[:limit]
    )


def with_current_scene(campaigns: QuerySet[Campaign]) -> list[Campaign]:
    """The campaigns, each with ``current_scenes``: its scene being played (a
    list of at most one). Two queries for the whole list."""
    current = (
        Scene.objects.filter(status=SceneStatus.CURRENT)
        .exclude(kind=SceneKind.LARGER_BATTLE)
        .select_related("parent")
    )
    return list(
        campaigns.prefetch_related(
            Prefetch("scenes", queryset=current, to_attr="current_scenes")
        )
    )


STORY_KINDS = frozenset(
    {
        CampaignLogEntry.Kind.SETUP,
        CampaignLogEntry.Kind.REROLL,
        CampaignLogEntry.Kind.RESULT,
        CampaignLogEntry.Kind.REOPEN,
        CampaignLogEntry.Kind.REST,
        CampaignLogEntry.Kind.REST_UNDONE,
        CampaignLogEntry.Kind.DISCARD,
    }
)
"""Log entries that move the story on or back (notes and changes by hand do not)."""


def step_back_offer(
    *, campaign: Campaign, entries: list[CampaignLogEntry]
) -> Step | None:
    """The way back from what was just done, read from the newest entries of
    the campaign log (no query): when the newest step of the story is a result
    still applied, reopen it; a rest still taken, undo it. Anything else
    (a battle set up, discarded, reopened) has its own page and buttons. The
    confirm page checks again before anything changes."""
    newest = next((e for e in entries if e.kind in STORY_KINDS), None)
    if newest is None:
        return None
    if (
        newest.kind == CampaignLogEntry.Kind.RESULT
        and newest.battle is not None
        and newest.battle.status == BattleStatus.RESOLVED
    ):
        url = reverse(
            "campaigns:result_reopen",
            kwargs={"slug": campaign.slug, "battle_id": newest.battle_id},
        )
        return Step(
            f"Reopen battle {newest.battle.number}'s result", url, takes_back=True
        )
    if (
        newest.kind == CampaignLogEntry.Kind.REST
        and newest.scene is not None
        and newest.scene.status == SceneStatus.RESOLVED
    ):
        url = reverse(
            "campaigns:rest_undo",
            kwargs={"slug": campaign.slug, "scene": newest.scene.slug},
        )
        return Step(
            f"Undo the rest at {isolated(newest.scene.title)}", url, takes_back=True
        )
    return None


@dataclass(frozen=True)
class DashboardPage:
    """Everything the dashboard shows."""

    campaign: Campaign
    scene: Scene | None
    battle: Battle | None
    readiness: Readiness | None
    steps: tuple[Step, ...]
    step_back: Step | None
    timeline: Page
    playing: list[CompanyRoster]
    others: list[CompanyRoster]
    commanders: list[Commander]
    log_entries: list[CampaignLogEntry]


def dashboard_page(
    *,
    access: CampaignAccess,
    timeline_page: str | None,
    packs_downloaded: Mapping[str, int],
    site_url: str,
) -> DashboardPage:
    """The dashboard: the scene being played and its next step, the way back
    from the latest step (for the owner), the companies, scenes, commanders and
    the latest of the chronicle. ``packs_downloaded`` is the session's note of
    the packs this player has (battle id → times rolled)."""
    campaign = access.campaign
    scene, battle = current_scene_and_battle(campaign=campaign)
    rosters = campaign_rosters(campaign=campaign)
    playing = [r for r in rosters if r.in_current_scene]
    # The owner sees what the campaign still lacks, instead of a setup that
    # would refuse; the step to set up waits until the current scene is ready.
    # A battle already planned was set up from a ready scene.
    readiness = (
        campaign_readiness(campaign=campaign)
        if access.can_edit and battle is None
        else None
    )
    pack = (
        None if battle is None else pack_render_latest(battle=battle, site_url=site_url)
    )
    steps = next_steps(
        campaign=campaign,
        scene=scene,
        battle=battle,
        can_edit=access.can_edit,
        pack_made=battle is not None
        and packs_downloaded.get(str(battle.pk)) == battle.times_rolled,
        pack=pack,
    )
    if readiness is not None and readiness.blocks_play and battle is None:
        steps = ()
    log_entries = latest_log_entries(campaign=campaign)
    step_back = None
    if access.can_edit and battle is None:
        step_back = step_back_offer(campaign=campaign, entries=log_entries)
    return DashboardPage(
        campaign=campaign,
        scene=scene,
        battle=battle,
        readiness=readiness,
        steps=steps,
        step_back=step_back,
        timeline=campaign_timeline(campaign=campaign, page=timeline_page),
        playing=playing,
        others=[r for r in rosters if not r.in_current_scene],
        commanders=campaign_commanders(
            campaign=campaign,
            company_ids=[r.company.pk for r in playing] if playing else None,
        ),
        log_entries=log_entries,
    )


@dataclass(frozen=True)
class HomePage:
    """The user's campaigns, each with the scene being played."""

    campaigns: list[Campaign]


def home_page(*, user: AnyUser) -> HomePage:
    return HomePage(
        campaigns=with_current_scene(
            campaigns_for_user(user=user).order_by("name", "id")
        )
    )
