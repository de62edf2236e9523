"""The campaign's read pages: dashboard and scene."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from campaigns.models import Battle
from campaigns.selectors.battles import scene_for_campaign
from campaigns.selectors.dashboard import (
    campaign_timeline,
    current_scene_and_battle,
    next_step,
)
from campaigns.views.common import campaign_for_request


@login_required
def dashboard(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = campaign_for_request(request, slug)
    scene, battle = current_scene_and_battle(campaign=campaign)
    return render(
        request,
        "campaigns/campaign_detail.html",
        {
            "campaign": campaign,
            "current_scene": scene,
            "current_battle": battle,
            "next_step": next_step(campaign=campaign, scene=scene, battle=battle),
            "timeline": campaign_timeline(campaign=campaign),
        },
    )


@login_required
def scene_detail(request: HttpRequest, slug: str, scene: str) -> HttpResponse:
    campaign = campaign_for_request(request, slug)
    scene_obj = scene_for_campaign(campaign=campaign, slug=scene)
    battles = Battle.objects.filter(scene=scene_obj).order_by("number")
    return render(
        request,
        "campaigns/scene_detail.html",
        {
            "campaign": campaign,
            "scene": scene_obj,
            "battles": battles,
            "objectives": scene_obj.objectives.all(),
            "scene_companies": scene_obj.scene_companies.select_related("company"),
        },
    )
