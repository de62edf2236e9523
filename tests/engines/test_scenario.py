"""RULES §3.7–§3.9: the outcome table, the Special tables, Siege, the final scenario."""

from __future__ import annotations

import pytest

from engines.dice import Dice
from engines.enums import Relation, Scenario, Stance, TableCell
from engines.scenario_tables import (
    OUTCOME_TABLE,
    final_scenario,
    scenario_for,
)
from tests.engines.scripted import Loaded

# --- §3.7 the outcome table: all 27 cells ------------------------------------

OUTCOME_CELLS = [
    # row stance, relation, column stance, cell as RULES.md writes it
    ("attack", "outscouts", "attack", "Pitched Battle"),
    ("attack", "outscouts", "recon", "Pitched Battle"),
    ("attack", "outscouts", "defend", "Assault"),
    ("attack", "tied", "attack", "Special"),
    ("attack", "tied", "recon", "Special"),
    ("attack", "tied", "defend", "Assault Special"),
    ("attack", "surprises", "attack", "Surprise Attack"),
    ("attack", "surprises", "recon", "Surprise Attack"),
    ("attack", "surprises", "defend", "Surprise Assault"),
    ("recon", "outscouts", "attack", "Pitched Battle"),
    ("recon", "outscouts", "recon", "Skirmish"),
    ("recon", "outscouts", "defend", "Assault"),
    ("recon", "tied", "attack", "Special"),
    ("recon", "tied", "recon", "Special"),
    ("recon", "tied", "defend", "Special"),
    ("recon", "surprises", "attack", "Ambush"),
    ("recon", "surprises", "recon", "Ambush"),
    ("recon", "surprises", "defend", "Surprise Assault"),
    ("defend", "outscouts", "attack", "Assault"),
    ("defend", "outscouts", "recon", "Assault"),
    ("defend", "outscouts", "defend", "Skirmish"),
    ("defend", "tied", "attack", "Assault Special"),
    ("defend", "tied", "recon", "Special"),
    ("defend", "tied", "defend", "Disputed Border"),
    ("defend", "surprises", "attack", "Trap"),
    ("defend", "surprises", "recon", "Trap"),
    ("defend", "surprises", "defend", "Trap"),
]


@pytest.mark.parametrize(("row", "relation", "column", "cell"), OUTCOME_CELLS)
def test_outcome_table_cell(row: str, relation: str, column: str, cell: str) -> None:
    assert scenario_for(row, relation, column).value == cell


def test_outcome_table_has_exactly_the_27_cells() -> None:
    assert len(OUTCOME_TABLE) == 27


def test_scenario_for_takes_enum_members_as_well_as_strings() -> None:
    cell = scenario_for(Stance.DEFEND, Relation.SURPRISES, Stance.ATTACK)
    assert cell is TableCell.TRAP


def test_tied_rows_are_symmetric() -> None:
    """The player's stance is the row when tied; the table gives the same either way."""
    stances = ("attack", "recon", "defend")
    for a in stances:
        for b in stances:
            assert scenario_for(a, "tied", b) is scenario_for(b, "tied", a)


# --- §3.8 Special and Assault Special ---------------------------------------


@pytest.mark.parametrize(
    ("natural", "scenario"),
    [
        (1, Scenario.SEIZE_MAGIC_ITEM),
        (2, Scenario.WIZARDS_TOWER),
        (3, Scenario.TREASURE_RAID),
        (4, Scenario.DRAGONS_LAIR),
        (5, Scenario.SURPRISE_ENCOUNTER),
        (6, Scenario.SURPRISE_ENCOUNTER),
    ],
)
def test_special_table(natural: int, scenario: Scenario) -> None:
    dice = Dice(Loaded(natural))
    assert final_scenario(TableCell.SPECIAL, dice=dice) == (scenario, natural)
    assert dice.entries()[0].outcome == scenario.value


@pytest.mark.parametrize(
    ("natural", "scenario"),
    [
        (1, Scenario.RIVER_CROSSING),
        (2, Scenario.RIVER_CROSSING),
        (3, Scenario.URBAN_ASSAULT),
        (4, Scenario.URBAN_ASSAULT),
        (5, Scenario.AMPHIBIOUS_LANDING),
        (6, Scenario.AMPHIBIOUS_LANDING),
    ],
)
def test_assault_special_table(natural: int, scenario: Scenario) -> None:
    dice = Dice(Loaded(natural))
    assert final_scenario("Assault Special", dice=dice) == (scenario, natural)


@pytest.mark.parametrize(
    "cell",
    [c for c in TableCell if c not in (TableCell.SPECIAL, TableCell.ASSAULT_SPECIAL)],
)
def test_other_cells_are_their_own_scenario_without_a_roll(cell: TableCell) -> None:
    dice = Dice(Loaded())
    assert final_scenario(cell, dice=dice) == (Scenario(cell.value), None)
    assert dice.entries() == ()


def test_assault_becomes_siege_with_a_castle_nearby() -> None:
    dice = Dice(Loaded())
    assert final_scenario("Assault", castle_nearby=True, dice=dice) == (
        Scenario.SIEGE,
        None,
    )


def test_surprise_assault_stays_surprise_assault_with_a_castle_nearby() -> None:
    dice = Dice(Loaded())
    scenario, _ = final_scenario("Surprise Assault", castle_nearby=True, dice=dice)
    assert scenario is Scenario.SURPRISE_ASSAULT


def test_assault_special_is_unchanged_by_a_castle_nearby() -> None:
    dice = Dice(Loaded(3))
    scenario, _ = final_scenario("Assault Special", castle_nearby=True, dice=dice)
    assert scenario is Scenario.URBAN_ASSAULT


def test_no_siege_without_a_castle() -> None:
    dice = Dice(Loaded())
    assert final_scenario("Assault", dice=dice)[0] is Scenario.ASSAULT
