"""Scene orders (RULES §1 "Scene orders", §5 "Scene orders in every doctrine").

- :mod:`~engines.orders.kinds` — the order kinds as frozen dataclasses, their
  words and their plain data;
- :mod:`~engines.orders.scenario` — the orders a generated scenario gives its AI;
- :mod:`~engines.orders.rounds` — each-round orders, resolved with the battle's
  dice;
- :mod:`~engines.orders.table` — what the table page calls: the questions an
  order needs, and the decision with the orders applied.

The doctrines read a company's orders from ``DoctrineSettings.orders``;
:mod:`engines.doctrines.orders` prints them on the AI card where they act.
"""

from __future__ import annotations

from engines.orders.kinds import (
    LIMIT_KINDS,
    ORDER_TYPES,
    SCENE_ORDER,
    EachRound,
    Hunt,
    IgnoreTerrain,
    KeepOut,
    Moment,
    NoEnemyInSight,
    Order,
    OrderKind,
    Place,
    PlaceKind,
    RoutToward,
    Shun,
    StayWithin,
    TargetKind,
    Victim,
    active,
    holding,
    merged,
    of_kind,
    order_from_data,
    orders_from_data,
    orders_to_data,
)
from engines.orders.rounds import (
    RoundAttack,
    RoundOrderResult,
    due_orders,
    each_round,
)
from engines.orders.scenario import STRONGHOLD_STAY, scenario_orders

__all__ = [
    "LIMIT_KINDS",
    "ORDER_TYPES",
    "SCENE_ORDER",
    "STRONGHOLD_STAY",
    "EachRound",
    "Hunt",
    "IgnoreTerrain",
    "KeepOut",
    "Moment",
    "NoEnemyInSight",
    "Order",
    "OrderKind",
    "Place",
    "PlaceKind",
    "RoundAttack",
    "RoundOrderResult",
    "RoutToward",
    "Shun",
    "StayWithin",
    "TargetKind",
    "Victim",
    "active",
    "due_orders",
    "each_round",
    "holding",
    "merged",
    "of_kind",
    "order_from_data",
    "orders_from_data",
    "orders_to_data",
    "scenario_orders",
]
