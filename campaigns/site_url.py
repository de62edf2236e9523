"""The address printed on paper (the result form's link and QR code).

A phone at the table must be able to open it, so it is the address the player
reached the site at (the request's scheme and host), unless the ``SITE_URL``
setting names one. Without either (a management command), the local address.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest

LOCAL_SITE_URL = "http://127.0.0.1:8000"


def site_url(request: HttpRequest | None = None) -> str:
    """``https://host[:port]`` without a trailing slash."""
    configured = (getattr(settings, "SITE_URL", "") or "").rstrip("/")
    if configured:
        return configured
    if request is not None:
        return f"{request.scheme}://{request.get_host()}"
    return LOCAL_SITE_URL
