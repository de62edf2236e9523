"""§5.4 "Any pursuer that ends in base contact with a player character fights
it in melee": which player character a pursuer's move reaches first."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engines.doctrines.pursuit import Pursuer

ON_THE_LINE = 1e-9
"""Sideways of the quarry's line by no more than this: on it (float noise)."""


def first_reached(
    pursuer: Pursuer, *, forward: float, lateral: float
) -> tuple[float, str | None] | None:
    """(inches, who): the first player character its move reaches on the line it
    ends on — the quarry (on the quarry's line) or any other ahead (§5.4); the
    quarry first when both stand as far."""
    hits: list[tuple[float, int, str | None]] = []
    if forward >= pursuer.distance and lateral <= ON_THE_LINE:
        hits.append((pursuer.distance, 0, pursuer.quarry))
    hits += [
        (ahead.along, 1, ahead.id)
        for ahead in pursuer.others
        if forward >= ahead.along and abs(lateral - ahead.offset) <= ON_THE_LINE
    ]
    if not hits:
        return None
    along, _, who = min(hits, key=lambda hit: hit[:2])
    return along, who
