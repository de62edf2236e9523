"""The battlefield as data (RULES §1) and a generated scenario's table (§3.9, §3.12).

A :class:`Battlefield` is everything the table holds at the start of one
battle: each company's deployment zone and arrival, the terrain features, the
objectives with their positions, the sight limit, the battle's length and how it
is scored. The setup diagram, the AI cards and the result form all read it.

Two ways to make one:

- :func:`scene_battlefield` — a fixed scenario: the scene's own data;
- :func:`generated_battlefield` — a generated scenario sets deployment, length
  and scoring itself from §3.9 and §3.12 (the scene's terrain features still
  stand on the table; a scene with none gets §3.13's rolled terrain).

Companies whose entry edge is *dealt* get one card per character
(:func:`deal_entry_edges`, logged): ♠ north, ♥ east, ♣ south, ♦ west.

Coordinates are inches from the table's north-west corner: ``x`` east, ``y``
south. Zone sizes the rules do not give are decisions of ours (adaptations),
named as constants so one number serves the diagram, the cards and the tests.

The modules, one concept each:

- :mod:`~engines.battlefield.numbers` — the table's, zones' and scoring's numbers;
- :mod:`~engines.battlefield.zones` — deployment zones, arrivals, dealt entry cards;
- :mod:`~engines.battlefield.forces` — a company on the battlefield;
- :mod:`~engines.battlefield.features` — terrain features and objective markers;
- :mod:`~engines.battlefield.table` — the :class:`Battlefield` itself;
- :mod:`~engines.battlefield.specs` — what the site gives: the scene's table
  and companies;
- :mod:`~engines.battlefield.fixed` — a fixed scenario's table;
- :mod:`~engines.battlefield.generated` — a generated scenario's table;
- :mod:`~engines.battlefield.scoring` — what objectives are worth, and the
  scoring lines;
- :mod:`~engines.battlefield.dealt` — dealing entry edges;
- :mod:`~engines.battlefield.terrain` — a generated battle's rolled terrain (§3.13);
- :mod:`~engines.battlefield.exits` — characters leaving by the scoring edge,
  and a side with nobody left on the table (§3.12).

The names below are the package's public face, for the site and the other
engines.
"""

from __future__ import annotations

from engines.battlefield.dealt import deal_entry_edges
from engines.battlefield.features import Feature, ObjectiveMark
from engines.battlefield.fixed import scene_battlefield
from engines.battlefield.forces import Force
from engines.battlefield.generated import generated_battlefield
from engines.battlefield.numbers import (
    DEAL_WORDS,
    DEFAULT_BAND,
    GENERATED_LENGTH,
    HOLD_WITHIN,
    OPPOSITE,
    TABLE_SIDE,
)
from engines.battlefield.scoring import (
    most_victory_points,
    objective_points,
    objective_worth,
)
from engines.battlefield.specs import Arriving, ForceSpec, TableSpec
from engines.battlefield.table import Battlefield
from engines.battlefield.zones import Arrival, EntryCard, Zone, edge_zone

__all__ = [
    "DEAL_WORDS",
    "DEFAULT_BAND",
    "GENERATED_LENGTH",
    "HOLD_WITHIN",
    "OPPOSITE",
    "TABLE_SIDE",
    "Arrival",
    "Arriving",
    "Battlefield",
    "EntryCard",
    "Feature",
    "Force",
    "ForceSpec",
    "ObjectiveMark",
    "TableSpec",
    "Zone",
    "deal_entry_edges",
    "edge_zone",
    "generated_battlefield",
    "most_victory_points",
    "objective_points",
    "objective_worth",
    "scene_battlefield",
]
