"""The player's own notes on a battle, printed in the chronicle."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from campaigns.models import Battle
from campaigns.validators import validate_printable

NOTES_MAX = 5000


def battle_notes_update(*, battle: Battle, notes: str) -> Battle:
    """Replace the battle's notes (at most 5,000 characters, all of them
    printable: the chronicle prints them, and an emoji would be an empty box)."""
    notes = (notes or "").strip().replace("\r\n", "\n")
    if len(notes) > NOTES_MAX:
        raise ValidationError(
            {
                "notes": f"Notes hold at most {NOTES_MAX:,} characters "
                f"(these have {len(notes):,})."
            }
        )
    try:
        validate_printable(notes)
    except ValidationError as error:
        raise ValidationError({"notes": error.messages}) from error
    battle.notes = notes
    battle.save(update_fields=["notes", "updated_at"])
    return battle
