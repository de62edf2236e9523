"""Who may see and change a campaign (SITE.md "Access").

One place decides: the owner and members read, only the owner writes, anyone
else is told the campaign does not exist. Anonymous visitors are strangers here;
the views' ``login_required`` sends them to log in first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import Http404

from campaigns.models import Campaign

if TYPE_CHECKING:
    from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

    AnyUser = AbstractBaseUser | AnonymousUser

Role = Literal["owner", "member"]


@dataclass(frozen=True)
class CampaignAccess:
    """A campaign as one user may use it: the campaign and that user's role."""

    campaign: Campaign
    role: Role

    @property
    def can_edit(self) -> bool:
        """Only the owner changes things (SITE.md "Access")."""
        return self.role == "owner"

    @property
    def can_play(self) -> bool:
        """The owner and the members write a battle's table log: they are the
        generals at the table (SITE.md "Access"). Applying the result stays
        the owner's."""
        return self.role in ("owner", "member")


def campaigns_for_user(*, user: AnyUser) -> QuerySet[Campaign]:
    """The campaigns the user owns or is a member of, each once."""
    if not user.is_authenticated:
        return Campaign.objects.none()
    return (
        Campaign.objects.filter(Q(owner=user) | Q(members=user))
        .distinct()
        .select_related("owner")
    )


def campaign_for_user(*, user: AnyUser, slug: str, write: bool = False) -> Campaign:
    """The campaign ``slug`` as ``user`` may see it.

    Raises Http404 when the campaign is missing or the user is neither owner nor
    member (its existence is not revealed), and PermissionDenied (403) when
    ``write`` is asked by a member.
    """
    if not user.is_authenticated:
        raise Http404("No such campaign.")
    campaign = (
        Campaign.objects.filter(slug=slug)
        .filter(Q(owner=user) | Q(members=user))
        .select_related("owner", "event_deck", "setting")
        .distinct()
        .first()
    )
    if campaign is None:
        raise Http404("No such campaign.")
    if write and campaign.owner_id != user.pk:
        raise PermissionDenied("Only the campaign's owner may change it.")
    return campaign


def campaign_access(*, user: AnyUser, slug: str, write: bool = False) -> CampaignAccess:
    """The campaign ``slug`` with the user's role in it (one query).

    Raises as :func:`campaign_for_user` does: Http404 for a stranger or a
    missing campaign, PermissionDenied when ``write`` is asked by a member.
    """
    campaign = campaign_for_user(user=user, slug=slug, write=write)
    role: Role = "owner" if campaign.owner_id == user.pk else "member"
    return CampaignAccess(campaign=campaign, role=role)
