"""Settings (genres) a user may pick: the site's own and those they made."""

from __future__ import annotations

from django.db.models import F, Q, QuerySet

from campaigns.models import Setting


def settings_for(*, user) -> QuerySet[Setting]:
    """The site's settings, then the user's own, by name."""
    return Setting.objects.filter(Q(owner__isnull=True) | Q(owner=user)).order_by(
        F("owner_id").asc(nulls_first=True), "name", "id"
    )
