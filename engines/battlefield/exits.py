"""Characters who leave the battle by the edge their scenario scores at
(RULES §3.12), and when a side with nobody left on the table ends the battle.

A character that leaves by the edge its scenario scores at (a Skirmish's
opposing entry edge) has *left the battle*: it scores for its side, is not
lost and gives the other side nothing. A side with nobody left on the table
and nobody still to come ends the battle: if none of its characters left that
way, it lost its last character and loses (§4 "End"); otherwise the VP decide.
The table page asks :func:`side_end` after every change of where a side's
characters are; the result form asks :func:`scores_exits` whether it has a
line for them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engines.battlefield.features import Feature
from engines.battlefield.numbers import CHARACTER_VP, GENERATED_LENGTH
from engines.enums import Edge, RuleEnum, Scenario, Side

EXIT_SCENARIOS: frozenset[Scenario] = frozenset({Scenario.SKIRMISH})
"""§3.12: the generated scenarios that score characters leaving by an edge (a
River Crossing counts those standing beyond the river: no one leaves)."""

EXIT_LINE = (
    f"{CHARACTER_VP} VP for each of a side's characters that leaves by the "
    "opposing side's entry edge: it has left the battle, not been lost, and "
    "gives the other side nothing."
)
EXITS_LENGTH_LINE = (
    f"The battle lasts {GENERATED_LENGTH} rounds, or ends earlier when a side "
    "routs or loses its last character (that side loses), or has nobody left on "
    "the table because its characters left by the opposing side's entry edge (or "
    "left and fell): then the VP decide."
)
EXITS_LOST_LINE = (
    f"{CHARACTER_VP} VP for each enemy character lost (fallen, or routed or "
    "scattered off the table); one that left by the edge it scores at is not lost."
)


ATTACKER = "attacker"
"""The role (engines.roles.Role) whose characters beyond the river score."""
BEYOND_SCENARIOS: frozenset[Scenario] = frozenset({Scenario.RIVER_CROSSING})
"""§3.12: the generated scenarios that score the attacker's characters standing
beyond the river at the end (a count the players give when the battle ends)."""


def counts_beyond(scenario: Scenario | str) -> bool:
    """§3.12: whether the generated scenario scores the attacker's characters
    standing beyond the river at the end."""
    return scenario in {s.value for s in BEYOND_SCENARIOS}


def beyond_side(scenario: Scenario | str, roles: Mapping[str, str]) -> Side | None:
    """§3.12: the side whose characters standing beyond the river score (a
    River Crossing's attacker, by the battle's ``roles``); None otherwise."""
    if not counts_beyond(scenario):
        return None
    return next((Side(s) for s, role in roles.items() if role == ATTACKER), None)


def scores_exits(scenario: Scenario | str) -> bool:
    """§3.12: whether the generated scenario scores characters leaving by an edge."""
    return scenario in {s.value for s in EXIT_SCENARIOS}


class Whereabouts(RuleEnum):
    """Where a character of a side is, for the end of the battle (§3.12, §4)."""

    ON_TABLE = "on_table"
    TO_COME = "to_come"
    """Not yet arrived (a late scout, a reinforcement): it still counts."""
    FALLEN = "fallen"
    ROUTED_OFF = "routed_off"
    SCATTERED_OFF = "scattered_off"
    LEFT = "left"
    """Left by the edge its scenario scores at: left the battle, not lost."""
    ABSENT = "absent"
    """Never in this battle (missed it): counts for nothing."""
    LURKED = "lurked"
    """A horde character lurked away (§5.3): back in the pool, neither on the
    table nor lost; counts for nothing."""


@dataclass(frozen=True, kw_only=True)
class SideEnd:
    """Whether a side's characters end the battle, whether the side then loses,
    and why."""

    ends: bool
    loses: bool = False
    reason: str = ""


STILL_IN = SideEnd(ends=False, reason="someone is on the table or still to come")
ALL_LOST = SideEnd(
    ends=True, loses=True, reason="it lost its last character: that side loses"
)
ALL_LEFT = SideEnd(
    ends=True,
    reason="nobody is left on the table: its characters left by the edge they "
    "score at (or left and fell); the VP decide",
)


def side_end(whereabouts: Iterable[Whereabouts | str]) -> SideEnd:
    """§3.12 and §4: does this side, its characters where they are, end the
    battle (nobody on the table or still to come), and does it then lose (none
    of them left by the scoring edge)?"""
    seen = {Whereabouts(w) for w in whereabouts}
    if seen & {Whereabouts.ON_TABLE, Whereabouts.TO_COME}:
        return STILL_IN
    if Whereabouts.LEFT in seen:
        return ALL_LEFT
    return ALL_LOST


def stands_beyond(at: tuple[float, ...], *, river: Feature, entry: Edge) -> bool:
    """§3.12: whether a character standing at ``at`` is beyond the river (a
    rectangle across the table) from the side that came on at ``entry``."""
    x, y = at
    match entry:
        case Edge.NORTH:
            return y > river.y + (river.depth or 0)
        case Edge.SOUTH:
            return y < river.y
        case Edge.WEST:
            return x > river.x + (river.width or 0)
        case Edge.EAST:
            return x < river.x
    return False
