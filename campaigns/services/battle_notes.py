"""The player's own notes on a battle, printed in the chronicle."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from campaigns.models import Battle

NOTES_MAX = 5000


def battle_notes_update(*, battle: Battle, notes: str) -> Battle:
    """Replace the battle's notes (at most 5,000 characters)."""
    notes = (notes or "").strip().replace("\r\n", "\n")
    if len(notes) > NOTES_MAX:
        raise ValidationError(
            {
                "notes": f"Notes hold at most {NOTES_MAX:,} characters "
                f"(these have {len(notes):,})."
            }
        )
    battle.notes = notes
    battle.save(update_fields=["notes", "updated_at"])
    return battle
