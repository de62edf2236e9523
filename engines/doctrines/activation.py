"""AI activation order (RULES §5, all doctrines, across all AI companies).

Characters with an enemy in sight first, each group closest to an enemy first;
ties by card order.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from engines.doctrines.situation import Situation

ORDER_RULE = (
    "Characters with an enemy in sight first, each group closest to an enemy "
    "first; ties by card order."
)
"""The rule as the AI cards print it."""


def activation_key(situation: Situation) -> tuple[bool, float, int]:
    """Sort key: enemy in sight first, then the nearest enemy's distance, then card."""
    nearest = situation.nearest_enemy
    return (
        not situation.in_sight,
        math.inf if nearest is None else nearest.distance,
        situation.card_order,
    )


def activation_order(situations: Iterable[Situation]) -> tuple[Situation, ...]:
    """The AI characters in the order they activate this round."""
    return tuple(sorted(situations, key=activation_key))
