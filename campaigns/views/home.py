"""The signed-in user's campaigns."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from campaigns.selectors.access import campaigns_for_user
from campaigns.selectors.dashboard import with_current_scene


@login_required
def home(request: HttpRequest) -> HttpResponse:
    campaigns = with_current_scene(
        campaigns_for_user(user=request.user).order_by("name", "id")
    )
    return render(request, "campaigns/campaign_list.html", {"campaigns": campaigns})
