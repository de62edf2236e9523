"""The address a request came from, for django-axes' login lockouts.

Behind reverse proxies every request reaches the site from the proxy's own
address, so a lock "for this username from this address" would lock the
username for everyone. With ``PROXY_COUNT`` = n (the proxies in front of the
site, each appending the address it saw to X-Forwarded-For, as nginx's
``$proxy_add_x_forwarded_for`` does), the address is the n-th entry from the
right: the one the outermost proxy saw. Entries further left were written by
the client and are not trusted.
"""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str | None:
    count = settings.PROXY_COUNT
    if count > 0:
        forwarded = [
            address.strip()
            for address in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
            if address.strip()
        ]
        if len(forwarded) >= count:
            return forwarded[-count]
    return request.META.get("REMOTE_ADDR")
