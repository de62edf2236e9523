"""Resting at a sanctuary (RULES §6.3) and undoing the rest (§6.5)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from campaigns.bidi import isolated
from campaigns.selectors.confirm import rest_confirm, rest_undo_confirm
from campaigns.selectors.scenes import scene_for_campaign
from campaigns.services.scene_rest import rest_undo
from campaigns.services.scene_rest import scene_rest as rest_service
from campaigns.views.common import (
    access_for_request,
    confirm_first,
)


@login_required
def scene_rest(request: HttpRequest, slug: str, scene: str) -> HttpResponse:
    """GET: what resting heals; POST: rest (owner)."""
    access = access_for_request(request, slug, owner_only=True)
    gate = confirm_first(
        request, access, lambda: rest_confirm(access=access, slug=scene)
    )
    if gate is not None:
        return gate
    scene_obj = scene_for_campaign(campaign=access.campaign, slug=scene)
    try:
        rested = rest_service(scene=scene_obj)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        after = (
            f" {isolated(rested.next_scene.title)} is next."
            if rested.next_scene
            else " The campaign is over."
        )
        messages.success(
            request,
            f"Rested at {isolated(rested.scene.title)}: wounds that heal there are "
            f"healed and everyone is fit again.{after}",
        )
    return redirect("campaigns:dashboard", slug=slug)


@login_required
def scene_rest_undo(request: HttpRequest, slug: str, scene: str) -> HttpResponse:
    """GET: what undoing the rest reverses; POST: undo it (owner)."""
    access = access_for_request(request, slug, owner_only=True)
    gate = confirm_first(
        request, access, lambda: rest_undo_confirm(access=access, slug=scene)
    )
    if gate is not None:
        return gate
    scene_obj = scene_for_campaign(campaign=access.campaign, slug=scene)
    try:
        undone = rest_undo(scene=scene_obj)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("campaigns:rest_undo", slug=slug, scene=scene)
    messages.success(
        request,
        f"The rest at {isolated(undone.scene.title)} is undone: every change it made "
        f"was reversed, and {isolated(undone.scene.title)} is the current scene again.",
    )
    return redirect("campaigns:dashboard", slug=slug)
