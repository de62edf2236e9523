"""Battle setup, the battle page and re-roll (RULES §3)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render

from campaigns.forms.battle_setup import BattleSetupForm
from campaigns.models.battle import BattleStatus
from campaigns.selectors.battles import battle_for_campaign, scene_for_campaign
from campaigns.selectors.lineup import scene_lineup
from campaigns.selectors.table_record import battle_table_log
from campaigns.services import battle_setup as setup_service
from campaigns.services.pack_render import pack_render_ensure, pack_render_retry
from campaigns.site_url import site_url
from campaigns.views.common import campaign_for_request
from engines.dice import log_from_data
from engines.scouting import scouts_allowed


@login_required
def battle_setup(request: HttpRequest, slug: str, scene: str) -> HttpResponse:
    campaign = campaign_for_request(request, slug, owner_only=True)
    scene_obj = scene_for_campaign(campaign=campaign, slug=scene)
    planned = scene_obj.battles.filter(status=BattleStatus.PLANNED).first()
    lineup = scene_lineup(scene=scene_obj)
    form = BattleSetupForm(request.POST or None, lineup=lineup)
    if request.method == "POST" and form.is_valid():
        try:
            battle = setup_service.battle_set_up(
                scene=scene_obj,
                stance=form.chosen_stance(),
                participant_ids=[int(v) for v in form.cleaned_data["participants"]],
                scout_ids=[int(v) for v in form.cleaned_data["scouts"]],
                coop_players=form.coop_players(),
                seed=form.cleaned_data["seed"],
                site_url=site_url(request),
            )
        except ValidationError as error:
            _add_errors(form, error)
        else:
            messages.success(request, f"Battle {battle.number} is set up.")
            return redirect(
                "campaigns:battle_detail", slug=campaign.slug, battle_id=battle.pk
            )
    fit_count = len(lineup.default_participants())
    return render(
        request,
        "campaigns/battle_setup_form.html",
        {
            "campaign": campaign,
            "scene": scene_obj,
            "form": form,
            "lineup": lineup,
            "planned": planned,
            "ai_characters": lineup.ai,
            "ai_fighting": {c.character.pk for c in lineup.ai_fighting()},
            "scouts_allowed_all": scouts_allowed(fit_count),
        },
    )


@login_required
def battle_detail(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    campaign = campaign_for_request(request, slug)
    battle = battle_for_campaign(campaign=campaign, battle_id=battle_id)
    participants = list(battle.participants.all())
    pack = pack_render_ensure(battle=battle, site_url=site_url(request))
    return render(
        request,
        "campaigns/battle_detail.html",
        {
            "campaign": campaign,
            "battle": battle,
            "scene": battle.scene,
            "player_participants": [p for p in participants if p.side == "player"],
            "ai_participants": [p for p in participants if p.side == "ai"],
            "companies": list(battle.companies.all()),
            "dice_log": [
                (number, entry)
                for number, entry in enumerate(log_from_data(battle.dice_log), 1)
            ],
            "setup_paragraphs": [p for p in battle.setup_text.split("\n\n") if p],
            "pack": pack,
            "table_log": battle_table_log(battle=battle),
        },
    )


@login_required
def battle_reroll(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    # Access first, so a stranger learns nothing from the method either.
    campaign = campaign_for_request(request, slug, owner_only=True)
    battle = battle_for_campaign(campaign=campaign, battle_id=battle_id)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    try:
        battle = setup_service.battle_reroll(battle=battle, site_url=site_url(request))
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
    else:
        messages.success(
            request,
            f"Set-up re-rolled: rolled {battle.times_rolled} times in all.",
        )
    return redirect("campaigns:battle_detail", slug=campaign.slug, battle_id=battle.pk)


@login_required
def battle_pack_retry(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    """Send the battle's pack to a worker again after a failed render (POST)."""
    campaign = campaign_for_request(request, slug, owner_only=True)
    battle = battle_for_campaign(campaign=campaign, battle_id=battle_id)
    if request.method != "POST":
        return HttpResponseNotAllowed(["POST"])
    pack_render_retry(battle=battle, site_url=site_url(request))
    messages.success(request, "Your pack is being prepared again.")
    return redirect("campaigns:battle_detail", slug=campaign.slug, battle_id=battle.pk)


def _add_errors(form: BattleSetupForm, error: ValidationError) -> None:
    if hasattr(error, "error_dict"):
        for field, errors in error.error_dict.items():
            target = field if field in form.fields else None
            for item in errors:
                form.add_error(target, item)
    else:
        for message in error.messages:
            form.add_error(None, message)
