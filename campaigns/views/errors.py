"""The site's own 400 page: what went wrong with the request, in words."""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import RequestDataTooBig
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.template import loader


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
