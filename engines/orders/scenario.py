"""The orders a generated scenario gives its AI side (RULES §5, an adaptation)."""

from __future__ import annotations

from typing import Any

from engines.enums import Edge, Scenario
from engines.orders.kinds import (
    NoEnemyInSight,
    Order,
    Place,
    PlaceKind,
    StayWithin,
)
from engines.roles import Role

# --- a generated scenario's orders (§5) ----------------------------------------------

STRONGHOLD_STAY = 6
"""The defender of an Assault stays within 6" of its stronghold (§5)."""

STRONGHOLD_SCENARIOS = (Scenario.ASSAULT, Scenario.SURPRISE_ASSAULT, Scenario.SIEGE)
TOWN_SCENARIOS = {
    Scenario.DISPUTED_BORDER: "town",
    Scenario.URBAN_ASSAULT: "large town",
}


def scenario_orders(
    scenario: Scenario | str,
    *,
    role: Role | None,
    player_edge: Edge | None = None,
    piece: str | None = None,
    far_edge: Edge | None = None,
    piece_carriable: bool = True,
) -> tuple[Order, ...]:
    """The orders a generated scenario gives the AI side (§5, an adaptation).

    ``player_edge`` is the player side's entry edge (Skirmish), ``piece`` the
    Special's carriable or fixed piece (``piece_carriable`` says which),
    ``far_edge`` the edge beyond the river from the attacker (River Crossing).
    """
    scenario = Scenario(scenario)
    kw: dict[str, Any] = {"source": "scenario"}
    if scenario in STRONGHOLD_SCENARIOS:
        name = "castle" if scenario is Scenario.SIEGE else "stronghold"
        stronghold = Place(kind=PlaceKind.FEATURE, name=name)
        toward = NoEnemyInSight(place=stronghold, **kw)
        if role is Role.DEFENDER:
            return (
                StayWithin(distance=STRONGHOLD_STAY, place=stronghold, **kw),
                toward,
            )
        if role is Role.ATTACKER:
            return (toward,)
        return ()
    if scenario is Scenario.SKIRMISH and player_edge not in (None, Edge.CENTRE):
        place = Place(kind=PlaceKind.EDGE, name=Edge(player_edge).value)
        return (NoEnemyInSight(place=place, **kw),)
    if scenario in TOWN_SCENARIOS:
        town = Place(kind=PlaceKind.FEATURE, name=TOWN_SCENARIOS[scenario])
        return (NoEnemyInSight(place=town, **kw),)
    if piece:
        kind = PlaceKind.OBJECTIVE if piece_carriable else PlaceKind.FEATURE
        return (NoEnemyInSight(place=Place(kind=kind, name=piece), **kw),)
    if scenario is Scenario.RIVER_CROSSING and role is Role.ATTACKER and far_edge:
        bank = Place(
            kind=PlaceKind.EDGE,
            name=Edge(far_edge).value,
            label=f"the far bank (toward the {Edge(far_edge).value} edge)",
        )
        return (NoEnemyInSight(place=bank, **kw),)
    return ()
