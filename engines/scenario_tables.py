"""The scenario generator's tables (RULES §3.7, §3.8), as RULES.md prints them.

The outcome table (§3.7) gives the cell for the higher scorer's stance, the
relation of the scores and the other's stance; the Special tables (§3.8) turn
a rolled cell into the final scenario.

Decision (adaptation): a castle nearby turns only a plain *Assault* into a
*Siege*; a *Surprise Assault* stays a Surprise Assault (RULES names the Siege
as a variant of Assault alone), and the Assault Special scenarios are unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence

from engines.dice import Dice
from engines.enums import Relation, Scenario, Stance, TableCell

# --- §3.7: the outcome table, as RULES.md prints it ---------------------------

OUTCOME_COLUMNS = (Stance.ATTACK, Stance.RECON, Stance.DEFEND)
OUTCOME_TABLE_TEXT: tuple[tuple[str, str, str, str, str], ...] = (
    # row stance, relation,  vs Attack,            vs Recon,          vs Defend
    ("attack", "outscouts", "Pitched Battle", "Pitched Battle", "Assault"),
    ("attack", "tied", "Special", "Special", "Assault Special"),
    ("attack", "surprises", "Surprise Attack", "Surprise Attack", "Surprise Assault"),
    ("recon", "outscouts", "Pitched Battle", "Skirmish", "Assault"),
    ("recon", "tied", "Special", "Special", "Special"),
    ("recon", "surprises", "Ambush", "Ambush", "Surprise Assault"),
    ("defend", "outscouts", "Assault", "Assault", "Skirmish"),
    ("defend", "tied", "Assault Special", "Special", "Disputed Border"),
    ("defend", "surprises", "Trap", "Trap", "Trap"),
)
OUTCOME_TABLE: dict[tuple[Stance, Relation, Stance], TableCell] = {
    (Stance(row), Relation(relation), column): TableCell(cell)
    for row, relation, *cells in OUTCOME_TABLE_TEXT
    for column, cell in zip(OUTCOME_COLUMNS, cells, strict=True)
}


def scenario_for(
    row_stance: Stance | str, relation: Relation | str, column_stance: Stance | str
) -> TableCell:
    """§3.7: the cell for the higher scorer's stance, relation, the other's stance."""
    return OUTCOME_TABLE[
        (
            Stance(str(row_stance).lower()),
            Relation(str(relation).lower()),
            Stance(str(column_stance).lower()),
        )
    ]


def stance_outcomes(stance: Stance | str) -> dict[Relation, tuple[TableCell, ...]]:
    """What a stance leads to when its side scouts higher: the cells of its row of
    the outcome table, for each relation, without repeats (§3.7)."""
    stance = Stance(stance)
    return {
        relation: tuple(
            dict.fromkeys(
                OUTCOME_TABLE[(stance, relation, column)] for column in OUTCOME_COLUMNS
            )
        )
        for relation in (Relation.OUTSCOUTS, Relation.SURPRISES)
    }


def stance_line(stance: Stance | str) -> str:
    """One line a player reads before choosing a stance, from the outcome table:
    'Outscout the AI: Pitched Battle or Assault. Surprise it: …'."""
    outcomes = stance_outcomes(stance)

    def cells(relation: Relation) -> str:
        names = [cell.label for cell in outcomes[relation]]
        return (
            ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]
        )

    return (
        f"Outscout the AI: {cells(Relation.OUTSCOUTS)}. "
        f"Surprise it: {cells(Relation.SURPRISES)}. "
        "Its own stance decides which."
    )


# --- §3.8: from the table cell to the final scenario --------------------------

SPECIAL_TABLE: tuple[tuple[int, Scenario], ...] = (
    (1, Scenario.SEIZE_MAGIC_ITEM),
    (2, Scenario.WIZARDS_TOWER),
    (3, Scenario.TREASURE_RAID),
    (4, Scenario.DRAGONS_LAIR),
    (6, Scenario.SURPRISE_ENCOUNTER),  # 5–6
)
ASSAULT_SPECIAL_TABLE: tuple[tuple[int, Scenario], ...] = (
    (2, Scenario.RIVER_CROSSING),  # 1–2
    (4, Scenario.URBAN_ASSAULT),  # 3–4
    (6, Scenario.AMPHIBIOUS_LANDING),  # 5–6
)
ROLLED_CELLS: dict[TableCell, tuple[tuple[int, Scenario], ...]] = {
    TableCell.SPECIAL: SPECIAL_TABLE,
    TableCell.ASSAULT_SPECIAL: ASSAULT_SPECIAL_TABLE,
}
CASTLE_NEARBY: dict[Scenario, Scenario] = {Scenario.ASSAULT: Scenario.SIEGE}
"""A castle nearby turns a plain Assault (only) into a Siege."""


def read_table(table: Sequence[tuple[int, Scenario]], natural: int) -> Scenario:
    for highest, scenario in table:
        if natural <= highest:
            return scenario
    raise ValueError(f"not a D6 face: {natural}")


def final_scenario(
    cell: TableCell | str, *, castle_nearby: bool = False, dice: Dice
) -> tuple[Scenario, int | None]:
    """§3.8: the final scenario of a table cell, and the Special roll if made."""
    cell = TableCell(cell)
    table = ROLLED_CELLS.get(cell)
    if table is None:
        scenario = Scenario(cell.value)
        if castle_nearby:
            scenario = CASTLE_NEARBY.get(scenario, scenario)
        return scenario, None
    entry = dice.d6(
        f"{cell.value} scenario", outcome=lambda d, _t: read_table(table, d[0]).label
    )
    assert entry.natural is not None
    return read_table(table, entry.natural), entry.natural
