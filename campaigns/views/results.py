"""After the battle (RULES §6): result entry, the resolution, reopening, notes."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse

from campaigns.forms.notes import BattleNotesForm
from campaigns.forms.result import ResultForm
from campaigns.selectors.battles import battle_for_campaign, notes_page
from campaigns.selectors.confirm import reopen_confirm
from campaigns.selectors.result import resolution_page, result_page
from campaigns.services.battle_notes import battle_notes_update
from campaigns.services.result_apply import result_apply
from campaigns.services.result_reopen import result_reopen
from campaigns.views.common import (
    access_for_request,
    confirm_first,
    method_not_allowed,
    render_page,
)

ALREADY_APPLIED = "This result was already applied; nothing changed."


@login_required
def result_entry(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    access = access_for_request(request, slug, owner_only=True)
    if request.method not in ("GET", "HEAD", "POST"):
        return method_not_allowed(request, ["GET", "POST"])
    page = result_page(access=access, battle_id=battle_id)
    form = ResultForm(
        request.POST if request.method == "POST" else None,
        battle=page.battle,
        rows=page.rows,
        rules=page.rules,
        read_only=not access.can_edit,
        initial=page.initial,
    )
    if request.method == "POST" and form.is_valid():
        try:
            # With what the owner's outcome overrules (the ways to win), if any.
            data = {**form.entry_data(), "overruled": form.victory_overruled}
            applied = result_apply(battle=page.battle, data=data)
        except ValidationError as error:
            form.add_service_errors(error)
        else:
            if applied.applied_now:
                messages.success(
                    request, f"Battle {page.battle.number}'s result applied."
                )
            else:
                messages.info(request, ALREADY_APPLIED)
            return redirect("campaigns:resolution", slug=slug, battle_id=battle_id)
    return render_page(
        request, "campaigns/result_form.html", access=access, page=page, form=form
    )


@login_required
def resolution(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    access = access_for_request(request, slug)
    page = resolution_page(access=access, battle_id=battle_id)
    return render_page(
        request, "campaigns/battle_resolution.html", access=access, page=page
    )


@login_required
def reopen(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    """GET: what reopening changes; POST: reopen the result (owner)."""
    access = access_for_request(request, slug, owner_only=True)
    gate = confirm_first(
        request, access, lambda: reopen_confirm(access=access, battle_id=battle_id)
    )
    if gate is not None:
        return gate
    battle = battle_for_campaign(campaign=access.campaign, battle_id=battle_id)
    try:
        reopened = result_reopen(battle=battle)
    except ValidationError as error:
        messages.error(request, " ".join(error.messages))
        return redirect("campaigns:result_reopen", slug=slug, battle_id=battle_id)
    messages.success(
        request,
        f"Battle {reopened.battle.number}'s result is reopened: every effect of it "
        "was reversed. The form shows what you entered: change what was wrong and "
        "apply it again.",
    )
    return redirect("campaigns:result_entry", slug=slug, battle_id=battle_id)


@login_required
def battle_notes(request: HttpRequest, slug: str, battle_id: int) -> HttpResponse:
    access = access_for_request(request, slug, owner_only=True)
    if request.method not in ("GET", "HEAD", "POST"):
        return method_not_allowed(request, ["GET", "POST"])
    page = notes_page(access=access, battle_id=battle_id)
    form = BattleNotesForm(
        request.POST if request.method == "POST" else None,
        initial={"notes": page.battle.notes},
    )
    if not access.can_edit:
        form.fields["notes"].disabled = True
    if request.method == "POST" and form.is_valid():
        try:
            battle_notes_update(battle=page.battle, notes=form.cleaned_data["notes"])
        except ValidationError as error:
            form.add_error("notes", error.messages)
        else:
            messages.success(request, f"Notes on battle {page.battle.number} saved.")
            url = reverse("campaigns:chronicle", kwargs={"slug": slug})
            return redirect(f"{url}#battle-{page.battle.number}")
    return render_page(
        request, "campaigns/battle_notes_form.html", access=access, page=page, form=form
    )
