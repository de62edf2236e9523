"""The result form's fields: a battle's values and each character's line,
named the same by the form, its starting values and the table log."""

from __future__ import annotations

ROW_FIELDS = (
    "wound_tokens",
    "fallen",
    "routed",
    "carried_objective",
    "left_battle",
    "killed_outright",
)
"""A character's line of the result form, in its columns' order."""
BATTLE_FIELDS = (
    "outcome",
    "end_reason",
    "player_routed",
    "ai_routed",
    "player_victory_points",
    "ai_victory_points",
    "rounds_played",
)


def row_field(participant_id: int, name: str) -> str:
    """The form field of one character's line: ``p12-wound_tokens``."""
    return f"p{participant_id}-{name}"
