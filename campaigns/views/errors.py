"""The site's own error pages where a plain one would say too little."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views import defaults

from campaigns.selectors.battles import BattleGone


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """A discarded battle's old address says it was discarded; anything else
    is the site's 404 page."""
    if isinstance(exception, BattleGone):
        return render(
            request,
            "campaigns/battle_gone.html",
            {"gone": exception, "campaign": exception.campaign},
            status=404,
        )
    return defaults.page_not_found(request, exception)
