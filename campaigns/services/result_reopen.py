"""Reopening the campaign's latest result (RULES §6.5): every effect it had is
reversed exactly, and the battle waits for a result again."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from campaigns.models import Battle, BattleResult, CampaignLogEntry
from campaigns.models.battle import BattleStatus
from campaigns.selectors.result import latest_resolved_battle
from campaigns.services.effects import effects_reverse


def result_reopen(*, battle: Battle) -> Battle:
    """Reverse the battle's resolution and delete its result.

    Only the campaign's latest resolved battle can be reopened, and only while
    nothing has been built on it: no later battle set up, and every changed
    row still as the resolution left it. Runs under a lock on the battle's row,
    in one transaction: a refusal changes nothing. The battle goes back to the
    status it had (planned), so its result can be entered again; the campaign
    log keeps the old entries and says the result was reopened.
    """
    with transaction.atomic():
        battle = Battle.objects.select_for_update().get(pk=battle.pk)
        result = BattleResult.objects.filter(battle=battle).first()
        if battle.status != BattleStatus.RESOLVED or result is None:
            raise ValidationError(
                f"Battle {battle.number} has no applied result to reopen."
            )
        latest = latest_resolved_battle(campaign=battle.campaign)
        if latest is not None and latest.pk != battle.pk:
            raise ValidationError(
                f"Only the campaign's latest resolved battle (battle {latest.number}) "
                f"can be reopened, not battle {battle.number}."
            )
        later = (
            Battle.objects.filter(
                campaign_id=battle.campaign_id, number__gt=battle.number
            )
            .order_by("number")
            .first()
        )
        if later is not None:
            raise ValidationError(
                f"Battle {later.number} has been set up since battle {battle.number} "
                "was resolved: only the latest step of the campaign can be reopened."
            )
        effects_reverse(battle=battle)
        result.delete()
        battle.refresh_from_db()
        CampaignLogEntry.objects.create(
            campaign_id=battle.campaign_id,
            battle=battle,
            scene_id=battle.scene_id,
            kind=CampaignLogEntry.Kind.REOPEN,
            text=f"Battle {battle.number}'s result was reopened: every effect of it "
            "was reversed.",
        )
    return battle
