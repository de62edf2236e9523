"""The invitation pages: the owner's list of links, and the page a link opens;
what a link opens, or why it opens nothing."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from django.utils import timezone

from campaigns.bidi import isolated
from campaigns.models import Campaign, Invitation


def token_hash(token: str) -> str:
    """What is stored of a token (the link itself is never kept)."""
    return hashlib.sha256(token.encode()).hexdigest()


class Refusal(StrEnum):
    """Why an invitation link does not make the visitor a member."""

    FORGED = "forged"
    EXPIRED = Invitation.State.EXPIRED.value
    REVOKED = Invitation.State.REVOKED.value
    USED = Invitation.State.USED.value
    OWNER = "owner"
    MEMBER = "member"


class InvitationRefused(Exception):
    def __init__(self, refusal: Refusal, invitation: Invitation | None = None):
        super().__init__(refusal.value)
        self.refusal = refusal
        self.invitation = invitation


def invitation_check(*, token: str, user) -> Invitation:
    """The invitation ``token`` opens, if ``user`` may accept it; raises
    InvitationRefused saying why not."""
    invitation = (
        Invitation.objects.filter(token_hash=token_hash(token))
        .select_related("campaign", "campaign__owner")
        .first()
    )
    if invitation is None:
        raise InvitationRefused(Refusal.FORGED)
    campaign = invitation.campaign
    if campaign.owner_id == user.pk:
        raise InvitationRefused(Refusal.OWNER, invitation)
    if campaign.members.filter(pk=user.pk).exists():
        raise InvitationRefused(Refusal.MEMBER, invitation)
    state = invitation.state_at(timezone.now())
    if state != Invitation.State.OPEN:
        raise InvitationRefused(Refusal(state.value), invitation)
    return invitation


@dataclass(frozen=True)
class InvitationRow:
    id: int
    label: str
    created_at: datetime
    expires_at: datetime
    state: Invitation.State
    state_label: str
    accepted_by: str
    """The member it made (their username), once accepted."""

    @property
    def revocable(self) -> bool:
        return self.state == Invitation.State.OPEN


@dataclass(frozen=True)
class InvitationsPage:
    """The owner's invitations, newest first, and the campaign's members."""

    rows: tuple[InvitationRow, ...]
    members: tuple[str, ...]
    valid_days: int


def invitations_page(*, campaign: Campaign) -> InvitationsPage:
    now = timezone.now()
    rows = tuple(
        InvitationRow(
            id=invitation.pk,
            label=invitation.label,
            created_at=invitation.created_at,
            expires_at=invitation.expires_at,
            state=(state := invitation.state_at(now)),
            state_label=state.label,
            accepted_by=(
                invitation.accepted_by.get_username()
                if invitation.accepted_by is not None
                else ""
            ),
        )
        for invitation in campaign.invitations.select_related("accepted_by")
    )
    members = tuple(
        user.get_username() for user in campaign.members.order_by("username")
    )
    return InvitationsPage(
        rows=rows, members=members, valid_days=Invitation.VALID_FOR.days
    )


REFUSALS: dict[Refusal, tuple[str, str, int]] = {
    Refusal.FORGED: (
        "This invitation link does not work",
        "This site made no invitation with this link. Check that you copied the "
        "whole link, or ask the campaign's owner for a new one.",
        404,
    ),
    Refusal.EXPIRED: (
        "This invitation has expired",
        f"An invitation link works for {Invitation.VALID_FOR.days} days after it is "
        "made. Ask the campaign's owner for a new one.",
        410,
    ),
    Refusal.REVOKED: (
        "This invitation was withdrawn",
        "The campaign's owner withdrew this link. Ask them for a new one if you "
        "should still join.",
        410,
    ),
    Refusal.USED: (
        "This invitation has been used",
        "Each invitation link makes one person a member, and this one already "
        "has. Ask the campaign's owner for a link of your own.",
        410,
    ),
    Refusal.OWNER: (
        "This is your own campaign",
        "You made this invitation: send the link to the player you are inviting.",
        200,
    ),
    Refusal.MEMBER: (
        "You are already a member",
        "You already follow this campaign; the link is left for someone else.",
        200,
    ),
}
"""Refusal → (title, what to do, status)."""


@dataclass(frozen=True)
class InvitationAcceptPage:
    """The page an invitation link opens: the campaign to join, or why the
    link does not work."""

    title: str
    lead: str
    status: int
    campaign: Campaign | None = None
    """The campaign to join (or already joined); None for a dead link."""
    can_accept: bool = False


def invitation_accept_page(*, token: str, user) -> InvitationAcceptPage:
    try:
        invitation = invitation_check(token=token, user=user)
    except InvitationRefused as refused:
        return invitation_refused_page(refused)
    campaign = invitation.campaign
    return InvitationAcceptPage(
        title="Join the campaign",
        lead=(
            f"{isolated(campaign.owner.get_username())} invites you to follow "
            "their campaign as a member: you will read its pages, its battle "
            "packs and its chronicle, and write the battle log at the table with "
            "them. Only they change the campaign."
        ),
        status=200,
        campaign=campaign,
        can_accept=True,
    )


def invitation_refused_page(refused: InvitationRefused) -> InvitationAcceptPage:
    title, lead, status = REFUSALS[refused.refusal]
    known = refused.refusal in (Refusal.OWNER, Refusal.MEMBER)
    return InvitationAcceptPage(
        title=title,
        lead=lead,
        status=status,
        campaign=refused.invitation.campaign if known and refused.invitation else None,
    )
