"""The scenario generator (RULES §3): from stances and scouts to a battle's setup.

:func:`generate_setup` runs the whole generator in the roll order of §3.11.
The outcome table (§3.7) and the Special tables (§3.8) live in
:mod:`engines.scenario_tables`, the generator's inputs in
:mod:`engines.setup_inputs` and its result in :mod:`engines.setup_result`;
the scouting steps in :mod:`engines.scouting`, the roles and setup text of each
scenario in :mod:`engines.roles`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engines.battlefield import (
    Arriving,
    Battlefield,
    TableSpec,
    deal_entry_edges,
    generated_battlefield,
    scene_battlefield,
)
from engines.battlefield.terrain import Piece, with_rolled_terrain
from engines.dice import Dice, RandomSource
from engines.enums import Mishap, Scenario, Side, Stance
from engines.roles import (
    SIDE_NAMES,
    ObjectivePlacement,
    Role,
    ScenarioSetup,
    counterpart,
    place_objective,
    scenario_setup,
)
from engines.scenario_tables import final_scenario, scenario_for
from engines.scouting import (
    LATE_ARRIVAL_ROUND,
    NO_COMMANDER_RATING,
    NO_COMMANDER_REPUTATION,
    SetupCharacter,
    SetupError,
    ai_scout_pool,
    compare_scores,
    in_card_order,
    roll_ai_stance,
    roll_mishap,
    roll_score,
    select_ai_scouts,
)
from engines.setup_inputs import SetupInputs, validate_setup
from engines.setup_result import CharacterSetup, SetupResult

__all__ = [
    "NO_COMMANDER_RATING",
    "NO_COMMANDER_REPUTATION",
    "CharacterSetup",
    "SetupCharacter",
    "SetupError",
    "SetupInputs",
    "SetupResult",
    "final_scenario",
    "generate_setup",
    "scenario_for",
    "validate_setup",
]

# --- The generator ------------------------------------------------------------


def generate_setup(inputs: SetupInputs, *, rng: RandomSource) -> SetupResult:
    """Run §3 in the roll order of §3.11 and return the battle's setup.

    Raises :class:`SetupError` for inputs a form should refuse. A fixed scenario
    makes no roll at all: no stances, scores, scouting or mishaps.
    """
    validate_setup(inputs)
    dice = Dice(rng)
    if inputs.fixed_scenario is not None:
        return _fixed_setup(inputs, dice)
    assert inputs.player_stance is not None
    scouting = _scouting(inputs, dice)
    higher = _higher(scouting.player_score, scouting.ai_score)
    relation = compare_scores(
        max(scouting.player_score, scouting.ai_score),
        min(scouting.player_score, scouting.ai_score),
    )
    stances = {Side.PLAYER: inputs.player_stance, Side.AI: scouting.ai_stance}
    row_side = higher or Side.PLAYER
    cell = scenario_for(stances[row_side], relation, stances[_other(row_side)])
    scenario, special_roll = final_scenario(
        cell, castle_nearby=inputs.castle_nearby, dice=dice
    )
    objective = place_objective(scenario, dice=dice)
    absent = {key for key, mishap in scouting.mishaps.items() if mishap is not None}
    deployed = {
        Side.PLAYER: _count_present(Side.PLAYER, inputs.player_characters, absent),
        Side.AI: _count_present(Side.AI, inputs.ai_characters, absent),
    }
    setup = scenario_setup(
        scenario,
        player_stance=inputs.player_stance,
        ai_stance=scouting.ai_stance,
        higher=higher,
        objective=objective,
        placed=inputs.table is not None,
        deployed=deployed,
    )
    characters = _characters(inputs, scouting.mishaps, absent, setup)
    battlefield = None
    if inputs.table is not None:
        battlefield = _generated_table(
            inputs,
            inputs.table,
            scenario=scenario,
            setup=setup,
            objective=objective,
            deployed=deployed,
            characters=characters,
            dice=dice,
        )
    return SetupResult(
        player_stance=inputs.player_stance,
        scenario=scenario,
        ai_stance=scouting.ai_stance,
        player_score=scouting.player_score,
        ai_score=scouting.ai_score,
        relation=relation,
        higher=higher,
        table_cell=cell,
        special_roll=special_roll,
        player_role=setup.player_role,
        ai_role=setup.ai_role,
        disorganized_sides=setup.disorganized_sides,
        first_activation=setup.first_activation,
        objective=objective,
        characters=characters,
        setup_text=setup.text
        + _mishap_lines(characters)
        + (() if battlefield is None else battlefield.terrain_notes),
        battlefield=battlefield,
        log=dice.entries(),
    )


@dataclass(frozen=True, kw_only=True)
class _Scouting:
    """§3.2–3.5 rolled: the AI's stance, each side's score, each scout's mishap."""

    ai_stance: Stance
    player_score: int
    ai_score: int
    mishaps: dict[tuple[Side, str], Mishap | None]


def _scouting(inputs: SetupInputs, dice: Dice) -> _Scouting:
    """§3.2–3.5 in §3.11's order: AI stance, AI scouts, both scores, mishaps."""
    ai_stance = roll_ai_stance(inputs.ai_reputation, dice=dice)
    pool = ai_scout_pool(inputs.ai_characters)
    ai_scouts = in_card_order(select_ai_scouts(pool, inputs.ai_reputation, dice=dice))
    picked = set(inputs.player_scouts)
    player_scouts = [
        c for c in in_card_order(inputs.player_characters) if c.key in picked
    ]
    player_score = roll_score("Player", player_scouts, inputs.player_rating, dice=dice)
    ai_score = roll_score("AI", ai_scouts, inputs.ai_rating, dice=dice)
    mishaps: dict[tuple[Side, str], Mishap | None] = {}
    for side, scouts in ((Side.PLAYER, player_scouts), (Side.AI, ai_scouts)):
        for scout in scouts:
            mishaps[(side, scout.key)] = roll_mishap(side.label, scout, dice=dice)
    return _Scouting(
        ai_stance=ai_stance,
        player_score=player_score,
        ai_score=ai_score,
        mishaps=mishaps,
    )


def _characters(
    inputs: SetupInputs,
    mishaps: dict[tuple[Side, str], Mishap | None],
    absent: set[tuple[Side, str]],
    setup: ScenarioSetup,
) -> tuple[CharacterSetup, ...]:
    """Every character taking part, in card order, player side first."""
    return tuple(
        CharacterSetup(
            key=c.key,
            name=c.name,
            side=side,
            scout=(side, c.key) in mishaps,
            mishap=mishaps.get((side, c.key)),
            disorganized=side in setup.disorganized_sides
            and (side, c.key) not in absent,
        )
        for side, group in (
            (Side.PLAYER, inputs.player_characters),
            (Side.AI, inputs.ai_characters),
        )
        for c in in_card_order(group)
    )


def _generated_table(
    inputs: SetupInputs,
    table: TableSpec,
    *,
    scenario: Scenario,
    setup: ScenarioSetup,
    objective: ObjectivePlacement | None,
    deployed: dict[Side, int],
    characters: Sequence[CharacterSetup],
    dice: Dice,
) -> Battlefield:
    """§3.9 and §3.12's table, its entry edges dealt, then (last of all the
    rolls, §3.13) its terrain where the scene lists none of its own."""
    battlefield = generated_battlefield(
        scenario,
        roles={
            side: role
            for side, role in (
                (Side.PLAYER, setup.player_role),
                (Side.AI, setup.ai_role),
            )
            if role is not None
        },
        table=table,
        forces=inputs.forces,
        placement=None
        if objective is None
        else (objective.name, objective.kind, objective.clock, objective.inches),
        deployed=deployed,
    )
    battlefield = deal_entry_edges(
        battlefield, _arriving(inputs, characters), dice=dice
    )
    if table.features:
        return battlefield
    words = {Piece(kind): word for kind, word in table.terrain_words}
    return with_rolled_terrain(battlefield, words=words, dice=dice)


SCOUT_OF: dict[Side, str] = {Side.PLAYER: "player scout", Side.AI: "AI scout"}
MISHAP_TEXT: dict[Mishap, str] = {
    Mishap.LOST: "is lost: it starts the battle fallen.",
    Mishap.MISSES: "misses the battle: it does not deploy.",
    Mishap.LATE: (
        "is late: it waits in reserve and arrives at {side}'s entry edge at the "
        f"start of round {LATE_ARRIVAL_ROUND}."
    ),
}


def _mishap_lines(characters: Sequence[CharacterSetup]) -> tuple[str, ...]:
    return tuple(
        f"{c.name} ({SCOUT_OF[c.side]}) "
        + MISHAP_TEXT[c.mishap].format(side=SIDE_NAMES[c.side])
        for c in characters
        if c.mishap is not None
    )


def _fixed_setup(inputs: SetupInputs, dice: Dice) -> SetupResult:
    """A fixed scenario: no stances, scores, scouting or mishaps. Its roles (a
    named scenario's) come from the scene; the only chance is dealing the entry
    edges of companies whose edges are dealt."""
    scenario = inputs.fixed_scenario
    assert scenario is not None
    roles: dict[Side, Role] = {}
    if inputs.fixed_player_role is not None:
        roles = {
            Side.PLAYER: inputs.fixed_player_role,
            Side.AI: counterpart(inputs.fixed_player_role),
        }
    setup = scenario_setup(
        scenario,
        roles=roles,
        victory_points=inputs.table is None or inputs.table.scores_victory_points,
    )
    lines = tuple(
        line.strip() for line in inputs.fixed_setup_text.splitlines() if line.strip()
    )
    characters = tuple(
        CharacterSetup(
            key=c.key,
            name=c.name,
            side=side,
            disorganized=side in setup.disorganized_sides,
        )
        for side, group in (
            (Side.PLAYER, inputs.player_characters),
            (Side.AI, inputs.ai_characters),
        )
        for c in in_card_order(group)
    )
    battlefield = None
    if inputs.table is not None:
        battlefield = deal_entry_edges(
            scene_battlefield(table=inputs.table, forces=inputs.forces),
            _arriving(inputs, characters),
            dice=dice,
        )
    return SetupResult(
        player_stance=inputs.player_stance,
        scenario=scenario,
        fixed=True,
        player_role=setup.player_role,
        ai_role=setup.ai_role,
        disorganized_sides=setup.disorganized_sides,
        first_activation=setup.first_activation,
        characters=characters,
        setup_text=lines or setup.text,
        battlefield=battlefield,
        log=dice.entries(),
    )


def _arriving(
    inputs: SetupInputs, characters: Sequence[CharacterSetup]
) -> tuple[Arriving, ...]:
    """The characters on the table at some point, with their company, for
    dealing entry edges (in card order, player side first)."""
    company = {
        c.key: c.company for c in (*inputs.player_characters, *inputs.ai_characters)
    }
    return tuple(
        Arriving(key=c.key, name=c.name, company=company.get(c.key, ""))
        for c in characters
        if c.mishap is None
    )


def _count_present(
    side: Side, characters: Sequence[SetupCharacter], absent: set[tuple[Side, str]]
) -> int:
    return sum((side, c.key) not in absent for c in characters)


def _higher(player_score: int, ai_score: int) -> Side | None:
    if player_score == ai_score:
        return None
    return Side.PLAYER if player_score > ai_score else Side.AI


def _other(side: Side) -> Side:
    return Side.AI if side is Side.PLAYER else Side.PLAYER
