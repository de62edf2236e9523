"""Battle setup, the battle page, re-roll and discard (RULES §3, §6.5)."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse

from campaigns.downloads import packs_downloaded
from campaigns.forms.battle_setup import BattleSetupForm
from campaigns.printing.pack_store import pack_key
from campaigns.selectors.battles import (
    battle_for_campaign,
    battle_pack_page_data,
    battle_page,
)
from campaigns.selectors.chronicle_story import battle_commanders
from campaigns.selectors.confirm import discard_confirm, reroll_confirm
from campaigns.selectors.pack_status import pack_status_read
from campaigns.selectors.playtest_odds import setup_odds
from campaigns.selectors.scenes import setup_page
from campaigns.selectors.setup_on_screen import setup_on_screen
from campaigns.selectors.table_record import battle_table_log
from campaigns.services import battle_setup as setup_service
from campaigns.services.battle_discard import battle_discard
from campaigns.services.pack_render import pack_render_retry
from campaigns.setting_words import campaign_words
from campaigns.site_url import site_url
from campaigns.views.common import (
    access_for_request,
    confirm_first,
    method_not_allowed,
    render_page,
)


@login_required
def battle_setup(request: HttpRequest, slug: str, scene: str) -> HttpResponse:
    access = access_for_request(request, slug, owner_only=True)
    page = setup_page(access=access, slug=scene)
    if request.method not in ("GET", "HEAD", "POST"):
        return method_not_allowed(request, ["GET", "POST"])
    if page.blocked or page.lineup is None:  # no line-up: it cannot be set up
        if request.method == "POST":
            messages.error(request, f"Nothing was set up. {page.blocked}")
        return render_page(
            request, "campaigns/battle_setup_form.html", access=access, page=page
        )
    form = BattleSetupForm(request.POST or None, lineup=page.lineup)
    if request.method == "POST" and form.is_valid():
        try:
            battle = setup_service.battle_set_up(
                scene=page.scene,
                stance=form.chosen_stance(),
                participant_ids=[int(v) for v in form.cleaned_data["participants"]],
                scout_ids=[int(v) for v in form.cleaned_data["scouts"]],
                coop_players=form.coop_players(),
                seed=form.cleaned_data["seed"],
                site_url=site_url(request),
            )
        except ValidationError as error:
            form.add_service_errors(error)
        else:
            messages.success(request, f"Battle {battle.number} is set up.")
            return redirect(
                "campaigns:battle_detail",
                slug=access.campaign.slug,
                battle_id=battle.pk,
            )
    return render_page(
        request,
        "campaigns/battle_setup_form.html",
        access=access,
        page=page,
        form=form,
        odds=_odds(page, form),
    )


def _odds(page, form: BattleSetupForm) -> dict:
    """The kept playtest of the stance and characters the form shows chosen,
    and the playtest page's address with them picked."""
    stance, ids = form.odds_choice()
    names = {c.character.pk: c.character.name for c in page.lineup.characters}
    query = urlencode(
        [("stance", stance)] * bool(stance) + [("participants", pk) for pk in ids]
    )
    url = reverse(
        "campaigns:scene_playtest",
        kwargs={"slug": page.scene.campaign.slug, "scene": page.scene.slug},
    )
    return {
        "kept": setup_odds(
            scene=page.scene, stance=stance, participant_ids=ids, names=names
        ),
        "run_url": f"{url}?{query}" if query else url,
        "page_url": url,
    }


@login_required
def battle_detail(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    access = access_for_request(request, slug)
    page = battle_page(
        access=access, battle_id=battle_id, packs_downloaded=packs_downloaded(request)
    )
    here = site_url(request)
    data = battle_pack_page_data(page=page, site_url=here)
    # Read only: the pack was asked for when the battle or what it prints
    # changed; a GET never enqueues work.
    pack = pack_status_read(key=pack_key(data))
    return render_page(
        request,
        "campaigns/battle_detail.html",
        access=access,
        page=page,
        pack=pack,
        table_log=battle_table_log(battle=page.battle),
        setup=setup_on_screen(data=data, words=campaign_words(access.campaign)),
        commanders=battle_commanders(battle=page.battle),
    )


@login_required
def battle_reroll(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    """GET: what re-rolling changes; POST: re-roll (owner)."""
    # Access first, so a stranger learns nothing from the method either.
    access = access_for_request(request, slug, owner_only=True)
    gate = confirm_first(
        request, access, lambda: reroll_confirm(access=access, battle_id=battle_id)
    )
    if gate is not None:
        return gate
    battle = battle_for_campaign(campaign=access.campaign, battle_id=battle_id)
    try:
        battle = setup_service.battle_reroll(battle=battle, site_url=site_url(request))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            f"Set-up re-rolled: rolled {battle.times_rolled} times in all.",
        )
    return redirect("campaigns:battle_detail", slug=slug, battle_id=battle_id)


@login_required
def battle_discard_view(
    request: HttpRequest, slug: str, battle_id: int
) -> HttpResponse:
    """GET: what discarding changes; POST: discard the battle (owner)."""
    access = access_for_request(request, slug, owner_only=True)
    gate = confirm_first(
        request, access, lambda: discard_confirm(access=access, battle_id=battle_id)
    )
    if gate is not None:
        return gate
    battle = battle_for_campaign(campaign=access.campaign, battle_id=battle_id)
    try:
        discarded = battle_discard(battle=battle)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("campaigns:battle_discard", slug=slug, battle_id=battle_id)
    messages.success(
        request,
        f"Battle {discarded.number} is discarded. “{discarded.scene.title}” can be "
        "set up again.",
    )
    return redirect("campaigns:battle_setup", slug=slug, scene=discarded.scene.slug)


@login_required
def battle_pack_retry(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    """Send the battle's pack to a worker again after a failed render (POST)."""
    access = access_for_request(request, slug, owner_only=True)
    battle = battle_for_campaign(campaign=access.campaign, battle_id=battle_id)
    if request.method != "POST":
        return method_not_allowed(request, ["POST"])
    pack_render_retry(battle=battle, site_url=site_url(request))
    messages.success(request, "Your pack is being prepared again.")
    return redirect("campaigns:battle_detail", slug=slug, battle_id=battle.pk)
