"""Inches from an AI character to each table edge (RULES §5.3)."""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True, kw_only=True)
class Edges:
    """Inches from the character to each table edge.

    Enough to know where a move in any clock direction meets the edge (a
    horde's wander stops there) and how far the nearest edge is (a scatter
    leaves the battle there).
    """

    north: float
    east: float
    south: float
    west: float

    @property
    def nearest(self) -> float:
        return min(self.north, self.east, self.south, self.west)

    def along(self, clock: float) -> float:
        """Inches to the edge moving straight toward a clock direction (12 north)."""
        angle = math.radians(clock * 30)
        east, north = math.sin(angle), math.cos(angle)
        reach = math.inf
        if east > 1e-9:
            reach = min(reach, self.east / east)
        elif east < -1e-9:
            reach = min(reach, self.west / -east)
        if north > 1e-9:
            reach = min(reach, self.north / north)
        elif north < -1e-9:
            reach = min(reach, self.south / -north)
        return round(reach, 6)
