"""Reopening the campaign's latest result (RULES §6.5): every effect it had is
reversed exactly, and the battle waits for a result again, its form starting
from what was entered."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction

from campaigns.models import Battle, BattleResult, CampaignLogEntry
from campaigns.selectors.result import result_entry_snapshot
from campaigns.selectors.steps import campaign_steps
from campaigns.services.effects import effects_reverse
from campaigns.services.locks import campaign_locked
from campaigns.services.pack_render import battle_packs_schedule


@dataclass(frozen=True)
class ResultReopened:
    """A result reopened: the battle, waiting for its result again, and how
    many changes were reversed."""

    battle: Battle
    reversed: int


def result_reopen(*, battle: Battle) -> ResultReopened:
    """Reverse the battle's resolution and delete its result.

    Only the campaign's latest step can be reopened, and only while nothing
    has been set up since (a battle planned after it must be discarded first)
    and every changed row still holds what the resolution left. Runs under the
    campaign's lock, in one transaction: a refusal changes nothing. The battle
    goes back to the status it had (planned) and keeps what was entered, so the
    result form starts from it; the campaign log keeps the old entries and says
    the result was reopened.
    """
    with transaction.atomic():
        battle = campaign_locked(
            model=Battle,
            pk=battle.pk,
            campaign_id=battle.campaign_id,
            missing="This battle was discarded.",
        )
        result = BattleResult.objects.filter(battle=battle).first()
        if result is None:
            raise ValidationError(
                f"Battle {battle.number} has no applied result to reopen."
            )
        state = campaign_steps(campaign_id=battle.campaign_id).reopen(battle)
        if not state.allowed:
            raise ValidationError(state.reason)
        snapshot = result_entry_snapshot(result=result)
        count = effects_reverse(battle=battle)
        result.delete()
        Battle.objects.filter(pk=battle.pk).update(reopened_entry=snapshot)
        battle.refresh_from_db()
        CampaignLogEntry.objects.create(
            campaign_id=battle.campaign_id,
            battle=battle,
            scene_id=battle.scene_id,
            kind=CampaignLogEntry.Kind.REOPEN,
            text=f"Battle {battle.number}'s result was reopened: every effect of it "
            "was reversed.",
        )
        battle_packs_schedule(battle_ids=[battle.pk])
    return ResultReopened(battle=battle, reversed=count)
