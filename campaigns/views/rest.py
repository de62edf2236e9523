"""Resting at a sanctuary (RULES §6.3)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect

from campaigns.selectors.battles import scene_for_campaign
from campaigns.services.scene_rest import scene_rest as rest_service
from campaigns.views.common import campaign_for_request


@login_required
def scene_rest(request: HttpRequest, slug: str, scene: str) -> HttpResponse:
    campaign = campaign_for_request(request, slug, owner_only=True)
    scene_obj = scene_for_campaign(campaign=campaign, slug=scene)
    if request.method != "POST":
        # After the access check: strangers get 404 whatever the method.
        return HttpResponseNotAllowed(["POST"])
    try:
        current = rest_service(scene=scene_obj)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        after = f" {current.title} is next." if current else " The campaign is over."
        messages.success(
            request,
            f"Rested at {scene_obj.title}: wounds that heal there are healed and "
            f"everyone is fit again.{after}",
        )
    return redirect("campaigns:dashboard", slug=campaign.slug)
