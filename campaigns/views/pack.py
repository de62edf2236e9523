"""The battle pack PDF (SITE.md: ``/campaigns/<slug>/battles/<id>/pack.pdf``)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from campaigns.downloads import pack_download_note
from campaigns.printing.pack_store import PackStorageError, pack_response, stored_pack
from campaigns.selectors.battles import battle_for_pack_page
from campaigns.services.pack_render import pack_render_note_stored
from campaigns.site_url import site_url
from campaigns.views.common import access_for_request, method_not_allowed


@login_required
def battle_pack(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    """The pack as a download, served from storage (ETag, 304); rendered here
    and now when no worker has stored it yet.

    Access is decided first, so a stranger gets 404 whatever the method. When
    the storage refuses the pack, the player is sent back to the battle page
    with the reason; the battle is untouched.
    """
    campaign = access_for_request(request, slug).campaign
    battle = battle_for_pack_page(campaign=campaign, battle_id=battle_id)
    if request.method not in ("GET", "HEAD"):
        return method_not_allowed(request, ["GET", "HEAD"])
    url = site_url(request)
    try:
        pack = stored_pack(battle=battle, site_url=url)
    except PackStorageError as error:
        messages.error(request, str(error))
        return redirect("campaigns:battle_detail", slug=slug, battle_id=battle.pk)
    if pack.rendered:
        pack_render_note_stored(battle=battle, key=pack.key, site_url=url)
    response = pack_response(request, battle=battle, pack=pack)
    if response.status_code in (200, 304):
        pack_download_note(
            request, battle_id=battle.pk, times_rolled=battle.times_rolled
        )
    return response
