"""A River Crossing scored as the result form scores it (RULES §3.12): the
attacker's characters standing beyond the river at the end score 1 VP each —
in the generated battlefield, in its stored form and in the playtest."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engines.battlefield import Battlefield, Feature
from engines.battlefield.exits import stands_beyond
from engines.battlefield.generated import RIVER, generated_battlefield
from engines.battlefield.specs import ForceSpec, TableSpec
from engines.battlefield.zones import edge_zone
from engines.enums import Edge, Outcome, Scenario, Shape, Side
from engines.playtest.battle import fight
from engines.roles import Role
from tests.engines.test_playtest_battle import sam_by_the_south_edge

TABLE = TableSpec(width=48, depth=36)
ACROSS = Feature(name=RIVER, shape=Shape.RECTANGLE, x=0, y=16, width=48, depth=4)
DOWN = Feature(name=RIVER, shape=Shape.RECTANGLE, x=22, y=0, width=4, depth=36)


@pytest.mark.parametrize(
    ("river", "entry", "at", "beyond"),
    [
        (ACROSS, Edge.SOUTH, (10, 15), True),
        (ACROSS, Edge.SOUTH, (10, 17), False),  # in the river: not beyond yet
        (ACROSS, Edge.SOUTH, (10, 30), False),
        (ACROSS, Edge.NORTH, (10, 21), True),
        (ACROSS, Edge.NORTH, (10, 19), False),
        (DOWN, Edge.WEST, (27, 5), True),
        (DOWN, Edge.WEST, (21, 5), False),
        (DOWN, Edge.EAST, (21, 5), True),
        (DOWN, Edge.EAST, (23, 5), False),
    ],
)
def test_beyond_the_river_is_past_its_far_bank_from_the_entry_edge(
    river, entry, at, beyond
):
    assert stands_beyond(at, river=river, entry=entry) is beyond


def _forces(ai_edge: Edge = Edge.NORTH) -> list[ForceSpec]:
    return [
        ForceSpec(key="1", name="Fellowship", side=Side.PLAYER,
                  entry_edge=Edge.SOUTH, zone=edge_zone(Edge.SOUTH)),
        ForceSpec(key="2", name="Orcs", side=Side.AI, entry_edge=ai_edge,
                  zone=edge_zone(ai_edge)),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("roles", "beyond"),
    [
        ({Side.PLAYER: Role.ATTACKER, Side.AI: Role.DEFENDER}, Side.PLAYER),
        ({Side.PLAYER: Role.DEFENDER, Side.AI: Role.ATTACKER}, Side.AI),
    ],
)
def test_a_river_crossing_names_its_attacker_as_the_side_that_scores_beyond(
    roles, beyond
):
    field = generated_battlefield(
        Scenario.RIVER_CROSSING, roles=roles, table=TABLE, forces=_forces()
    )
    assert field.beyond is beyond
    assert Battlefield.from_data(field.to_data()) == field


def test_no_other_scenario_scores_beyond_a_river():
    field = generated_battlefield(
        Scenario.PITCHED_BATTLE,
        roles={Side.PLAYER: Role.ATTACKER, Side.AI: Role.DEFENDER},
        table=TABLE,
        forces=_forces(),
    )
    assert field.beyond is None
    assert "beyond" not in field.to_data()


# Sam comes on by the south edge and stands at about 20" down a 24" table;
# a river at 22"–23" lies behind him: he stands beyond it, the Orc (north)
# does not. One round, nobody can reach anybody: the VP decide.
BEHIND_SAM = Feature(name=RIVER, shape=Shape.RECTANGLE, x=0, y=22, width=24, depth=1)


@pytest.mark.parametrize(
    ("beyond", "outcome", "way"),
    [
        (Side.PLAYER, Outcome.VICTORY, "VP"),  # Sam beyond it: 1 VP to 0
        (Side.AI, Outcome.DRAW, "VP"),  # the Orc is not beyond it: 0 to 0
        (None, Outcome.DRAW, "VP"),  # not a River Crossing: 0 to 0
    ],
)
def test_the_playtest_scores_the_attackers_characters_beyond_the_river(
    beyond, outcome, way
):
    spec = sam_by_the_south_edge(BEHIND_SAM, length=1)
    spec = replace(spec, battlefield=replace(spec.battlefield, beyond=beyond))
    battle = fight(spec, rng=random.Random(3))
    assert (battle.outcome, battle.way) == (outcome, way)
