"""Resting at a sanctuary (RULES §6.3), and undoing that rest (§6.5).

A rest heals what heals there, clears every unfit flag and moves on to the next
scene. Every change is recorded as an effect of the rest, as a result's are, so
the rest can be undone exactly while it is the campaign's latest step.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction

from campaigns.bidi import isolated
from campaigns.models import CampaignLogEntry, Scene
from campaigns.models.result import EffectKind
from campaigns.selectors.scenes import rest_outcome, resting_characters
from campaigns.selectors.steps import campaign_steps
from campaigns.services.effects import Ledger, effects_reverse
from campaigns.services.locks import campaign_locked
from campaigns.services.scene_progress import scene_advance
from campaigns.story import rest_sentence
from engines.enums import SceneKind, SceneStatus, WoundStatus

SCENE_GONE = "This scene no longer exists."


@dataclass(frozen=True)
class Rested:
    """A rest taken: the sanctuary, and the scene that is current now (None at
    the campaign's end)."""

    scene: Scene
    next_scene: Scene | None


@dataclass(frozen=True)
class RestUndone:
    """A rest undone: the sanctuary, current again, and how many changes were
    reversed."""

    scene: Scene
    reversed: int


def scene_rest(*, scene: Scene) -> Rested:
    """Resolve the current sanctuary scene with the rest action.

    Heals every open wound of the campaign's living characters that heals at
    a sanctuary, clears every unfit flag, marks the scene resolved and makes
    the next scene current, recording each change as an effect of the rest.
    Runs under the campaign's lock, in one transaction.
    """
    with transaction.atomic():
        scene = campaign_locked(
            model=Scene, pk=scene.pk, campaign_id=scene.campaign_id, missing=SCENE_GONE
        )
        if scene.kind != SceneKind.SANCTUARY:
            raise ValidationError(f"“{isolated(scene.title)}” is not a sanctuary.")
        if scene.status != SceneStatus.CURRENT:
            raise ValidationError(
                f"“{isolated(scene.title)}” is not the campaign's current scene: only "
                "the current sanctuary can be rested at."
            )
        characters = resting_characters(scene=scene)
        outcome = rest_outcome(characters=characters)
        ledger = Ledger(campaign_id=scene.campaign_id, battle=None, scene=scene)
        healed = set(outcome.healed_wound_keys)
        cleared = set(outcome.unfit_cleared)
        ledger.note(
            CampaignLogEntry.Kind.REST,
            rest_sentence(
                scene=scene.title,
                healed=[
                    (c.name, w.name)
                    for c in characters
                    for w in c.open
                    if str(w.pk) in healed
                ],
                fit_again=[c.name for c in characters if str(c.pk) in cleared],
            ),
        )
        for character in characters:
            for wound in character.open:
                if str(wound.pk) in healed:
                    ledger.change(
                        wound,
                        EffectKind.WOUND_HEALED,
                        f"{isolated(character.name)}: {isolated(wound.name)} healed at "
                        f"{isolated(scene.title)}",
                        status=WoundStatus.HEALED.value,
                        healed_at_scene_id=scene.pk,
                    )
            if str(character.pk) in cleared:
                ledger.change(
                    character,
                    EffectKind.UNFIT_CLEARED,
                    f"{isolated(character.name)} is fit again after resting at "
                    f"{isolated(scene.title)}",
                    unfit_next_battle=False,
                )
        current = scene_advance(ledger=ledger, scene=scene, outcome=None)
        ledger.save()
    return Rested(scene=scene, next_scene=current)


def rest_undo(*, scene: Scene) -> RestUndone:
    """Undo the rest at the sanctuary ``scene``: every change it made is
    reversed, and the sanctuary is the current scene again.

    Only the campaign's latest step can be undone, and only while no battle
    has been set up since (discard it first). Runs under the campaign's lock,
    in one transaction: a refusal changes nothing.
    """
    with transaction.atomic():
        scene = campaign_locked(
            model=Scene, pk=scene.pk, campaign_id=scene.campaign_id, missing=SCENE_GONE
        )
        state = campaign_steps(campaign_id=scene.campaign_id).undo_rest(scene)
        if not state.allowed:
            raise ValidationError(state.reason)
        count = effects_reverse(rest_scene=scene)
        scene.refresh_from_db()
        CampaignLogEntry.objects.create(
            campaign_id=scene.campaign_id,
            scene=scene,
            kind=CampaignLogEntry.Kind.REST_UNDONE,
            text=f"The rest at {isolated(scene.title)} was undone: every change it "
            f"made was reversed, and {isolated(scene.title)} is the current scene "
            "again.",
        )
    return RestUndone(scene=scene, reversed=count)
