"""The AI doctrines of RULES §5, as decision functions and printed procedures.

Each doctrine is one :class:`Procedure` — the AI reference card's steps as
data — that its decision function walks:

- §5.1 :func:`priority_decide` (:data:`PRIORITY`),
- §5.2 :func:`deck_activate` and :func:`deck_defend` (:data:`DECK`),
- §5.3 :func:`horde_decide` and :func:`horde_end_of_round` (:data:`HORDE`),
- §5.4 :func:`pursuit_decide` and :func:`pursuit_round` (:data:`PURSUIT`),

:func:`activation_order` orders the AI side's activations (§5 intro) and
:func:`ai_sees_an_enemy` gives the AI's initiative choice its input (§4).

A battle's :class:`DoctrineSettings` (sight limit, reinforcements, the pursuit
lever…) go to both :func:`procedure` — the card prints this battle's values —
and the decision functions, which use the same values. Without settings a card
is generic and a decision uses the rules' defaults.
"""

from __future__ import annotations

from collections.abc import Callable

from engines.doctrines import deck, horde, priority, pursuit
from engines.doctrines.activation import (
    activation_order,
    ai_sees_an_enemy,
)
from engines.doctrines.deck import PROCEDURE as DECK
from engines.doctrines.deck import (
    TRIGGER_TABLE,
    deck_activate,
    deck_defend,
    deck_return_fire,
    trigger_distance,
)
from engines.doctrines.horde import (
    EDGE_RULE,
    Arrival,
    HordeMember,
    HordeRound,
    HordeRoundResult,
    PlacementNeeded,
    PlayerModel,
    Point,
    horde_decide,
    horde_end_of_round,
)
from engines.doctrines.horde import PROCEDURE as HORDE
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
from engines.doctrines.rules import (
    FOLLOW_UP_RULE,
    FOLLOW_UP_SHARE,
    MIXED_ORDER_RULE,
    ORDER_RULE,
    ORDER_RULES,
    ORDER_WHEN,
    PURSUIT_ORDER_RULE,
    order_rule,
)
from engines.doctrines.settings import DEFAULT_SETTINGS, DoctrineSettings
from engines.doctrines.situation import (
    Decision,
    Edges,
    Enemy,
    Friend,
    Objective,
    Situation,
)
from engines.doctrines.steps import Procedure, Row, Section, Step, Table
from engines.enums import Doctrine

PROCEDURES: dict[Doctrine, Procedure] = {
    Doctrine.PRIORITY: PRIORITY,
    Doctrine.DECK: DECK,
    Doctrine.HORDE: HORDE,
    Doctrine.PURSUIT: PURSUIT,
}
"""The generic card of each doctrine."""

_CARDS: dict[Doctrine, Callable[[DoctrineSettings | None], Procedure]] = {
    Doctrine.PRIORITY: priority.card,
    Doctrine.DECK: deck.card,
    Doctrine.HORDE: horde.card,
    Doctrine.PURSUIT: pursuit.card,
}


def procedure(
    doctrine: Doctrine | str, settings: DoctrineSettings | None = None
) -> Procedure:
    """The printed procedure (AI reference card) of a doctrine.

    With ``settings`` the card prints this battle's values (the pursuit lever,
    whether reinforcements are on and their cap, the sight limit…); without,
    the generic rule. The decision functions given the same settings walk
    this very card.
    """
    return _CARDS[Doctrine(doctrine)](settings)


__all__ = [
    "DECK",
    "DEFAULT_SETTINGS",
    "DISTANCE_TABLE",
    "DRIFT_TABLE",
    "EDGE_RULE",
    "FOLLOW_UP_RULE",
    "FOLLOW_UP_SHARE",
    "HORDE",
    "MIXED_ORDER_RULE",
    "ORDER_RULE",
    "ORDER_RULES",
    "ORDER_WHEN",
    "POSITION_TABLE",
    "PRIORITY",
    "PROCEDURES",
    "PURSUIT",
    "PURSUIT_ORDER_RULE",
    "TRIGGER_TABLE",
    "Arrival",
    "Decision",
    "DoctrineSettings",
    "Edges",
    "Enemy",
    "Friend",
    "HordeMember",
    "HordeRound",
    "HordeRoundResult",
    "Objective",
    "PlacementNeeded",
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
    "ai_sees_an_enemy",
    "deck_activate",
    "deck_defend",
    "deck_return_fire",
    "horde_decide",
    "horde_end_of_round",
    "order_rule",
    "procedure",
    "priority_decide",
    "pursuit_decide",
    "pursuit_positions",
    "pursuit_round",
    "trigger_distance",
]
