"""The confirm pages: what re-rolling, discarding, reopening, resting and
undoing a rest will change, said before anything changes.

Each action's URL shows its confirm page on GET (a form with one button, no
JavaScript needed) and acts on POST. When the action is not allowed now, the
page says why and offers no button.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from campaigns.bidi import isolated
from campaigns.models import Battle, Effect, Scene, TableEntry
from campaigns.selectors.access import CampaignAccess
from campaigns.selectors.battles import battle_for_campaign, battle_url
from campaigns.selectors.scenes import (
    rest_preview,
    rest_state,
    scene_for_campaign,
    scene_url,
)
from campaigns.selectors.steps import (
    CampaignSteps,
    StepBack,
    campaign_steps,
    step_effects,
)
from engines.enums import Side

BOOKKEEPING = "commanderchange"
"""Effects behind a reputation or rating line, not told twice."""


@dataclass(frozen=True)
class ConfirmPage:
    """One confirm page: what will change and what stays, the button, the way
    back, and (when the action is not allowed now) why not."""

    title: str
    lead: str
    changes: tuple[str, ...]
    keeps: tuple[str, ...]
    button: str
    back_url: str
    back_label: str
    state: StepBack
    scene: Scene | None = None
    battle: Battle | None = None

    @property
    def allowed(self) -> bool:
        return self.state.allowed


def _names(participants, side: str) -> str:
    names = [isolated(p.character.name) for p in participants if p.side == side]
    return ", ".join(names) if names else "nobody"


def reroll_confirm(*, access: CampaignAccess, battle_id: int) -> ConfirmPage:
    battle = battle_for_campaign(campaign=access.campaign, battle_id=battle_id)
    participants = list(battle.participants.all())
    allowed = CampaignSteps.discard(battle).allowed
    rolls = battle.times_rolled + 1
    logged = TableEntry.objects.filter(log__battle=battle).count()
    table = (
        (
            f"The table log in progress ({logged} entries) will no longer fit: its "
            "dice and cards are this setup's. It is kept to read, and the table "
            "page offers to start it again.",
        )
        if logged
        else ()
    )
    return ConfirmPage(
        title=f"Re-roll battle {battle.number}'s setup?",
        lead=f"Battle {battle.number} at {isolated(battle.scene.title)} is set up as "
        f"{battle.scenario_name or 'its scenario'} (seed {battle.setup_seed}). "
        "Re-rolling rolls every setup die again with a new seed.",
        changes=(
            "A new seed, and with it new dice: the AI's stance, the scouting, the "
            "scenario and everything that follows from them may all change.",
            f"The setup will have been rolled {rolls} times: the battle page and "
            "the pack say so.",
            "A new battle pack is made: print it again, the old one no longer matches.",
            *table,
        ),
        keeps=(
            f"Your characters taking part: {_names(participants, Side.PLAYER)}.",
            "The earlier setup stays on record, with its seed.",
        ),
        button="Re-roll the setup",
        back_url=battle_url("battle_detail", battle),
        back_label=f"Back to battle {battle.number}",
        state=StepBack(True)
        if allowed
        else StepBack(False, "Only a battle waiting for its result can be re-rolled."),
        scene=battle.scene,
        battle=battle,
    )


def discard_confirm(*, access: CampaignAccess, battle_id: int) -> ConfirmPage:
    battle = battle_for_campaign(campaign=access.campaign, battle_id=battle_id)
    participants = list(battle.participants.all())
    scene = battle.scene
    return ConfirmPage(
        title=f"Discard battle {battle.number}?",
        lead=f"Battle {battle.number} at {isolated(scene.title)} "
        f"({battle.scenario_name or 'not fought yet'}) has no result yet. "
        "Discarding it deletes it as if it had never been set up.",
        changes=(
            f"Battle {battle.number} is deleted with its line-up ("
            f"{_names(participants, Side.PLAYER)} against "
            f"{_names(participants, Side.AI)}), its setup, its dice and its pack.",
            "The chronicle says the battle was discarded.",
            f"“{isolated(scene.title)}” stays the current scene, ready to be set up "
            "again with another line-up.",
        ),
        keeps=(
            "Every character, wound, commander and earlier result: nothing was "
            "resolved, so nothing else changes.",
        ),
        button=f"Discard battle {battle.number}",
        back_url=battle_url("battle_detail", battle),
        back_label=f"Back to battle {battle.number}",
        state=CampaignSteps.discard(battle),
        scene=scene,
        battle=battle,
    )


def _effect_lines(effects: list[Effect]) -> tuple[str, ...]:
    """Each change to reverse, in players' words, the latest first."""
    return tuple(
        f"Undo: {effect.description}" if effect.description else "Undo a change"
        for effect in reversed(effects)
        if effect.target_model != BOOKKEEPING
    )


def reopen_confirm(*, access: CampaignAccess, battle_id: int) -> ConfirmPage:
    battle = battle_for_campaign(campaign=access.campaign, battle_id=battle_id)
    state = campaign_steps(campaign_id=battle.campaign_id).reopen(battle)
    effects = list(step_effects(battle=battle).order_by("order", "id"))
    return ConfirmPage(
        title=f"Reopen battle {battle.number}'s result?",
        lead=f"Reopening reverses every change battle {battle.number}'s result made "
        "to the campaign, exactly, and the battle waits for its result again. The "
        "form starts with what you entered, so you change only what was wrong.",
        changes=(
            *_effect_lines(effects),
            f"Battle {battle.number}'s result and its rolls are set aside; entering "
            "the result again rolls the same dice.",
        ),
        keeps=("The chronicle keeps the old result and says it was reopened.",),
        button=f"Reopen battle {battle.number}'s result",
        back_url=battle_url("resolution", battle),
        back_label=f"Back to battle {battle.number}'s resolution",
        state=state,
        scene=battle.scene,
        battle=battle,
    )


def rest_confirm(*, access: CampaignAccess, slug: str) -> ConfirmPage:
    scene = scene_for_campaign(campaign=access.campaign, slug=slug)
    state = rest_state(scene=scene)
    changes: tuple[str, ...] = ()
    keeps: tuple[str, ...] = ()
    if state.allowed:
        preview = rest_preview(scene=scene)
        changes = (
            *(f"{wound} heals." for wound in preview.healed),
            *(f"{name} is fit again." for name in preview.fit_again),
            f"“{isolated(scene.title)}” is resolved and the next scene becomes "
            f"current.",
        )
        keeps = tuple(
            f"{wound} does not heal at a sanctuary: it stays open."
            for wound in preview.kept
        )
    return ConfirmPage(
        title=f"Rest at {isolated(scene.title)}?",
        lead="Resting heals every open wound that heals at a sanctuary and clears "
        "every unfit flag. It can be undone afterwards, while it is the latest "
        "step.",
        changes=changes,
        keeps=keeps,
        button=f"Rest at {isolated(scene.title)}",
        back_url=scene_url(scene, access.campaign),
        back_label=f"Back to {isolated(scene.title)}",
        state=state,
        scene=scene,
    )


def rest_undo_confirm(*, access: CampaignAccess, slug: str) -> ConfirmPage:
    scene = scene_for_campaign(campaign=access.campaign, slug=slug)
    state = campaign_steps(campaign_id=scene.campaign_id).undo_rest(scene)
    effects = list(step_effects(rest_scene=scene).order_by("order", "id"))
    return ConfirmPage(
        title=f"Undo the rest at {isolated(scene.title)}?",
        lead="Undoing the rest reverses every change it made, exactly: the "
        f"wounds it healed are open again, and “{isolated(scene.title)}” is the "
        "current scene again.",
        changes=_effect_lines(effects),
        keeps=("The chronicle says the rest was undone.",),
        button=f"Undo the rest at {isolated(scene.title)}",
        back_url=reverse("campaigns:dashboard", kwargs={"slug": access.campaign.slug}),
        back_label="Back to the campaign",
        state=state,
        scene=scene,
    )
