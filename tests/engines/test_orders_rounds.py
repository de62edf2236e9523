"""Each-round orders and a generated scenario's orders (RULES §5)."""

from __future__ import annotations

import pytest

from engines.enums import Edge, Scenario
from engines.orders import (
    EachRound,
    Moment,
    NoEnemyInSight,
    Place,
    PlaceKind,
    StayWithin,
    Victim,
    due_orders,
    each_round,
    merged,
    scenario_orders,
)
from engines.roles import Role
from tests.engines.scripted import ScriptedRandom, deck_with, loaded

ARROWS = EachRound(
    moment=Moment.END,
    condition="Boromir and Lurtz are both on the table",
    gate=5,
    attack_bonus=2,
    victim_name="Boromir",
)


def test_a_gated_attack_rolls_the_gate_then_the_attack():
    """D6 5+: then D6 + 2 against Boromir's defence, logged, saying it wounds."""
    dice = loaded(5, 3)
    result = each_round(ARROWS, dice=dice, defences={"Boromir": 1})
    assert (result.acted, result.attacks[0].result.wounds) == (True, True)
    assert [e.total for e in result.log] == [5, 4]
    assert result.log[-1].outcome.startswith("wounds")


def test_a_failed_gate_rolls_no_attack():
    """D6 4 on a 5+ gate: nothing happens, one die rolled."""
    result = each_round(ARROWS, dice=loaded(4), defences={"Boromir": 1})
    assert (result.acted, len(result.log)) == (False, 1)


def test_a_condition_that_does_not_hold_rolls_nothing():
    """The players answered no: no die is rolled."""
    result = each_round(
        ARROWS, dice=loaded(), defences={"Boromir": 1}, condition_holds=False
    )
    assert (result.acted, result.log) == (False, ())


def test_a_dealt_victim_is_chosen_by_random_selection():
    """The Eagles: the wraith dealt the highest card is attacked."""
    eagles = EachRound(
        moment=Moment.START,
        attack_bonus=3,
        victim=Victim.DEALT,
        victim_name="The Ringwraiths",
    )
    deck = deck_with("2♠", "A♠", rng=ScriptedRandom(4))
    result = each_round(
        eagles,
        dice=deck.dice,
        deck=deck,
        defences={"Khamûl": 0, "Witch-king": 1},
        candidates=("Khamûl", "Witch-king"),
    )
    assert (result.attacks[0].victim, result.attacks[0].result.total) == (
        "Witch-king",
        6,
    )


def test_due_orders_follow_moment_and_round():
    """From round 4 at the start: not in round 3, not at the end of round 4."""
    order = EachRound(moment=Moment.START, from_round=4, effect="The Eagles come.")
    assert (
        due_orders([order], moment=Moment.START, round_number=3),
        due_orders([order], moment=Moment.END, round_number=4),
        due_orders([order], moment=Moment.START, round_number=4),
    ) == ((), (), (order,))


STRONGHOLD = Place(kind=PlaceKind.FEATURE, name="stronghold")
SCENARIOS = [
    (
        Scenario.ASSAULT,
        Role.DEFENDER,
        {},
        (
            StayWithin(distance=6, place=STRONGHOLD, source="scenario"),
            NoEnemyInSight(place=STRONGHOLD, source="scenario"),
        ),
    ),
    (
        Scenario.SURPRISE_ASSAULT,
        Role.ATTACKER,
        {},
        (NoEnemyInSight(place=STRONGHOLD, source="scenario"),),
    ),
    (
        Scenario.SIEGE,
        Role.DEFENDER,
        {},
        (
            StayWithin(
                distance=6,
                place=Place(kind=PlaceKind.FEATURE, name="castle"),
                source="scenario",
            ),
            NoEnemyInSight(
                place=Place(kind=PlaceKind.FEATURE, name="castle"), source="scenario"
            ),
        ),
    ),
    (
        Scenario.SKIRMISH,
        None,
        {"player_edge": Edge.WEST},
        (
            NoEnemyInSight(
                place=Place(kind=PlaceKind.EDGE, name="west"), source="scenario"
            ),
        ),
    ),
    (
        Scenario.DISPUTED_BORDER,
        None,
        {},
        (
            NoEnemyInSight(
                place=Place(kind=PlaceKind.FEATURE, name="town"), source="scenario"
            ),
        ),
    ),
    (
        Scenario.URBAN_ASSAULT,
        Role.DEFENDER,
        {},
        (
            NoEnemyInSight(
                place=Place(kind=PlaceKind.FEATURE, name="large town"),
                source="scenario",
            ),
        ),
    ),
    (
        Scenario.TREASURE_RAID,
        None,
        {"piece": "treasure"},
        (
            NoEnemyInSight(
                place=Place(kind=PlaceKind.OBJECTIVE, name="treasure"),
                source="scenario",
            ),
        ),
    ),
    (
        Scenario.RIVER_CROSSING,
        Role.ATTACKER,
        {"far_edge": Edge.NORTH},
        (
            NoEnemyInSight(
                place=Place(
                    kind=PlaceKind.EDGE,
                    name="north",
                    label="the far bank (toward the north edge)",
                ),
                source="scenario",
            ),
        ),
    ),
    (
        Scenario.DRAGONS_LAIR,
        None,
        {"piece": "lair", "piece_carriable": False},
        (
            NoEnemyInSight(
                place=Place(kind=PlaceKind.FEATURE, name="lair"), source="scenario"
            ),
        ),
    ),
    (Scenario.RIVER_CROSSING, Role.DEFENDER, {"far_edge": Edge.NORTH}, ()),
    (Scenario.PITCHED_BATTLE, None, {}, ()),
]


@pytest.mark.parametrize(("scenario", "role", "kw", "orders"), SCENARIOS)
def test_a_generated_scenario_gives_the_ai_its_orders(scenario, role, kw, orders):
    """RULES §5's list of a generated scenario's orders, scenario by scenario."""
    assert scenario_orders(scenario, role=role, **kw) == orders


def test_a_scene_order_of_the_same_kind_takes_the_scenarios_place():
    """The scene's own no-enemy order replaces the scenario's; the stay stays."""
    scene = (NoEnemyInSight(place=Place(kind=PlaceKind.EDGE, name="west")),)
    scenario = scenario_orders(Scenario.ASSAULT, role=Role.DEFENDER)
    assert merged(scene, scenario) == (scene[0], scenario[0])
