"""§5.3 Horde (001) — a state machine for swarming creatures.

The company has one mode: normal, frenzy or scatter. Pre-activation first (a
character in melee continues it, wounded or not; a wounded one does nothing
else), then the steps of the company's mode. At the end of each round the
company bleeds, may be reinforced, may lose lurkers and consolidates, in that
order (:func:`horde_end_of_round`).

Distances are rolled, not the character's move (001): flee D6" (or D6+2"),
charge D6+4", the weak normal-mode charge D6", wander D6", scatter D6+4". Each
move rolls its own dice, logged. Movement stops at the table edge unless
fleeing or scattering (001 note 1); a fleeing or scattering character that
reaches an edge leaves the battle. In a follow-up activation (§4) the dice are
rolled as usual and the character moves half the total.

Adaptations: a horde character is *wounded* when it has no free wound slot
(001's "wound" versus "scratch"); one in melee continues the melee though
wounded (001 resolves close combat at once); characters that can shoot shoot
instead of charging (001's bugs do not shoot); reinforcements come at the end
of the round (001 rolls them before the bugs act).

Each step's rule follows in the order of the rules; :func:`build` makes the
printed card both functions walk, for a battle's settings.

The modules:

- :mod:`~engines.doctrines.horde.tables` — the numbers, rolled distances and
  tables;
- :mod:`~engines.doctrines.horde.activation` — what an activation's steps
  measure and roll;
- :mod:`~engines.doctrines.horde.end_of_round` — bleeding, reinforcements,
  lurking and consolidation;
- :mod:`~engines.doctrines.horde.procedure` — the card as printed
  (:func:`build`, :func:`card`);
- :mod:`~engines.doctrines.horde.decide` — the decision functions.
"""

from __future__ import annotations

from engines.doctrines.horde.activation import SHOOT_INSTEAD
from engines.doctrines.horde.decide import horde_decide, horde_end_of_round
from engines.doctrines.horde.end_of_round import (
    Arrival,
    HordeMember,
    HordeRound,
    HordeRoundResult,
    PlacementNeeded,
    PlayerModel,
    Point,
    arrival_point,
)
from engines.doctrines.horde.procedure import (
    LURKING,
    PROCEDURE,
    REINFORCEMENTS,
    START_NOTE,
    build,
    card,
)
from engines.doctrines.horde.tables import (
    ARRIVAL,
    BLEEDING_TABLE,
    BLEEDS_ON,
    CAP_COUNTS,
    CAP_TRACKER,
    CHARGE,
    CHARGE_ACTIONS,
    CONSOLIDATION_TABLE,
    EDGE_RULE,
    FLEE,
    FLEE_HURT,
    FRENZY_FROM,
    FRENZY_HURT_TABLE,
    HURT_IT,
    HURT_TABLE,
    LURK_BEYOND,
    LURKER_REMOVED_FROM,
    LURKING_TABLE,
    MOVE_OFF_TO,
    NEAREST,
    NORMAL_TABLE,
    RALLY_WITHIN,
    REINFORCEMENT_FROM,
    REINFORCEMENT_TABLES,
    ROLLED_RULE,
    SCATTER,
    SCATTER_ON_NATURAL,
    WANDER,
    WEAK_CHARGE,
    WOUNDED_FRIEND_TABLE,
    WOUNDED_FRIEND_WITHIN,
)

__all__ = [
    "ARRIVAL",
    "Arrival",
    "BLEEDING_TABLE",
    "BLEEDS_ON",
    "CAP_COUNTS",
    "CAP_TRACKER",
    "START_NOTE",
    "CHARGE",
    "CHARGE_ACTIONS",
    "CONSOLIDATION_TABLE",
    "EDGE_RULE",
    "FLEE",
    "FLEE_HURT",
    "FRENZY_FROM",
    "FRENZY_HURT_TABLE",
    "HURT_IT",
    "HURT_TABLE",
    "HordeMember",
    "HordeRound",
    "HordeRoundResult",
    "LURKER_REMOVED_FROM",
    "LURKING",
    "LURKING_TABLE",
    "LURK_BEYOND",
    "MOVE_OFF_TO",
    "NEAREST",
    "NORMAL_TABLE",
    "PROCEDURE",
    "PlacementNeeded",
    "PlayerModel",
    "Point",
    "RALLY_WITHIN",
    "REINFORCEMENTS",
    "REINFORCEMENT_FROM",
    "REINFORCEMENT_TABLES",
    "ROLLED_RULE",
    "SCATTER",
    "SCATTER_ON_NATURAL",
    "SHOOT_INSTEAD",
    "WANDER",
    "WEAK_CHARGE",
    "WOUNDED_FRIEND_TABLE",
    "WOUNDED_FRIEND_WITHIN",
    "arrival_point",
    "build",
    "card",
    "horde_decide",
    "horde_end_of_round",
]
