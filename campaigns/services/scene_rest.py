"""Resting at a sanctuary (RULES §6.3): heal what heals there, clear every unfit
flag, move on to the next scene."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Prefetch, Q

from campaigns.models import CampaignLogEntry, Character, PersistingWound, Scene
from campaigns.models.result import EffectKind
from campaigns.services.effects import Ledger
from campaigns.services.scene_progress import scene_advance
from engines.aftermath import RestingCharacter, Wound, rest
from engines.enums import SceneKind, SceneStatus, WoundStatus


def scene_rest(*, scene: Scene) -> Scene | None:
    """Resolve the current sanctuary scene with the rest action.

    Heals every open wound of the campaign's living characters that heals at
    a sanctuary, clears every unfit flag, marks the scene resolved and makes
    the next scene current; returns that scene (None at the campaign's end).
    Runs under a lock on the scene's row. A rest is not recorded as effects:
    it cannot be reopened.
    """
    with transaction.atomic():
        scene = Scene.objects.select_for_update().get(pk=scene.pk)
        if scene.kind != SceneKind.SANCTUARY:
            raise ValidationError(f"“{scene.title}” is not a sanctuary.")
        if scene.status != SceneStatus.CURRENT:
            raise ValidationError(
                f"“{scene.title}” is not the campaign's current scene: only the "
                "current sanctuary can be rested at."
            )
        characters = _resting(scene)
        outcome = rest(
            RestingCharacter(
                key=str(c.pk),
                name=c.name,
                open_wounds=tuple(
                    Wound(
                        key=str(w.pk),
                        name=w.name,
                        heals_at_sanctuary=w.heals_at_sanctuary,
                    )
                    for w in c.open
                ),
                unfit=c.unfit_next_battle,
            )
            for c in characters
        )
        ledger = Ledger(campaign_id=scene.campaign_id, battle=None, scene=scene)
        ledger.note(CampaignLogEntry.Kind.REST, f"The company rests at {scene.title}.")
        healed = set(outcome.healed_wound_keys)
        cleared = set(outcome.unfit_cleared)
        for character in characters:
            for wound in character.open:
                if str(wound.pk) in healed:
                    ledger.change(
                        wound,
                        EffectKind.WOUND_HEALED,
                        f"{character.name}: {wound.name} healed at {scene.title}",
                        status=WoundStatus.HEALED.value,
                        healed_at_scene_id=scene.pk,
                    )
            if str(character.pk) in cleared:
                ledger.change(
                    character,
                    EffectKind.UNFIT_CLEARED,
                    f"{character.name} is fit again after resting at {scene.title}",
                    unfit_next_battle=False,
                )
        current = scene_advance(ledger=ledger, scene=scene, outcome=None)
        ledger.save()
    return current


def _resting(scene: Scene) -> list[Character]:
    open_wounds = PersistingWound.objects.filter(status=WoundStatus.OPEN).order_by(
        "created_at", "id"
    )
    return list(
        Character.objects.filter(company__campaign_id=scene.campaign_id, alive=True)
        .filter(Q(unfit_next_battle=True) | Q(wounds__status=WoundStatus.OPEN))
        .distinct()
        .prefetch_related(Prefetch("wounds", queryset=open_wounds, to_attr="open"))
        .order_by("company__name", "card_order", "id")
    )
