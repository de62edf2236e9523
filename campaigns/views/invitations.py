"""Members by invitation (SITE.md "Access"): the owner's page of links, and the
page a link opens (a confirm page, then POST)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse

from campaigns.bidi import isolated
from campaigns.forms.invitations import InvitationMakeForm, InvitationRevokeForm
from campaigns.selectors.access import campaign_access
from campaigns.selectors.invitations import (
    InvitationRefused,
    invitation_accept_page,
    invitation_refused_page,
    invitations_page,
)
from campaigns.services.invitations import (
    invitation_accept,
    invitation_make,
    invitation_revoke,
)
from campaigns.site_url import site_url
from campaigns.views.common import method_not_allowed, render_page

NEW_LINK = "invitation_link"
"""The session key holding a new link until the owner's page shows it once."""


@login_required
def invitations(request: HttpRequest, slug: str) -> HttpResponse:
    """The owner's invitations: make a link (shown once), revoke an open one.
    Owner only, even to read: a member gets 403, anyone else 404."""
    access = campaign_access(user=request.user, slug=slug, write=True)
    if request.method not in ("GET", "HEAD", "POST"):
        return method_not_allowed(request, ["GET", "POST"])
    campaign = access.campaign
    form = InvitationMakeForm()
    if request.method == "POST" and "revoke" in request.POST:
        revoke = InvitationRevokeForm(request.POST)
        if revoke.is_valid():
            done = invitation_revoke(
                campaign=campaign, invitation_id=revoke.cleaned_data["revoke"]
            )
            if done.revoked:
                messages.success(request, "The link is withdrawn: it no longer works.")
            else:
                messages.info(
                    request,
                    "That link was already used, withdrawn or out of date: "
                    "nothing changed.",
                )
        else:
            messages.error(request, "That is not one of this campaign's links.")
        return redirect("campaigns:invitations", slug=slug)
    if request.method == "POST":
        form = InvitationMakeForm(request.POST)
        if form.is_valid():
            made = invitation_make(campaign=campaign, label=form.cleaned_data["label"])
            path = reverse("campaigns:invitation_accept", args=[made.token])
            request.session[NEW_LINK] = site_url(request) + path
            return redirect("campaigns:invitations", slug=slug)
    new_link = request.session.pop(NEW_LINK, "") if request.method == "GET" else ""
    return render_page(
        request,
        "campaigns/invitation_list.html",
        access=access,
        page=invitations_page(campaign=campaign),
        form=form,
        new_link=new_link,
    )


@login_required
def invitation_accept_view(request: HttpRequest, token: str) -> HttpResponse:
    """GET: whose campaign the link joins, and a button; POST: join it. A dead
    link (unknown, expired, withdrawn or used) gets a page saying so."""
    if request.method in ("GET", "HEAD"):
        page = invitation_accept_page(token=token, user=request.user)
        return _accept_page(request, page)
    if request.method != "POST":
        return method_not_allowed(request, ["GET", "POST"])
    try:
        campaign = invitation_accept(token=token, user=request.user)
    except InvitationRefused as refused:
        return _accept_page(request, invitation_refused_page(refused))
    messages.success(request, f"You are now a member of {isolated(campaign.name)}.")
    return redirect("campaigns:dashboard", slug=campaign.slug)


def _accept_page(request: HttpRequest, page) -> HttpResponse:
    return render(
        request, "campaigns/invitation_accept.html", {"page": page}, status=page.status
    )
