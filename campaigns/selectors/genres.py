"""Settings (genres) a user may pick: the site's own and those they made."""

from __future__ import annotations

from django.db.models import F, Q, QuerySet

from campaigns.models import Setting


def settings_for(*, user) -> QuerySet[Setting]:
    """The site's settings, then the user's own, by name."""
    return Setting.objects.filter(Q(owner__isnull=True) | Q(owner=user)).order_by(
        F("owner_id").asc(nulls_first=True), "name", "id"
    )


def castle_words_for(*, campaign_id: int | None) -> str:
    """The scene's "castle nearby" in the campaign's setting's words (the
    rules' own without a campaign or a setting)."""
    words = (
        Setting.objects.filter(campaigns__id=campaign_id)
        .values_list("castle_words", flat=True)
        .first()
        if campaign_id
        else None
    )
    return words or "A castle stands nearby"
