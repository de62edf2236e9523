"""The battlefield's numbers (RULES §0, §1, §3.9, §3.12), as one source.

Zone sizes the rules do not give are decisions of ours (adaptations), named
here as constants so one number serves the diagram, the cards and the tests.
"""

from __future__ import annotations

from engines.enums import Edge, Suit

# --- numbers --------------------------------------------------------------------------

TABLE_SIDE = 36
"""§0: the table is 36" × 36" unless the scene sets another size."""
DEFAULT_BAND = 6
"""A side deploys within 6" of its entry edge unless the scenario says otherwise."""
GENERATED_LENGTH = 6
"""§3.12: a generated scenario lasts 6 rounds."""
HOLD_VP = 3
"""§3.12: 3 VP for each fixed objective a side holds at the end."""
CARRY_VP = 3
"""§3.12: 3 VP for each carriable objective carried off (any edge) or still carried."""
CHARACTER_VP = 1
"""§3.12: 1 VP per character off the opposing edge / beyond the river / enemy lost."""
HOLD_WITHIN = 1
"""§0: a fixed objective is held by standing within 1" with no enemy within 1"."""

# Sizes of what a generated scenario puts on the table (adaptations: §3.9 names
# them without sizes).
AMBUSH_RADIUS = 6
"""Ambush: the surprised side sets up in a circle of 6" radius at the centre."""
STRONGHOLD_SIDE = 6
"""Assault: the stronghold is a 6" square of hard cover …"""
STRONGHOLD_FROM_EDGE = 3
"""… its near side 3" in from the middle of the defender's entry edge."""
TOWN_SIDE = 8
"""Disputed Border: an 8" square town (hard cover) at the centre."""
LARGE_TOWN_SIDE = 12
"""Urban Assault: a 12" square town at the centre."""
RIVER_WIDTH = 4
"""River Crossing: a river 4" wide across the middle, between the sides' edges."""
TRAP_SHARE = 3
"""Trap: up to a third of the trapping side may deploy anywhere."""

EDGE_OF_SUIT: dict[Suit, Edge] = {
    Suit.SPADES: Edge.NORTH,
    Suit.HEARTS: Edge.EAST,
    Suit.CLUBS: Edge.SOUTH,
    Suit.DIAMONDS: Edge.WEST,
}
"""§1: a dealt entry edge, by the card's suit."""
DEAL_WORDS = ", ".join(
    f"{suit.symbol} {edge.value}" for suit, edge in EDGE_OF_SUIT.items()
)
"""The deal in words: "♠ north, ♥ east, ♣ south, ♦ west"."""

OPPOSITE: dict[Edge, Edge] = {
    Edge.NORTH: Edge.SOUTH,
    Edge.SOUTH: Edge.NORTH,
    Edge.EAST: Edge.WEST,
    Edge.WEST: Edge.EAST,
}


def inch(value: float) -> str:
    """A distance as the setup sheet writes it: 6″ (a double prime)."""
    return f"{value:g}\u2033"
