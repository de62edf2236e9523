"""Discarding a battle that has no result yet (RULES §6.5): a wrong line-up,
or a step back toward an earlier result."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction

from campaigns.bidi import isolated
from campaigns.models import Battle, CampaignLogEntry, Scene
from campaigns.selectors.steps import CampaignSteps
from campaigns.services.locks import campaign_locked
from campaigns.setting_words import scenario_said


@dataclass(frozen=True)
class BattleDiscarded:
    """What was discarded: the battle's number and scenario, and its scene,
    current and ready to be set up again."""

    number: int
    scenario_name: str
    scene: Scene


def battle_discard(*, battle: Battle) -> BattleDiscarded:
    """Delete a battle waiting for its result, with its line-up, setup and
    dice; write the discarding in the campaign log.

    Its scene stays the current scene, ready to be set up again. A battle with
    a result cannot be discarded: reopen it first. Runs under the campaign's
    lock, so a result entered at the same moment either lands first (and the
    discard is refused) or finds the battle gone.
    """
    with transaction.atomic():
        battle = campaign_locked(
            model=Battle,
            pk=battle.pk,
            campaign_id=battle.campaign_id,
            missing="This battle has been discarded already.",
            related=("scene",),
        )
        state = CampaignSteps.discard(battle)
        if not state.allowed:
            raise ValidationError(state.reason)
        discarded = BattleDiscarded(
            number=battle.number,
            scenario_name=battle.scenario_name,
            scene=battle.scene,
        )
        scenario = (
            f" ({scenario_said(battle.campaign, battle.scenario_name)})"
            if battle.scenario_name
            else ""
        )
        CampaignLogEntry.objects.create(
            campaign_id=battle.campaign_id,
            scene=battle.scene,
            kind=CampaignLogEntry.Kind.DISCARD,
            discarded_battle_id=battle.pk,
            text=f"Battle {battle.number} at {isolated(battle.scene.title)}{scenario} "
            "was discarded before it was fought; "
            f"{isolated(battle.scene.title)} waits to be set up again.",
        )
        battle.delete()
    return discarded
