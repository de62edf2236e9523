"""What every campaign view needs: the campaign as this user may use it, a page
rendered with it, the confirm page before a change, and the site's own 405
page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from campaigns.selectors.access import CampaignAccess, campaign_access


def access_for_request(
    request: HttpRequest, slug: str, *, owner_only: bool = False
) -> CampaignAccess:
    """The campaign for this request and the user's role in it (404 to
    strangers).

    An owner-only page may be read by a member (the form, or the confirm page,
    shown read-only), but any POST to it by a member is refused with 403.
    """
    write = owner_only and request.method == "POST"
    return campaign_access(user=request.user, slug=slug, write=write)


def render_page(
    request: HttpRequest,
    template: str,
    *,
    access: CampaignAccess,
    page: Any = None,
    status: int = 200,
    **context: Any,
) -> HttpResponse:
    """Render a campaign page: its page object as ``page``, the campaign, the
    user's right to change it (``can_edit``), and the page's scene and battle
    (for the breadcrumbs) when it has them."""
    values: dict[str, Any] = {
        "access": access,
        "campaign": access.campaign,
        "can_edit": access.can_edit,
        "page": page,
    }
    for name in ("scene", "battle"):
        if page is not None and hasattr(page, name):
            values[name] = getattr(page, name)
    values.update(context)
    return render(request, template, values, status=status)


def method_not_allowed(request: HttpRequest, allowed: list[str]) -> HttpResponse:
    """The site's 405 page: what the address is for, and the way back."""
    response = render(
        request, "405.html", {"allowed": allowed, "method": request.method}, status=405
    )
    response["Allow"] = ", ".join(allowed)
    return response


CONFIRM = "campaigns/confirm.html"


def confirm_first(
    request: HttpRequest, access: CampaignAccess, confirm: Callable[[], Any]
) -> HttpResponse | None:
    """The gate of a change that is confirmed first: GET shows the confirm
    page ``confirm()`` builds (what will change, or why not now), a method
    other than POST gets the 405 page, and a POST gets None: go on."""
    if request.method in ("GET", "HEAD"):
        return render_page(request, CONFIRM, access=access, page=confirm())
    if request.method != "POST":
        return method_not_allowed(request, ["GET", "POST"])
    return None
