"""RULES §3.9–§3.10: roles, setup text and objectives of every final scenario."""

from __future__ import annotations

import pytest

from engines.dice import Dice
from engines.enums import ObjectiveKind, Scenario, Side, Stance, TableCell
from engines.roles import (
    DISORGANIZED_RULE,
    SCENARIO_RULES,
    Role,
    RoleRule,
    assign_roles,
    place_objective,
    scenario_setup,
    setup_text,
)
from engines.scenario_tables import OUTCOME_TABLE


class Loaded:
    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0)

    def shuffle(self, x: list[object]) -> None:
        raise AssertionError


def test_every_final_scenario_has_rules_and_setup_text() -> None:
    assert set(SCENARIO_RULES) == set(Scenario)
    assert all(setup_text(scenario) for scenario in Scenario)


def test_the_defender_rule_is_never_ambiguous() -> None:
    """Every cell that leads to a defender has exactly one Defend stance in it."""
    defended = {
        TableCell.ASSAULT,
        TableCell.SURPRISE_ASSAULT,
        TableCell.ASSAULT_SPECIAL,
    }
    for (row, _relation, column), cell in OUTCOME_TABLE.items():
        if cell in defended:
            assert [row, column].count(Stance.DEFEND) == 1, (row, column, cell)


@pytest.mark.parametrize(
    ("scenario", "rule"),
    [
        (Scenario.PITCHED_BATTLE, RoleRule.NONE),
        (Scenario.ASSAULT, RoleRule.DEFEND_SIDE_DEFENDS),
        (Scenario.SIEGE, RoleRule.DEFEND_SIDE_DEFENDS),
        (Scenario.SURPRISE_ASSAULT, RoleRule.DEFEND_SIDE_DEFENDS),
        (Scenario.SURPRISE_ATTACK, RoleRule.HIGHER_SURPRISES),
        (Scenario.AMBUSH, RoleRule.HIGHER_SURPRISES),
        (Scenario.SKIRMISH, RoleRule.NONE),
        (Scenario.TRAP, RoleRule.HIGHER_TRAPS),
        (Scenario.DISPUTED_BORDER, RoleRule.NONE),
        (Scenario.SURPRISE_ENCOUNTER, RoleRule.NONE),
        (Scenario.RIVER_CROSSING, RoleRule.DEFEND_SIDE_DEFENDS),
        (Scenario.URBAN_ASSAULT, RoleRule.DEFEND_SIDE_DEFENDS),
        (Scenario.AMPHIBIOUS_LANDING, RoleRule.DEFEND_SIDE_DEFENDS),
    ],
)
def test_how_each_scenario_gives_roles(scenario: Scenario, rule: RoleRule) -> None:
    assert SCENARIO_RULES[scenario].roles is rule


@pytest.mark.parametrize(
    ("scenario", "disorganized"),
    [
        (Scenario.PITCHED_BATTLE, ()),
        (Scenario.ASSAULT, ()),
        (Scenario.SURPRISE_ASSAULT, (Role.DEFENDER,)),
        (Scenario.SURPRISE_ATTACK, (Role.SURPRISED,)),
        (Scenario.AMBUSH, (Role.SURPRISED,)),
        (Scenario.TRAP, (Role.TRAPPED,)),
    ],
)
def test_who_starts_disorganized(scenario: Scenario, disorganized: tuple) -> None:
    assert SCENARIO_RULES[scenario].disorganized == disorganized


def test_surprise_encounter_disorganizes_both_sides() -> None:
    setup = scenario_setup(Scenario.SURPRISE_ENCOUNTER)
    assert setup.disorganized_sides == (Side.PLAYER, Side.AI)
    assert DISORGANIZED_RULE in setup.text


def test_only_surprise_attack_gives_a_first_activation() -> None:
    firsts = {s for s, rules in SCENARIO_RULES.items() if rules.first_activation}
    assert firsts == {Scenario.SURPRISE_ATTACK}


def test_the_defend_side_defends_an_assault() -> None:
    roles = assign_roles(
        Scenario.ASSAULT,
        player_stance=Stance.RECON,
        ai_stance=Stance.DEFEND,
        higher=Side.PLAYER,
    )
    assert roles == {Side.AI: Role.DEFENDER, Side.PLAYER: Role.ATTACKER}


def test_the_higher_scorer_traps() -> None:
    setup = scenario_setup(
        Scenario.TRAP,
        player_stance=Stance.ATTACK,
        ai_stance=Stance.DEFEND,
        higher=Side.AI,
        deployed={Side.AI: 7, Side.PLAYER: 3},
    )
    assert (setup.player_role, setup.ai_role) == (Role.TRAPPED, Role.TRAPPING)
    assert setup.text[:2] == (
        "The player side (the surprised side) is the attacker and is disorganized.",
        "The AI side (the trapping side) may place field defences (hard cover) and "
        "deploy up to a third of its characters (at most 2) anywhere on the table.",
    )


def test_a_fixed_scenario_names_the_roles_generically() -> None:
    assert setup_text(Scenario.SURPRISE_ATTACK)[1:3] == (
        "The surprised side starts disorganized.",
        "The surprising side takes the first activation of round 1 without an "
        "initiative roll.",
    )


def test_a_scene_specific_scenario_has_no_generated_text() -> None:
    assert setup_text("Weathertop") == ()


@pytest.mark.parametrize(
    ("scenario", "name", "kind"),
    [
        (Scenario.SEIZE_MAGIC_ITEM, "magic item", ObjectiveKind.CARRIABLE),
        (Scenario.WIZARDS_TOWER, "wizard's tower", ObjectiveKind.FIXED),
        (Scenario.TREASURE_RAID, "treasure", ObjectiveKind.CARRIABLE),
        (Scenario.DRAGONS_LAIR, "dragon's lair", ObjectiveKind.FIXED),
    ],
)
def test_special_objectives_are_placed_by_direction_and_2d6(
    scenario: Scenario, name: str, kind: ObjectiveKind
) -> None:
    dice = Dice(Loaded(4, 6, 3, 2))
    placed = place_objective(scenario, dice=dice)
    assert placed is not None
    assert (placed.name, placed.kind, placed.clock, placed.inches) == (
        name,
        kind,
        10,
        5,
    )
    assert placed.describe().endswith(
        "5\" from the centre of the table toward 10 o'clock."
    )


def test_other_scenarios_place_no_objective_and_roll_nothing() -> None:
    dice = Dice(Loaded())
    assert place_objective(Scenario.SURPRISE_ENCOUNTER, dice=dice) is None
    assert dice.entries() == ()
