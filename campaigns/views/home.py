"""The signed-in user's campaigns, and starting a new one."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from campaigns.forms.campaign_new import CampaignNewForm
from campaigns.selectors.dashboard import home_page
from campaigns.services.campaign_start import CampaignStart, campaign_start


@login_required
def home(request: HttpRequest) -> HttpResponse:
    page = home_page(user=request.user)
    return render(
        request,
        "campaigns/campaign_list.html",
        {"page": page, "campaigns": page.campaigns},
    )


@login_required
def campaign_new(request: HttpRequest) -> HttpResponse:
    form = CampaignNewForm(user=request.user)
    if request.method == "POST":
        form = CampaignNewForm(request.POST, user=request.user)
        if form.is_valid():
            campaign = campaign_start(owner=request.user, **form.cleaned_data)
            if form.cleaned_data["start"] == CampaignStart.EMPTY:
                messages.success(
                    request,
                    f"“{campaign.name}” is yours. Its page lists what it needs "
                    "before the first battle, with where to add it.",
                )
            else:
                messages.success(
                    request, f"“{campaign.name}” is yours: set up its first battle."
                )
            return redirect("campaigns:dashboard", slug=campaign.slug)
    return render(request, "campaigns/campaign_form.html", {"form": form})
