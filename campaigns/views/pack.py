"""The battle pack PDF (SITE.md: ``/campaigns/<slug>/battles/<id>/pack.pdf``)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse

from campaigns.downloads import pack_download_note
from campaigns.printing.pack_store import pack_key, pack_response, pack_stored
from campaigns.selectors.battle_pack import battle_pack_data
from campaigns.selectors.battles import battle_for_pack_page
from campaigns.selectors.pack_status import pack_status_read
from campaigns.site_url import site_url
from campaigns.views.common import access_for_request, method_not_allowed, render_page


@login_required
def battle_pack(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    """The pack as a download, served from storage (ETag, 304). Until a worker
    has stored it, a page saying how it is coming along: a GET never renders
    nor enqueues (the pack was asked for when the battle was set up or what it
    prints changed; the owner's Retry asks again).

    Access is decided first, so a stranger gets 404 whatever the method.
    """
    access = access_for_request(request, slug)
    battle = battle_for_pack_page(campaign=access.campaign, battle_id=battle_id)
    if request.method not in ("GET", "HEAD"):
        return method_not_allowed(request, ["GET", "HEAD"])
    data = battle_pack_data(battle=battle, site_url=site_url(request))
    pack = pack_stored(data=data)
    if pack is None:
        return render_page(
            request,
            "campaigns/pack_preparing.html",
            access=access,
            battle=battle,
            scene=battle.scene,
            pack=pack_status_read(key=pack_key(data)),
        )
    response = pack_response(request, battle=battle, pack=pack)
    if response.status_code in (200, 304):
        pack_download_note(
            request, battle_id=battle.pk, times_rolled=battle.times_rolled
        )
    return response
