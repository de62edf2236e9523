"""The scenario generator (RULES §3): from stances and scouts to a battle's setup.

The outcome table (§3.7) and the Special tables (§3.8) are written below as
RULES.md prints them. :func:`generate_setup` runs the whole generator in the
roll order of §3.11; the scouting steps live in :mod:`engines.scouting`, the
roles and setup text of each scenario in :mod:`engines.roles`.

Decision (adaptation): a castle nearby turns only a plain *Assault* into a
*Siege*; a *Surprise Assault* stays a Surprise Assault (RULES names the Siege
as a variant of Assault alone), and the Assault Special scenarios are unchanged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engines.battlefield import (
    Arriving,
    Battlefield,
    ForceSpec,
    TableSpec,
    deal_entry_edges,
    generated_battlefield,
    scene_battlefield,
)
from engines.dice import Dice, DiceLog, RandomSource, log_from_data, log_to_data
from engines.enums import (
    Mishap,
    ObjectiveKind,
    Rating,
    Relation,
    Reputation,
    Scenario,
    Side,
    Stance,
    TableCell,
)
from engines.roles import (
    SIDE_NAMES,
    ObjectivePlacement,
    Role,
    counterpart,
    place_objective,
    scenario_setup,
)
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
    validate_participants,
)

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


# --- Inputs and validation ----------------------------------------------------


@dataclass(frozen=True)
class SetupInputs:
    """What the generator needs of a scene and the player's choices (§3)."""

    player_stance: Stance | None
    """None only for a fixed scenario, where no stance is asked."""
    player_characters: tuple[SetupCharacter, ...]
    ai_characters: tuple[SetupCharacter, ...]
    player_scouts: tuple[str, ...] = ()
    ai_reputation: Reputation = NO_COMMANDER_REPUTATION
    ai_rating: Rating = NO_COMMANDER_RATING
    player_rating: Rating = NO_COMMANDER_RATING
    castle_nearby: bool = False
    fixed_scenario: Scenario | str | None = None
    """A §3.9 name, or a scene-specific name; set, it skips §3 steps 2–9."""
    fixed_setup_text: str = ""
    fixed_player_role: Role | None = None
    """A fixed named scenario's role for the player side (the AI takes the other)."""
    table: TableSpec | None = None
    """The scene's table (size, terrain, objectives, sight, length, scoring)."""
    forces: tuple[ForceSpec, ...] = ()
    """The scene's companies with their deployment and arrival."""

    def __post_init__(self) -> None:
        def put(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        fixed = _scenario_or_name(self.fixed_scenario) or None
        if self.player_stance is None and fixed is None:
            raise SetupError("Choose your stance.", field="stance")
        put(
            "player_stance",
            None if self.player_stance is None else Stance(self.player_stance),
        )
        put("player_characters", tuple(self.player_characters))
        put("ai_characters", tuple(self.ai_characters))
        put("player_scouts", tuple(str(key) for key in self.player_scouts))
        put("ai_reputation", Reputation(self.ai_reputation))
        put("ai_rating", Rating(self.ai_rating))
        put("player_rating", Rating(self.player_rating))
        put("fixed_scenario", fixed)
        put("forces", tuple(self.forces))
        if self.fixed_player_role is not None:
            put("fixed_player_role", Role(self.fixed_player_role))


def validate_setup(inputs: SetupInputs) -> None:
    """§3 inputs and §3.1: raise :class:`SetupError` with a message for the form."""
    validate_participants(
        player_characters=inputs.player_characters,
        ai_characters=inputs.ai_characters,
        player_scouts=inputs.player_scouts,
    )


# --- The result ---------------------------------------------------------------


@dataclass(frozen=True)
class CharacterSetup:
    """One character's state at the start of the battle (§3.5, §3.10)."""

    key: str
    name: str
    side: Side
    scout: bool = False
    mishap: Mishap | None = None
    disorganized: bool = False

    @property
    def starts_fallen(self) -> bool:
        return self.mishap is Mishap.LOST

    @property
    def misses_battle(self) -> bool:
        return self.mishap is Mishap.MISSES

    @property
    def in_reserve(self) -> bool:
        return self.mishap is Mishap.LATE

    @property
    def deployed(self) -> bool:
        """On the table at the start of round 1."""
        return self.mishap is None

    @property
    def arrives_round(self) -> int | None:
        if self.mishap is None:
            return 1
        return LATE_ARRIVAL_ROUND if self.mishap is Mishap.LATE else None

    def to_data(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "side": self.side.value,
            "scout": self.scout,
            "mishap": None if self.mishap is None else self.mishap.value,
            "disorganized": self.disorganized,
            "deployed": self.deployed,
            "in_reserve": self.in_reserve,
            "starts_fallen": self.starts_fallen,
            "misses_battle": self.misses_battle,
            "arrives_round": self.arrives_round,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> CharacterSetup:
        mishap = data.get("mishap")
        return cls(
            key=str(data["key"]),
            name=str(data["name"]),
            side=Side(data["side"]),
            scout=bool(data.get("scout")),
            mishap=None if mishap is None else Mishap(mishap),
            disorganized=bool(data.get("disorganized")),
        )


@dataclass(frozen=True)
class SetupResult:
    """Every decision of §3, and the dice that made it."""

    player_stance: Stance | None
    scenario: Scenario | str
    fixed: bool = False
    ai_stance: Stance | None = None
    player_score: int | None = None
    ai_score: int | None = None
    relation: Relation | None = None
    higher: Side | None = None
    table_cell: TableCell | None = None
    special_roll: int | None = None
    player_role: Role | None = None
    ai_role: Role | None = None
    disorganized_sides: tuple[Side, ...] = ()
    first_activation: Side | None = None
    objective: ObjectivePlacement | None = None
    characters: tuple[CharacterSetup, ...] = ()
    setup_text: tuple[str, ...] = ()
    battlefield: Battlefield | None = None
    log: DiceLog = field(default=())

    @property
    def scenario_label(self) -> str:
        return str(self.scenario)

    def role_of(self, side: Side | str) -> Role | None:
        return self.player_role if Side(side) is Side.PLAYER else self.ai_role

    def characters_of(self, side: Side | str) -> tuple[CharacterSetup, ...]:
        return tuple(c for c in self.characters if c.side is Side(side))

    def to_data(self) -> dict[str, Any]:
        """A JSON-serialisable dict: enum values as strings."""
        objective = self.objective
        return {
            "player_stance": _value(self.player_stance),
            "scenario": str(self.scenario),
            "fixed": self.fixed,
            "ai_stance": _value(self.ai_stance),
            "player_score": self.player_score,
            "ai_score": self.ai_score,
            "relation": _value(self.relation),
            "higher": _value(self.higher),
            "table_cell": _value(self.table_cell),
            "special_roll": self.special_roll,
            "player_role": _value(self.player_role),
            "ai_role": _value(self.ai_role),
            "disorganized_sides": [side.value for side in self.disorganized_sides],
            "first_activation": _value(self.first_activation),
            "objective": None
            if objective is None
            else {
                "name": objective.name,
                "kind": objective.kind.value,
                "clock": objective.clock,
                "inches": objective.inches,
            },
            "characters": [c.to_data() for c in self.characters],
            "setup_text": list(self.setup_text),
            "battlefield": None
            if self.battlefield is None
            else self.battlefield.to_data(),
            "log": log_to_data(self.log),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> SetupResult:
        objective = data.get("objective")
        return cls(
            player_stance=_enum(Stance, data.get("player_stance")),
            scenario=_scenario_or_name(data["scenario"]),
            fixed=bool(data.get("fixed")),
            ai_stance=_enum(Stance, data.get("ai_stance")),
            player_score=data.get("player_score"),
            ai_score=data.get("ai_score"),
            relation=_enum(Relation, data.get("relation")),
            higher=_enum(Side, data.get("higher")),
            table_cell=_enum(TableCell, data.get("table_cell")),
            special_roll=data.get("special_roll"),
            player_role=_enum(Role, data.get("player_role")),
            ai_role=_enum(Role, data.get("ai_role")),
            disorganized_sides=tuple(
                Side(s) for s in data.get("disorganized_sides", ())
            ),
            first_activation=_enum(Side, data.get("first_activation")),
            objective=None
            if objective is None
            else ObjectivePlacement(
                name=str(objective["name"]),
                kind=ObjectiveKind(objective["kind"]),
                clock=int(objective["clock"]),
                inches=int(objective["inches"]),
            ),
            characters=tuple(
                CharacterSetup.from_data(c) for c in data.get("characters", ())
            ),
            setup_text=tuple(data.get("setup_text", ())),
            battlefield=None
            if not data.get("battlefield")
            else Battlefield.from_data(data["battlefield"]),
            log=log_from_data(data.get("log", ())),
        )


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

    higher = _higher(player_score, ai_score)
    relation = compare_scores(max(player_score, ai_score), min(player_score, ai_score))
    stances = {Side.PLAYER: inputs.player_stance, Side.AI: ai_stance}
    row_side = higher or Side.PLAYER
    cell = scenario_for(stances[row_side], relation, stances[_other(row_side)])
    scenario, special_roll = final_scenario(
        cell, castle_nearby=inputs.castle_nearby, dice=dice
    )
    objective = place_objective(scenario, dice=dice)

    absent = {key for key, mishap in mishaps.items() if mishap is not None}
    setup = scenario_setup(
        scenario,
        player_stance=inputs.player_stance,
        ai_stance=ai_stance,
        higher=higher,
        objective=objective,
        placed=inputs.table is not None,
        deployed={
            Side.PLAYER: _count_present(Side.PLAYER, inputs.player_characters, absent),
            Side.AI: _count_present(Side.AI, inputs.ai_characters, absent),
        },
    )
    characters = tuple(
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
    battlefield = None
    if inputs.table is not None:
        placed = (
            None
            if objective is None
            else (objective.name, objective.kind, objective.clock, objective.inches)
        )
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
            table=inputs.table,
            forces=inputs.forces,
            placement=placed,
            deployed={
                Side.PLAYER: _count_present(
                    Side.PLAYER, inputs.player_characters, absent
                ),
                Side.AI: _count_present(Side.AI, inputs.ai_characters, absent),
            },
        )
        battlefield = deal_entry_edges(
            battlefield, _arriving(inputs, characters), dice=dice
        )
    return SetupResult(
        player_stance=inputs.player_stance,
        scenario=scenario,
        ai_stance=ai_stance,
        player_score=player_score,
        ai_score=ai_score,
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
        setup_text=setup.text + _mishap_lines(characters),
        battlefield=battlefield,
        log=dice.entries(),
    )


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


def _scenario_or_name(value: Scenario | str | None) -> Scenario | str | None:
    if value is None or isinstance(value, Scenario):
        return value
    try:
        return Scenario(value)
    except ValueError:
        return str(value).strip()


def _value(member: Any) -> str | None:
    return None if member is None else member.value


def _enum(cls: Any, value: str | None) -> Any:
    return None if value is None else cls(value)
