"""This battle's numbers for the AI doctrines (RULES §1, §5.3, §5.4).

A scene sets a few values the doctrines read: how far anyone sees, whether a
horde is reinforced and up to how many, the mode it starts in, the pursuit
difficulty lever, the quarry and its route. :class:`DoctrineSettings` holds
them. The same object makes a card print this battle's values
(``engines.doctrines.procedure(doctrine, settings)``) and makes the decision
functions use them, so the card and the robot cannot differ.

Without settings a card prints the generic rule ("+2 or +4 inches, per
scene") and a decision uses :data:`DEFAULT_SETTINGS`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from engines.enums import HordeMode
from engines.orders.kinds import Order, orders_to_data
from engines.sight import Lit

if TYPE_CHECKING:
    from engines.doctrines.situation import Situation

REINFORCEMENT_CAP = 5
"""Reinforcements stop once this many horde characters are on the table (default)."""
LEVERS = (0, 2, 4)
"""Pursuit difficulty lever: +2 or +4 inches to pursuers behind the rearmost model."""


@dataclass(frozen=True, kw_only=True)
class DoctrineSettings:
    """One battle's values for the doctrines; every field has the rules' default."""

    sight_limit: float | None = None
    """Inches: nobody sees further (night, fog). None: no limit."""
    lit: tuple[Lit, ...] = ()
    """The lit features: a character near one is seen from any distance, whatever
    the sight limit (an enemy's ``lit`` says it stands so)."""
    reinforcements: bool = False
    """The horde is reinforced at the end of each round (and lurkers leave)."""
    reinforcement_cap: int = REINFORCEMENT_CAP
    horde_start: HordeMode = HordeMode.NORMAL
    """The horde's mode at battle start."""
    pursuit_lever: int = 0
    """Inches added to pursuers that start behind the player's rearmost model."""
    quarry: tuple[str, ...] = ()
    """The names of the characters the pursuers hunt."""
    route: str = ""
    """The pursuers' route, in words ("along the road to the bridge")."""
    orders: tuple[Order, ...] = ()
    """The company's scene orders (§1, §5): the card prints them where they act
    and the decisions apply them."""
    ranges: tuple[tuple[str, int], ...] = ()
    """The company's characters' shooting ranges (name, inches; 0: none), so
    the card prints a hunt's shooting line only for a hunter that can shoot.
    Empty: not known (every hunter may shoot)."""

    def __post_init__(self) -> None:
        if self.pursuit_lever not in LEVERS:
            raise ValueError(f"the pursuit lever is one of {LEVERS} inches")
        if self.reinforcement_cap < 1:
            raise ValueError("the reinforcement cap is at least 1")
        if self.sight_limit is not None and self.sight_limit <= 0:
            raise ValueError("a sight limit is a positive number of inches")
        object.__setattr__(self, "horde_start", HordeMode(self.horde_start))
        object.__setattr__(self, "quarry", tuple(self.quarry))
        object.__setattr__(self, "lit", tuple(self.lit))
        object.__setattr__(self, "orders", tuple(self.orders))
        object.__setattr__(
            self, "ranges", tuple((str(n), int(r)) for n, r in self.ranges)
        )

    def shoots(self, names: tuple[str, ...]) -> bool:
        """Whether one of these characters (for none, one of the company) has
        a shooting range; True when the ranges are not known."""
        if not self.ranges:
            return True
        return any(r > 0 for n, r in self.ranges if not names or n in names)

    def sees(self, distance: float) -> bool:
        """Whether the sight limit lets a character see this far."""
        return self.sight_limit is None or distance <= self.sight_limit

    def seen(self, situation: Situation) -> Situation:
        """The situation with nothing in sight beyond the sight limit, but for
        the enemies a lit feature shows (RULES §1)."""
        if self.sight_limit is None:
            return situation
        enemies = tuple(
            e.unseen() if not self.sees(e.distance) and e.in_sight and not e.lit else e
            for e in situation.enemies
        )
        objectives = tuple(
            replace(o, in_sight=False)
            if not self.sees(o.distance) and o.in_sight
            else o
            for o in situation.objectives
        )
        if _same(enemies, situation.enemies) and _same(
            objectives, situation.objectives
        ):
            return situation  # nothing beyond the limit was in sight
        return replace(situation, enemies=enemies, objectives=objectives)

    def to_data(self) -> dict[str, Any]:
        return {
            "sight_limit": self.sight_limit,
            "lit": [item.to_data() for item in self.lit],
            "reinforcements": self.reinforcements,
            "reinforcement_cap": self.reinforcement_cap,
            "horde_start": self.horde_start.value,
            "pursuit_lever": self.pursuit_lever,
            "quarry": list(self.quarry),
            "route": self.route,
            "orders": orders_to_data(self.orders),
            "ranges": [list(pair) for pair in self.ranges],
        }


def _same(these: tuple[Any, ...], those: tuple[Any, ...]) -> bool:
    return all(a is b for a, b in zip(these, those, strict=True))


DEFAULT_SETTINGS = DoctrineSettings()
"""What a decision uses when it is given no settings."""
