"""The AI doctrines of RULES §5, as decision functions and printed procedures.

Each doctrine is one :class:`Procedure` — the AI reference card's steps as
data — that its decision function walks:

- §5.1 :func:`priority_decide` (:data:`PRIORITY`),
- §5.2 :func:`deck_activate` and :func:`deck_defend` (:data:`DECK`),
- §5.3 :func:`horde_decide` and :func:`horde_end_of_round` (:data:`HORDE`),
- §5.4 :func:`pursuit_decide` and :func:`pursuit_round` (:data:`PURSUIT`),

and :func:`activation_order` orders the AI side's activations (§5 intro).
"""

from __future__ import annotations

from engines.doctrines.activation import ORDER_RULE, activation_order
from engines.doctrines.deck import PROCEDURE as DECK
from engines.doctrines.deck import (
    TRIGGER_TABLE,
    deck_activate,
    deck_defend,
    trigger_distance,
)
from engines.doctrines.horde import PROCEDURE as HORDE
from engines.doctrines.horde import (
    Arrival,
    HordeMember,
    HordeRound,
    HordeRoundResult,
    PlayerModel,
    Point,
    horde_decide,
    horde_end_of_round,
)
from engines.doctrines.priority import PROCEDURE as PRIORITY
from engines.doctrines.priority import priority_decide
from engines.doctrines.pursuit import (
    DISTANCE_TABLE,
    DRIFT_TABLE,
    POSITION_TABLE,
    Pursuer,
    PursuitDecision,
    pursuit_decide,
    pursuit_positions,
    pursuit_round,
)
from engines.doctrines.pursuit import PROCEDURE as PURSUIT
from engines.doctrines.situation import Decision, Enemy, Friend, Objective, Situation
from engines.doctrines.steps import Procedure, Row, Section, Step, Table
from engines.enums import Doctrine

PROCEDURES: dict[Doctrine, Procedure] = {
    Doctrine.PRIORITY: PRIORITY,
    Doctrine.DECK: DECK,
    Doctrine.HORDE: HORDE,
    Doctrine.PURSUIT: PURSUIT,
}


def procedure(doctrine: Doctrine | str) -> Procedure:
    """The printed procedure (AI reference card) of a doctrine."""
    return PROCEDURES[Doctrine(doctrine)]


__all__ = [
    "DECK",
    "DISTANCE_TABLE",
    "DRIFT_TABLE",
    "HORDE",
    "ORDER_RULE",
    "POSITION_TABLE",
    "PRIORITY",
    "PROCEDURES",
    "PURSUIT",
    "TRIGGER_TABLE",
    "Arrival",
    "Decision",
    "Enemy",
    "Friend",
    "HordeMember",
    "HordeRound",
    "HordeRoundResult",
    "Objective",
    "PlayerModel",
    "Point",
    "Procedure",
    "Pursuer",
    "PursuitDecision",
    "Row",
    "Section",
    "Situation",
    "Step",
    "Table",
    "activation_order",
    "deck_activate",
    "deck_defend",
    "horde_decide",
    "horde_end_of_round",
    "procedure",
    "priority_decide",
    "pursuit_decide",
    "pursuit_positions",
    "pursuit_round",
    "trigger_distance",
]
