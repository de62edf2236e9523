"""Reads for battle pages: a battle of a campaign with everything it shows."""

from __future__ import annotations

from django.db.models import Prefetch
from django.shortcuts import get_object_or_404

from campaigns.models import (
    Battle,
    BattleCompany,
    BattleParticipant,
    Campaign,
    Scene,
)


def battle_for_campaign(*, campaign: Campaign, battle_id: int) -> Battle:
    """The battle with its scene, companies and participants (a fixed number of
    queries); 404 when it is not this campaign's."""
    participants = BattleParticipant.objects.select_related(
        "character__company"
    ).order_by("order", "id")
    companies = BattleCompany.objects.select_related("company__commander").order_by(
        "order", "id"
    )
    queryset = (
        Battle.objects.filter(campaign=campaign)
        .select_related("scene__parent", "campaign")
        .prefetch_related(
            Prefetch("participants", queryset=participants),
            Prefetch("companies", queryset=companies),
        )
    )
    return get_object_or_404(queryset, pk=battle_id)


def scene_for_campaign(*, campaign: Campaign, slug: str) -> Scene:
    return get_object_or_404(
        Scene.objects.filter(campaign=campaign).select_related("parent"), slug=slug
    )
