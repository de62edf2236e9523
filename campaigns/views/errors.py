"""The site's own error pages where a plain one would say too little: a 400
that says what went wrong with the request, and a 404 that says a battle was
discarded."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.template import loader
from django.views import defaults

from campaigns.selectors.battles import BattleGone


def size_in_mb(size: int) -> str:
    """2_621_440 → "2.5"."""
    return f"{size / (1024 * 1024):.1f}".removesuffix(".0")


def bad_request(
    request: HttpRequest, exception: Exception | None = None
) -> HttpResponse:
    """A request the site cannot take: too large (saying the limit), or not
    readable whole (cut off, malformed): either way nothing was changed."""
    too_large = (
        size_in_mb(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
        if isinstance(exception, RequestDataTooBig)
        else None
    )
    html = loader.render_to_string("400.html", {"too_large": too_large}, request)
    return HttpResponseBadRequest(html)


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
