"""Invitations (SITE.md "Access"): the owner makes and revokes links; whoever
opens one logged in and accepts becomes a member. No one is made a member
without accepting, and nothing here looks a user up by name."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.db import transaction
from django.http import Http404
from django.utils import timezone

from campaigns.models import Campaign, Invitation
from campaigns.selectors.invitations import (
    InvitationRefused,
    Refusal,
    invitation_check,
    token_hash,
)

TOKEN_BYTES = 32
"""Random bytes in a token: 43 URL-safe characters, not to be guessed."""


@dataclass(frozen=True)
class InvitationMade:
    """A new invitation and its token: the only time the token is known."""

    invitation: Invitation
    token: str


def invitation_make(*, campaign: Campaign, label: str = "") -> InvitationMade:
    """A new link to ``campaign``, good for ``Invitation.VALID_FOR``."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    now = timezone.now()
    invitation = Invitation(
        campaign=campaign,
        token_hash=token_hash(token),
        label=label.strip(),
        created_at=now,
        expires_at=now + Invitation.VALID_FOR,
    )
    invitation.full_clean()
    invitation.save()
    return InvitationMade(invitation=invitation, token=token)


@dataclass(frozen=True)
class InvitationRevoked:
    invitation: Invitation
    revoked: bool
    """Whether this call withdrew it (False: it was already used, withdrawn or
    expired, and is left as it was)."""


def invitation_revoke(*, campaign: Campaign, invitation_id: int) -> InvitationRevoked:
    """Revoke one of ``campaign``'s open invitations; Http404 for any other
    (another campaign's is not told apart from one that does not exist). An
    invitation already accepted, revoked or expired is left as it is."""
    invitation = Invitation.objects.filter(campaign=campaign, pk=invitation_id).first()
    if invitation is None:
        raise Http404("No such invitation.")
    now = timezone.now()
    revoked = Invitation.objects.filter(
        pk=invitation.pk, accepted_at=None, revoked_at=None, expires_at__gt=now
    ).update(revoked_at=now)
    invitation.refresh_from_db()
    return InvitationRevoked(invitation=invitation, revoked=bool(revoked))


def invitation_accept(*, token: str, user) -> Campaign:
    """Make ``user`` a member of the campaign ``token`` invites to, using the
    invitation up. Raises InvitationRefused (and changes nothing) when the
    link is unknown, expired, revoked or used, or the user already belongs.

    Runs in one transaction; the invitation is taken by a conditional update,
    so of two people accepting one link at once only one becomes a member."""
    with transaction.atomic():
        invitation = invitation_check(token=token, user=user)
        now = timezone.now()
        taken = Invitation.objects.filter(
            pk=invitation.pk, accepted_at=None, revoked_at=None, expires_at__gt=now
        ).update(accepted_at=now, accepted_by=user)
        if not taken:
            invitation.refresh_from_db()
            state = invitation.state_at(now)
            raise InvitationRefused(Refusal(state.value), invitation)
        invitation.campaign.members.add(user)
        return invitation.campaign
