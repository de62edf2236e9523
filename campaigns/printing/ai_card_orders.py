"""The AI card's scene orders outside the doctrine's steps (RULES §5): each-round
orders in the card's round sequence, and the scene's notes, printed last.

The orders that act on a step are printed in the step itself (the procedure
carries them, :mod:`engines.doctrines.orders`); these are the rest.
"""

from __future__ import annotations

from typing import Any

from engines.battlefield import Battlefield
from engines.doctrines.orders import ROUND


def round_orders(procedure: dict[str, Any], moment: str) -> list[str]:
    """The each-round orders of one moment ("Before 1", "Start", "End")."""
    for section in procedure["sections"]:
        if section["id"] == ROUND:
            return [
                f"{step['when']}: {step['then']}"
                for step in section["steps"]
                if step["label"] == moment
            ]
    return []


def scene_notes(battlefield: Battlefield, company: dict[str, Any]) -> list[str]:
    """The scene's notes: what no order can say (§1), one line per paragraph."""
    force = battlefield.force(str(company["id"]))
    text = force.instructions if force is not None else ""
    return [p for p in text.splitlines() if p.strip()]
