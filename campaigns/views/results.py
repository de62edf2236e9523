"""After the battle (RULES §6): result entry, the resolution, reopening, notes."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.urls import reverse

from campaigns.forms.notes import BattleNotesForm
from campaigns.forms.result import ResultForm, result_initial
from campaigns.selectors.battles import battle_for_campaign
from campaigns.selectors.result import (
    battle_has_victory_points,
    battle_resolution,
    battle_result_or_none,
    latest_resolved_battle,
    result_entry_rows,
)
from campaigns.selectors.table_record import result_initial_from_log
from campaigns.services.battle_notes import battle_notes_update
from campaigns.services.result_apply import result_apply
from campaigns.services.result_reopen import result_reopen
from campaigns.views.common import campaign_for_request


@login_required
def result_entry(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    campaign = campaign_for_request(request, slug, owner_only=True)
    battle = battle_for_campaign(campaign=campaign, battle_id=battle_id)
    result = battle_result_or_none(battle=battle)
    form = ResultForm(
        request.POST if request.method == "POST" else None,
        battle=battle,
        rows=result_entry_rows(battle=battle),
        has_victory_points=battle_has_victory_points(battle=battle),
        read_only=not campaign.can_edit,
        initial=result_initial(result=result) or result_initial_from_log(battle=battle),
    )
    if request.method == "POST" and form.is_valid():
        try:
            applied = result_apply(battle=battle, data=form.entry_data())
        except ValidationError as error:
            form.add_service_errors(error)
        else:
            if applied.applied_now:
                messages.success(request, f"Battle {battle.number}'s result applied.")
            else:
                messages.info(
                    request, "This result had already been applied: nothing changed."
                )
            return redirect(
                "campaigns:resolution", slug=campaign.slug, battle_id=battle.pk
            )
    latest = latest_resolved_battle(campaign=campaign)
    return render(
        request,
        "campaigns/result_form.html",
        {
            "campaign": campaign,
            "battle": battle,
            "scene": battle.scene,
            "form": form,
            "result": result,
            "can_reopen": latest is not None and latest.pk == battle.pk,
        },
    )


@login_required
def resolution(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    campaign = campaign_for_request(request, slug)
    battle = battle_for_campaign(campaign=campaign, battle_id=battle_id)
    return render(
        request,
        "campaigns/battle_resolution.html",
        {
            "campaign": campaign,
            "battle": battle,
            "scene": battle.scene,
            "resolution": battle_resolution(battle=battle),
        },
    )


@login_required
def reopen(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    campaign = campaign_for_request(request, slug, owner_only=True)
    battle = battle_for_campaign(campaign=campaign, battle_id=battle_id)
    if request.method != "POST":
        # After the access check: strangers get 404 whatever the method.
        return HttpResponseNotAllowed(["POST"])
    try:
        result_reopen(battle=battle)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("campaigns:resolution", slug=campaign.slug, battle_id=battle.pk)
    messages.success(
        request,
        f"Battle {battle.number}'s result is reopened: every effect of it was "
        "reversed. Enter the result again.",
    )
    return redirect("campaigns:result_entry", slug=campaign.slug, battle_id=battle.pk)


@login_required
def battle_notes(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    campaign = campaign_for_request(request, slug, owner_only=True)
    battle = battle_for_campaign(campaign=campaign, battle_id=battle_id)
    form = BattleNotesForm(
        request.POST if request.method == "POST" else None,
        initial={"notes": battle.notes},
    )
    if not campaign.can_edit:
        form.fields["notes"].disabled = True
    if request.method == "POST" and form.is_valid():
        try:
            battle_notes_update(battle=battle, notes=form.cleaned_data["notes"])
        except ValidationError as error:
            form.add_error("notes", error.messages)
        else:
            messages.success(request, f"Notes on battle {battle.number} saved.")
            url = reverse("campaigns:chronicle", kwargs={"slug": campaign.slug})
            return redirect(f"{url}#battle-{battle.number}")
    return render(
        request,
        "campaigns/battle_notes_form.html",
        {
            "campaign": campaign,
            "battle": battle,
            "scene": battle.scene,
            "form": form,
        },
    )
