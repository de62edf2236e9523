"""The battle pack PDF (SITE.md: ``/campaigns/<slug>/battles/<id>/pack.pdf``)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotAllowed

from campaigns.models import Battle
from campaigns.printing.pack_store import pack_response
from campaigns.selectors.battle_pack import battle_for_pack
from campaigns.views.common import campaign_for_request


@login_required
def battle_pack(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    """The pack, rendered once per change and served from storage (ETag, 304).

    Access is decided first, so a stranger gets 404 whatever the method.
    """
    campaign = campaign_for_request(request, slug)
    try:
        battle = battle_for_pack(campaign=campaign, battle_id=battle_id)
    except Battle.DoesNotExist as error:
        raise Http404("No such battle in this campaign.") from error
    if request.method not in ("GET", "HEAD"):
        return HttpResponseNotAllowed(["GET", "HEAD"])
    return pack_response(request, battle=battle)
