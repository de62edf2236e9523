"""The participants as they stood when a battle was set up (or re-rolled).

A pack printed again after later battles shows the battle as it was: the
cards' values and the persisting wounds each character brought, whatever
healed, changed or was taken since.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from campaigns.models import Character, PersistingWound
from engines.enums import WoundStatus

SNAPSHOT_KEY = "cards"
"""Where the snapshot sits in ``Battle.setup_data``: character id → card."""


def cards_snapshot(*, characters: Sequence[Character]) -> dict[str, dict[str, Any]]:
    """Each character's card values and open persisting wounds, by id (one
    query for the wounds)."""
    wounds: dict[int, list[dict[str, Any]]] = {}
    for w in PersistingWound.objects.filter(
        character__in=characters, status=WoundStatus.OPEN
    ).order_by("created_at", "id"):
        wounds.setdefault(w.character_id, []).append(
            {
                "name": w.name,
                "rules": w.rules_text,
                "heals_at_sanctuary": w.heals_at_sanctuary,
                "attack": w.attack_modifier,
                "defence": w.defence_modifier,
                "move": w.move_modifier,
            }
        )
    return {
        str(c.pk): {
            "troop_type": c.troop_type,
            "attack": c.attack,
            "defence": c.defence,
            "shooting_range": c.shooting_range,
            "move": c.move,
            "wound_slots": c.wound_slots,
            "hero": c.hero,
            "special_rules": c.special_rules,
            "wounds": wounds.get(c.pk, []),
        }
        for c in characters
    }
