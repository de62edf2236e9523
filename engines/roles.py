"""Roles, setup text and objectives of each final scenario (RULES §3.9, §3.10).

:data:`SCENARIO_RULES` is §3.9 as data: for every final scenario, how the two
sides get their roles, which roles start disorganized, who takes the first
activation of round 1, the objective placed by a direction roll, and the setup
text the setup sheet prints. The text names roles as ``{attacker}``,
``{defender}`` ...; :func:`setup_text` fills them with "the defender (the AI
side)" once the sides are known, or with "the defender" for a reference card.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from engines.dice import Dice
from engines.enums import ObjectiveKind, RuleEnum, Scenario, Side, Stance


class Role(RuleEnum):
    """A side's part in a scenario."""

    ATTACKER = "attacker"
    DEFENDER = "defender"
    SURPRISING = "surprising"
    SURPRISED = "surprised"
    TRAPPING = "trapping"
    TRAPPED = "trapped"

    __labels__ = {
        "attacker": "Attacker",
        "defender": "Defender",
        "surprising": "Surprising side",
        "surprised": "Surprised side",
        "trapping": "Trapping side",
        "trapped": "Surprised side (attacker)",
    }


ROLE_TEXT: dict[Role, str] = {
    Role.ATTACKER: "the attacker",
    Role.DEFENDER: "the defender",
    Role.SURPRISING: "the surprising side",
    Role.SURPRISED: "the surprised side",
    Role.TRAPPING: "the trapping side",
    Role.TRAPPED: "the surprised side",
}
"""How the setup text names a role: "{defender} picks" → "the defender picks"."""


class RoleRule(Enum):
    """How §3.9 gives the two sides their roles."""

    NONE = "no roles"
    DEFEND_SIDE_DEFENDS = "the side whose stance is Defend is the defender"
    HIGHER_SURPRISES = "the higher scorer surprises the lower"
    HIGHER_TRAPS = "the higher scorer traps the lower (the attacker)"


ROLE_PAIRS: dict[RoleRule, tuple[Role, Role]] = {
    # rule: (role of the side picked by the rule, role of the other side)
    RoleRule.DEFEND_SIDE_DEFENDS: (Role.DEFENDER, Role.ATTACKER),
    RoleRule.HIGHER_SURPRISES: (Role.SURPRISING, Role.SURPRISED),
    RoleRule.HIGHER_TRAPS: (Role.TRAPPING, Role.TRAPPED),
}


def counterpart(role: Role | str) -> Role:
    """The other side's role: defender ↔ attacker, surprising ↔ surprised,
    trapping ↔ trapped."""
    role = Role(role)
    for mine, theirs in ROLE_PAIRS.values():
        if role is mine:
            return theirs
        if role is theirs:
            return mine
    raise ValueError(f"no counterpart for {role}")


def scenario_roles(scenario: Scenario | str) -> tuple[Role, ...]:
    """The two roles a named scenario gives its sides; none for the others."""
    rules = _rules_for(scenario)
    if rules is None or rules.roles is RoleRule.NONE:
        return ()
    return ROLE_PAIRS[rules.roles]


@dataclass(frozen=True)
class ObjectivePiece:
    """The named piece of a Special scenario: what it is and how it is held."""

    name: str
    kind: ObjectiveKind


@dataclass(frozen=True)
class ScenarioRules:
    roles: RoleRule
    text: tuple[str, ...]
    disorganized: tuple[Role, ...] = ()
    everyone_disorganized: bool = False
    first_activation: Role | None = None
    objective: ObjectivePiece | None = None


STRONGHOLD = (
    "{defender} holds a stronghold{where}: a fortification and a fixed "
    "objective{worth}."
)
WORTH = " worth victory points to whoever holds it"
WHERE_GENERATED = " near its entry edge, where the table diagram shows it"
"""(adaptation) RULES §3.9 has the defender pick its stronghold; a generated
battle places it (engines.battlefield) so the diagram and the AI can use it."""
SPECIAL_OBJECTIVE = "{objective}"

SCENARIO_RULES: dict[Scenario, ScenarioRules] = {
    Scenario.PITCHED_BATTLE: ScenarioRules(
        RoleRule.NONE,
        (
            "Both sides deploy at their entry edges.",
            "Fight until one side routs.",
        ),
    ),
    Scenario.ASSAULT: ScenarioRules(RoleRule.DEFEND_SIDE_DEFENDS, (STRONGHOLD,)),
    # (adaptation) RULES: "It becomes a Siege when the scene marks a castle
    # nearby"; the castle is read as the defender's stronghold.
    Scenario.SIEGE: ScenarioRules(
        RoleRule.DEFEND_SIDE_DEFENDS,
        (
            "{defender} holds the castle nearby as its stronghold{where}: a "
            "fortification and a fixed objective{worth}.",
        ),
    ),
    Scenario.SURPRISE_ASSAULT: ScenarioRules(
        RoleRule.DEFEND_SIDE_DEFENDS,
        (STRONGHOLD, "{defender} starts disorganized."),
        disorganized=(Role.DEFENDER,),
    ),
    Scenario.SURPRISE_ATTACK: ScenarioRules(
        RoleRule.HIGHER_SURPRISES,
        (
            "A pitched battle: both sides deploy at their entry edges.",
            "{surprised} starts disorganized.",
            "{surprising} takes the first activation of round 1 without an "
            "initiative roll.",
        ),
        disorganized=(Role.SURPRISED,),
        first_activation=Role.SURPRISING,
    ),
    Scenario.AMBUSH: ScenarioRules(
        RoleRule.HIGHER_SURPRISES,
        (
            "{surprised} sets up in the middle of the table, all disorganized.",
            "{surprising} deploys at its entry edge.",
        ),
        disorganized=(Role.SURPRISED,),
    ),
    Scenario.SKIRMISH: ScenarioRules(
        RoleRule.NONE,
        (
            "No one starts on the table: each side enters at its entry edge.",
            "Each side scores victory points by moving characters off the opposing "
            "side's entry edge.",
        ),
    ),
    Scenario.TRAP: ScenarioRules(
        RoleRule.HIGHER_TRAPS,
        (
            "{trapped} is the attacker and is disorganized.",
            "{trapping} may place field defences (hard cover) and deploy up to a "
            "third of its characters{infiltrators} anywhere on the table.",
        ),
        disorganized=(Role.TRAPPED,),
    ),
    Scenario.DISPUTED_BORDER: ScenarioRules(
        RoleRule.NONE,
        (
            "Both sides start in hard cover at their entry edges.",
            "A town in the middle of the table is a fixed objective{worth}.",
        ),
    ),
    Scenario.SEIZE_MAGIC_ITEM: ScenarioRules(
        RoleRule.NONE,
        (SPECIAL_OBJECTIVE,),
        objective=ObjectivePiece("magic item", ObjectiveKind.CARRIABLE),
    ),
    Scenario.WIZARDS_TOWER: ScenarioRules(
        RoleRule.NONE,
        (SPECIAL_OBJECTIVE,),
        objective=ObjectivePiece("wizard's tower", ObjectiveKind.FIXED),
    ),
    Scenario.TREASURE_RAID: ScenarioRules(
        RoleRule.NONE,
        (SPECIAL_OBJECTIVE,),
        objective=ObjectivePiece("treasure", ObjectiveKind.CARRIABLE),
    ),
    Scenario.DRAGONS_LAIR: ScenarioRules(
        RoleRule.NONE,
        (SPECIAL_OBJECTIVE,),
        objective=ObjectivePiece("dragon's lair", ObjectiveKind.FIXED),
    ),
    Scenario.SURPRISE_ENCOUNTER: ScenarioRules(
        RoleRule.NONE,
        ("Both sides start disorganized.",),
        everyone_disorganized=True,
    ),
    # The Assault Special cells pit an Attack stance against a Defend stance.
    Scenario.RIVER_CROSSING: ScenarioRules(
        RoleRule.DEFEND_SIDE_DEFENDS,
        (
            "A river runs across the middle of the table.",
            "{attacker} scores victory points for each character that crosses.",
        ),
    ),
    Scenario.URBAN_ASSAULT: ScenarioRules(
        RoleRule.DEFEND_SIDE_DEFENDS,
        ("A large town is the fixed objective.",),
    ),
    Scenario.AMPHIBIOUS_LANDING: ScenarioRules(
        RoleRule.DEFEND_SIDE_DEFENDS,
        ("{attacker} lands by boat.",),
    ),
}

DISORGANIZED_RULE = (
    "A disorganized character's first activation only removes the disorganization; "
    "if it is in melee it fights normally and is reorganized afterwards."
)
"""§3.10, printed whenever a side starts disorganized."""

SIDE_NAMES: dict[Side, str] = {Side.PLAYER: "the player side", Side.AI: "the AI side"}

# --- Objective placement (§3.9: a direction roll and 2D6 inches from the centre)


@dataclass(frozen=True)
class ObjectivePlacement:
    name: str
    kind: ObjectiveKind
    clock: int
    inches: int

    def describe(self) -> str:
        return (
            f"The {self.name} is the objective ({self.kind.label.lower()}): place it "
            f'{self.inches}" from the centre of the table toward '
            f"{self.clock} o'clock."
        )


def objective_piece(scenario: Scenario | str) -> ObjectivePiece | None:
    rules = _rules_for(scenario)
    return rules.objective if rules else None


def place_objective(scenario: Scenario, *, dice: Dice) -> ObjectivePlacement | None:
    """Direction roll, then 2D6 inches from the centre (§3.9 adaptation)."""
    piece = objective_piece(scenario)
    if piece is None:
        return None
    direction = dice.direction(f"objective direction ({piece.name})")
    distance = dice.two_d6(
        f"objective distance ({piece.name})",
        outcome=lambda _d, total: f'{total}" from the centre',
    )
    assert direction.total is not None and distance.total is not None
    return ObjectivePlacement(piece.name, piece.kind, direction.total, distance.total)


# --- Roles --------------------------------------------------------------------


def assign_roles(
    scenario: Scenario | str,
    *,
    player_stance: Stance | None,
    ai_stance: Stance | None,
    higher: Side | None,
) -> dict[Side, Role]:
    """Each side's role in the scenario; empty when the scenario gives none.

    ``higher`` is the side with the higher scouting score (None when tied).
    """
    rules = _rules_for(scenario)
    if rules is None or rules.roles is RoleRule.NONE:
        return {}
    if rules.roles is RoleRule.DEFEND_SIDE_DEFENDS:
        stances = {Side.PLAYER: player_stance, Side.AI: ai_stance}
        defenders = [
            side for side, stance in stances.items() if stance is Stance.DEFEND
        ]
        picked = defenders[0] if len(defenders) == 1 else None
    else:
        picked = higher
    if picked is None:
        return {}
    mine, theirs = ROLE_PAIRS[rules.roles]
    return {picked: mine, _other(picked): theirs}


def disorganized_sides(
    scenario: Scenario | str, roles: Mapping[Side, Role]
) -> tuple[Side, ...]:
    """The sides whose characters start disorganized (§3.9, §3.10)."""
    rules = _rules_for(scenario)
    if rules is None:
        return ()
    if rules.everyone_disorganized:
        return (Side.PLAYER, Side.AI)
    return tuple(side for side in Side if roles.get(side) in rules.disorganized)


def first_activation(
    scenario: Scenario | str, roles: Mapping[Side, Role]
) -> Side | None:
    """The side taking the first activation of round 1 without an initiative roll."""
    rules = _rules_for(scenario)
    if rules is None or rules.first_activation is None:
        return None
    for side, role in roles.items():
        if role is rules.first_activation:
            return side
    return None


# --- Everything the setup sheet prints of a scenario ---------------------------

TRAP_INFILTRATE_SHARE = 3
"""Trap: the trapping side deploys up to a third of its characters anywhere."""


@dataclass(frozen=True)
class ScenarioSetup:
    """The roles, disorganized sides, first activation and text of one setup."""

    scenario: Scenario | str
    player_role: Role | None
    ai_role: Role | None
    disorganized_sides: tuple[Side, ...]
    first_activation: Side | None
    text: tuple[str, ...]


def scenario_setup(
    scenario: Scenario | str,
    *,
    player_stance: Stance | None = None,
    ai_stance: Stance | None = None,
    higher: Side | None = None,
    objective: ObjectivePlacement | None = None,
    deployed: Mapping[Side, int] | None = None,
    roles: Mapping[Side, Role] | None = None,
    victory_points: bool = True,
    placed: bool = False,
) -> ScenarioSetup:
    """§3.9 for a final scenario once the stances and the higher scorer are known.

    Without stances (a fixed scenario, a reference card) there are no roles and
    the text names them generically. ``deployed`` counts each side's characters
    on the table at the start, for the Trap's "up to a third". ``roles``, when
    given, are the sides' roles already decided (a fixed scenario's, from its
    scene) instead of those the stances give.
    """
    if roles is None:
        roles = assign_roles(
            scenario, player_stance=player_stance, ai_stance=ai_stance, higher=higher
        )
    trapping = [side for side, role in roles.items() if role is Role.TRAPPING]
    infiltrators = None
    if trapping and deployed is not None:
        infiltrators = deployed.get(trapping[0], 0) // TRAP_INFILTRATE_SHARE
    return ScenarioSetup(
        scenario=scenario,
        player_role=roles.get(Side.PLAYER),
        ai_role=roles.get(Side.AI),
        disorganized_sides=disorganized_sides(scenario, roles),
        first_activation=first_activation(scenario, roles),
        text=setup_text(
            scenario,
            roles=roles,
            objective=objective,
            infiltrators=infiltrators,
            victory_points=victory_points,
            placed=placed,
        ),
    )


# --- Setup text ---------------------------------------------------------------


def setup_text(
    scenario: Scenario | str,
    *,
    roles: Mapping[Side, Role] | None = None,
    objective: ObjectivePlacement | None = None,
    infiltrators: int | None = None,
    victory_points: bool = True,
    placed: bool = False,
) -> tuple[str, ...]:
    """The lines the setup sheet prints for a §3.9 scenario.

    ``victory_points``: the battle scores them (a fixed scenario's scene may
    not); ``placed``: a generated battle has placed the stronghold itself.

    Without ``roles`` (a reference card, or a fixed scenario) the roles are named
    generically ("the defender"); without ``objective`` the placement rule is
    printed instead of the placement. ``infiltrators`` is how many characters the
    trapping side may deploy anywhere. An unknown (scene-specific) scenario has
    no lines: the scene's own setup text stands.
    """
    rules = _rules_for(scenario)
    if rules is None:
        return ()
    names = {role.value: ROLE_TEXT[role] for role in Role}
    for side, role in (roles or {}).items():
        names[role.value] = f"{SIDE_NAMES[Side(side)]} ({ROLE_TEXT[role]})"
    names["objective"] = _objective_line(rules.objective, objective)
    names["infiltrators"] = "" if infiltrators is None else f" (at most {infiltrators})"
    names["worth"] = WORTH if victory_points else ""
    names["where"] = WHERE_GENERATED if placed else ""
    lines = [_sentence(line.format(**names)) for line in rules.text]
    if rules.disorganized or rules.everyone_disorganized:
        lines.append(DISORGANIZED_RULE)
    return tuple(lines)


def _objective_line(
    piece: ObjectivePiece | None, placement: ObjectivePlacement | None
) -> str:
    if placement is not None:
        return placement.describe()
    if piece is None:
        return ""
    return (
        f"The {piece.name} is the objective ({piece.kind.label.lower()}), placed by "
        "a direction roll and 2D6 inches from the centre of the table."
    )


def _sentence(line: str) -> str:
    return line[:1].upper() + line[1:]


def _other(side: Side) -> Side:
    return Side.AI if side is Side.PLAYER else Side.PLAYER


def _rules_for(scenario: Scenario | str) -> ScenarioRules | None:
    """The §3.9 rules of a named scenario; None for a scene-specific one."""
    try:
        return SCENARIO_RULES[Scenario(scenario)]
    except ValueError:
        return None
