"""The horde's numbers, rolled distances and tables (§5.3), as the card prints them."""

from __future__ import annotations

from engines.dice import RolledDistance
from engines.doctrines.steps import Row, Table, band
from engines.enums import Action, HordeMode

# --- the numbers ----------------------------------------------------------------------

WOUNDED_FRIEND_WITHIN = 8
"""Normal step 1: another wounded friendly horde character within 8"."""
RALLY_WITHIN = 6
"""Normal step 2: +1 per unwounded friendly horde character within 6"."""
ARRIVAL = RolledDistance(1, 2)
"""A reinforcement appears 1D6 + 2 inches from the player character."""
MOVE_OFF_TO = 4
"""A reinforcement may be moved to be at least 4" from every player character."""
LURK_BEYOND = 12
"""Lurking: more than 12" from every enemy."""
SCATTER_ON_NATURAL = 2
"""Consolidation: a natural 2 (double one) scatters the horde."""
FRENZY_FROM = 12
"""Consolidation: 2D6 + horde characters fallen so far ≥ 12 → frenzy."""

# --- the rolled distances (001) -------------------------------------------------------

FLEE = RolledDistance(1, 0)
"""Flee D6" straight away from the nearest enemy."""
FLEE_HURT = RolledDistance(1, 2)
"""Normal mode, hurt this round: flee D6+2"."""
CHARGE = RolledDistance(1, 4)
"""Charge D6+4" toward the target, into melee if that reaches base contact."""
WEAK_CHARGE = RolledDistance(1, 0)
"""Normal mode's weak charge: D6" toward the nearest enemy."""
WANDER = RolledDistance(1, 0)
"""Wander D6" toward a direction roll."""
SCATTER = RolledDistance(1, 4)
"""Scatter D6+4" toward the nearest table edge."""

EDGE_RULE = (
    "Moves stop at the table edge, except a flee or a scatter: that character "
    "leaves the battle there (lost, not fallen)."
)
"""The table edge, as the horde card prints it."""
ROLLED_RULE = "Every move rolls its distance; the character's move is not used."


def _flee(distance: RolledDistance) -> str:
    return f"Flee {distance.text} straight away from the nearest enemy"


def charge_text(distance: RolledDistance, whom: str) -> str:
    return f"Charge {distance.text} toward {whom}"


NEAREST = "the nearest enemy"
HURT_IT = "the enemy that hurt it"

# --- the tables -----------------------------------------------------------------------

WOUNDED_FRIEND_TABLE = Table(
    "D6",
    (
        band(1, 2, _flee(FLEE), Action.FLEE, FLEE),
        band(3, 4, "Hold", Action.HOLD),
        band(5, 6, charge_text(CHARGE, NEAREST), Action.CHARGE, CHARGE),
    ),
)
HURT_TABLE = Table(
    f'D6 + 1 per unwounded friendly horde character within {RALLY_WITHIN}"',
    (
        band(1, 3, _flee(FLEE_HURT), Action.FLEE, FLEE_HURT),
        band(4, 5, "Hold", Action.HOLD),
        band(6, None, charge_text(CHARGE, HURT_IT), Action.CHARGE, CHARGE),
    ),
)
NORMAL_TABLE = Table(
    "D6",
    (
        band(1, 2, "Hold", Action.HOLD),
        band(
            3, 5, f"Wander {WANDER.text} toward a direction roll", Action.WANDER, WANDER
        ),
        band(6, 6, charge_text(WEAK_CHARGE, NEAREST), Action.CHARGE, WEAK_CHARGE),
    ),
)
FRENZY_HURT_TABLE = Table(
    "D6",
    (
        band(1, 1, _flee(FLEE), Action.FLEE, FLEE),
        band(2, 3, "Hold", Action.HOLD),
        band(4, 6, charge_text(CHARGE, HURT_IT), Action.CHARGE, CHARGE),
    ),
)
BLEEDS_ON = 1
"""Bleeding: D6 per wounded horde character, on 1 it falls."""
REINFORCEMENT_FROM = {HordeMode.NORMAL: 5, HordeMode.FRENZY: 4}
"""Reinforcements: D6 per player character, 5–6 (4–6 in frenzy)."""
LURKER_REMOVED_FROM = 4
"""Lurking: removed on D6 4–6."""
CAP_COUNTS = (
    "counting every horde character on the table, those that started and those "
    "that came since"
)
"""§5.3 step 2: what the reinforcement cap counts."""
CAP_TRACKER = "Horde characters on the table (every one)"
"""The AI card's tracker for the cap: a box per horde character on the table."""

BLEEDING_TABLE = Table(
    "D6 per wounded horde character",
    (band(1, BLEEDS_ON, "It falls"), band(BLEEDS_ON + 1, 6, "It holds on")),
)
REINFORCEMENT_TABLES = {
    mode: Table(
        f"D6 per player character ({mode.label.lower()})",
        (
            band(1, low - 1, "Nothing"),
            band(low, 6, "A new horde character appears"),
        ),
    )
    for mode, low in REINFORCEMENT_FROM.items()
}
LURKING_TABLE = Table(
    "D6 per lurker",
    (
        band(1, LURKER_REMOVED_FROM - 1, "It stays"),
        band(
            LURKER_REMOVED_FROM,
            6,
            "Removed from the table; it may come back as a reinforcement",
        ),
    ),
)
CONSOLIDATION_TABLE = Table(
    "2D6 + horde characters fallen so far",
    (
        Row(f"Natural {SCATTER_ON_NATURAL} (double one)", "Scatter (final)"),
        Row(f"{FRENZY_FROM}+", "Frenzy"),
        Row("Otherwise", "No change"),
    ),
    columns=("2D6", "Mode from the next round"),
)

CHARGE_ACTIONS = (Action.MOVE_INTO_MELEE, Action.MOVE_TOWARD_ENEMY)
"""What a charge comes to: melee if the roll reaches, else a move toward."""
