"""What every campaign view needs: the campaign as this user may see it."""

from __future__ import annotations

from django.http import HttpRequest

from campaigns.models import Campaign
from campaigns.selectors.access import campaign_for_user


def campaign_for_request(
    request: HttpRequest, slug: str, *, owner_only: bool = False
) -> Campaign:
    """The campaign for this request (404 to strangers).

    An owner-only page may be read by a member (the form shown read-only), but any
    POST to it by a member is refused with 403.
    """
    write = owner_only and request.method == "POST"
    campaign = campaign_for_user(user=request.user, slug=slug, write=write)
    # The selector only returns campaigns the user owns or is a member of.
    campaign.role = "owner" if campaign.owner_id == request.user.pk else "member"
    campaign.can_edit = campaign.role == "owner"
    return campaign
