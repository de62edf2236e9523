"""The signed-in user's campaigns."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from campaigns.selectors.dashboard import home_page


@login_required
def home(request: HttpRequest) -> HttpResponse:
    page = home_page(user=request.user)
    return render(
        request,
        "campaigns/campaign_list.html",
        {"page": page, "campaigns": page.campaigns},
    )
