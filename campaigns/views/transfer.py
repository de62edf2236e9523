"""A whole campaign as one JSON file: the export download and the import form."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from campaigns.forms.campaign_import import CampaignImportForm
from campaigns.transfer import (
    CampaignImported,
    CampaignImportError,
    campaign_export_json,
    campaign_import,
)
from campaigns.views.common import access_for_request


@login_required
def export_json(request: HttpRequest, slug: str) -> HttpResponse:
    campaign = access_for_request(request, slug).campaign
    return HttpResponse(
        campaign_export_json(campaign=campaign),
        content_type="application/json; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="{campaign.slug}.json"'},
    )


@login_required
def import_form(request: HttpRequest) -> HttpResponse:
    form = CampaignImportForm()
    if request.method == "POST":
        form = CampaignImportForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                imported = campaign_import(
                    data=form.cleaned_data["file"],
                    owner=request.user,
                    max_bytes=form.max_bytes,
                )
            except CampaignImportError as error:
                for message in error.messages:
                    form.add_error("file", message)
            else:
                _say_what_was_imported(request, imported)
                return redirect("campaigns:dashboard", slug=imported.campaign.slug)
    return render(request, "campaigns/campaign_import_form.html", {"form": form})


def _say_what_was_imported(request: HttpRequest, imported: CampaignImported) -> None:
    messages.success(
        request, f"“{imported.campaign.name}” is imported: it is yours to play."
    )
    if imported.members_named:
        messages.info(request, members_not_added_message(imported.members_named))
    for notice in imported.notices:
        messages.info(request, notice)


def members_not_added_message(count: int) -> str:
    """What the site says of a document's members: how many, never who
    (an import adds no one, and does not reveal which usernames exist)."""
    named = "one member" if count == 1 else f"{count} members"
    return (
        f"The file named {named}; an import adds no one, so the campaign has "
        "no members yet. As its owner you can add the players you want."
    )
