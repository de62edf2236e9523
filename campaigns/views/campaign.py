"""The campaign's read pages: dashboard, scene, company and character."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from campaigns.middleware import pack_downloaded
from campaigns.models import Battle, Scene
from campaigns.selectors.battles import scene_for_campaign
from campaigns.selectors.dashboard import (
    campaign_timeline,
    current_scene_and_battle,
    latest_log_entries,
    next_steps,
    open_battle,
)
from campaigns.selectors.readiness import campaign_readiness
from campaigns.selectors.roster import (
    campaign_commanders,
    campaign_rosters,
    character_battles_page,
    character_for_campaign,
    character_roster_entry,
    character_wounds,
    company_for_campaign,
    company_roster_page,
)
from campaigns.services.pack_render import PackStatus, pack_render_latest
from campaigns.site_url import site_url
from campaigns.views.common import campaign_for_request
from engines.enums import SceneKind, SceneStatus


@login_required
def dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_for_request(request, slug)
    scene, battle = current_scene_and_battle(campaign=campaign)
    rosters = campaign_rosters(campaign=campaign)
    playing = [r for r in rosters if r.in_current_scene]
    # The owner sees what the campaign still lacks, instead of a setup that
    # would refuse; the step to set up waits until the current scene is ready.
    # A battle already planned was set up from a ready scene.
    readiness = (
        campaign_readiness(campaign=campaign)
        if campaign.can_edit and battle is None
        else None
    )
    steps = next_steps(
        campaign=campaign,
        scene=scene,
        battle=battle,
        can_edit=campaign.can_edit,
        pack_made=battle is not None and pack_downloaded(request, battle),
        pack=_latest_pack(request, battle),
    )
    if readiness is not None and readiness.blocks_play and battle is None:
        steps = ()
    return render(
        request,
        "campaigns/campaign_detail.html",
        {
            "campaign": campaign,
            "current_scene": scene,
            "current_battle": battle,
            "readiness": readiness,
            "steps": steps,
            "timeline": campaign_timeline(
                campaign=campaign, page=request.GET.get("scenes")
            ),
            "playing": playing,
            "others": [r for r in rosters if not r.in_current_scene],
            "commanders": campaign_commanders(
                campaign=campaign,
                company_ids=[r.company.pk for r in playing] if playing else None,
            ),
            "log_entries": latest_log_entries(campaign=campaign),
        },
    )


def _latest_pack(request: HttpRequest, battle: Battle | None) -> PackStatus | None:
    if battle is None:
        return None
    return pack_render_latest(battle=battle, site_url=site_url(request))


@login_required
def scene_detail(request: HttpRequest, slug: str, scene: str) -> HttpResponse:
    campaign = campaign_for_request(request, slug)
    scene_obj = scene_for_campaign(campaign=campaign, slug=scene)
    steps = ()
    if (
        scene_obj.status == SceneStatus.CURRENT
        and scene_obj.kind != SceneKind.LARGER_BATTLE
    ):
        battle = open_battle(scene=scene_obj) if scene_obj.is_fighting() else None
        steps = next_steps(
            campaign=campaign,
            scene=scene_obj,
            battle=battle,
            can_edit=campaign.can_edit,
            pack_made=battle is not None and pack_downloaded(request, battle),
            pack=_latest_pack(request, battle),
        )
    sub_scenes = ()
    if scene_obj.kind == SceneKind.LARGER_BATTLE:
        sub_scenes = Scene.objects.filter(parent=scene_obj).order_by("order", "id")
    return render(
        request,
        "campaigns/scene_detail.html",
        {
            "campaign": campaign,
            "scene": scene_obj,
            "steps": steps,
            "sub_scenes": sub_scenes,
            "battles": Battle.objects.filter(scene=scene_obj).order_by("number"),
            "objectives": scene_obj.objectives.all(),
            "scene_companies": scene_obj.scene_companies.select_related(
                "company"
            ).order_by("order", "id"),
        },
    )


@login_required
def company_detail(request: HttpRequest, slug: str, company_id: int) -> HttpResponse:
    campaign = campaign_for_request(request, slug)
    company = company_for_campaign(campaign=campaign, company_id=company_id)
    page, roster = company_roster_page(company=company, page=request.GET.get("page"))
    return render(
        request,
        "campaigns/company_detail.html",
        {
            "campaign": campaign,
            "company": company,
            "commander": company.commander,
            "page_obj": page,
            "roster": roster,
        },
    )


@login_required
def character_detail(
    request: HttpRequest, slug: str, character_id: int
) -> HttpResponse:
    campaign = campaign_for_request(request, slug)
    character = character_for_campaign(campaign=campaign, character_id=character_id)
    wounds = character_wounds(character=character)
    page, battle_lines = character_battles_page(
        character=character, page=request.GET.get("page")
    )
    return render(
        request,
        "campaigns/character_detail.html",
        {
            "campaign": campaign,
            "company": character.company,
            "character": character,
            "entry": character_roster_entry(character=character, wounds=wounds),
            "wounds": wounds,
            "page_obj": page,
            "battle_lines": battle_lines,
        },
    )
