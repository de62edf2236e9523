"""§5.3 Horde (001) — a state machine for swarming creatures.

The company has one mode: normal, frenzy or scatter. Pre-activation first (a
character in melee continues it, wounded or not; a wounded one does nothing
else), then the steps of the company's mode. At the end of each round the
company bleeds, may be reinforced, may lose lurkers and consolidates, in that
order (:func:`horde_end_of_round`).

A horde character is *wounded* when it has no free wound slot (adaptation:
001's "wound" versus "scratch"); it is *hurt this round* when it took a wound
token this round. Each step's rule follows in the order of the rules;
:data:`PROCEDURE` at the end is the printed card and the table both functions
walk.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from engines.dice import Dice, DiceLog, LogEntry, Modifier, RandomSource
from engines.doctrines.situation import (
    MELEE_STEP,
    Decision,
    Enemy,
    Situation,
    Turn,
    first,
    inches,
    nearest,
    walk,
    within,
)
from engines.doctrines.steps import (
    PRE_ACTIVATION,
    Procedure,
    Row,
    Section,
    Step,
    Table,
    band,
)
from engines.enums import Action, Doctrine, HordeMode

# --- the numbers ----------------------------------------------------------------------

WOUNDED_FRIEND_WITHIN = 8
"""Normal step 1: another wounded friendly horde character within 8"."""
RALLY_WITHIN = 6
"""Normal step 2: +1 per unwounded friendly horde character within 6"."""
WANDER_MOVE = 0.5
"""A wander is a half move in a direction roll."""
REINFORCEMENT_CAP = 5
"""Reinforcements stop once this many horde characters are on the table."""
ARRIVAL_EXTRA_INCHES = 2
"""A reinforcement appears 1D6 + 2 inches from the player character."""
LURK_BEYOND = 12
"""Lurking: more than 12" from every enemy."""
SCATTER_ON_NATURAL = 2
"""Consolidation: a natural 2 (double one) scatters the horde."""
FRENZY_FROM = 12
"""Consolidation: 2D6 + horde characters fallen so far ≥ 12 → frenzy."""

# --- the tables -----------------------------------------------------------------------

WOUNDED_FRIEND_TABLE = Table(
    "D6",
    (
        band(1, 2, "Move full away from enemies", Action.MOVE_AWAY),
        band(3, 4, "Hold", Action.HOLD),
        band(5, 6, "Charge the nearest enemy", Action.CHARGE),
    ),
)
HURT_TABLE = Table(
    f'D6 + 1 per unwounded friendly horde character within {RALLY_WITHIN}"',
    (
        band(1, 3, "Move full away", Action.MOVE_AWAY),
        band(4, 5, "Hold", Action.HOLD),
        band(6, None, "Charge the enemy that hurt it", Action.CHARGE),
    ),
)
NORMAL_TABLE = Table(
    "D6",
    (
        band(1, 2, "Hold", Action.HOLD),
        band(3, 5, "Wander: direction roll, half move that way", Action.WANDER),
        band(6, 6, "Charge the nearest enemy", Action.CHARGE),
    ),
)
FRENZY_HURT_TABLE = Table(
    "D6",
    (
        band(1, 1, "Move away", Action.MOVE_AWAY),
        band(2, 3, "Hold", Action.HOLD),
        band(4, 6, "Charge the enemy that hurt it", Action.CHARGE),
    ),
)
BLEEDS_ON = 1
"""Bleeding: D6 per wounded horde character, on 1 it falls."""
REINFORCEMENT_FROM = {HordeMode.NORMAL: 5, HordeMode.FRENZY: 4}
"""Reinforcements: D6 per player character, 5–6 (4–6 in frenzy)."""
LURKER_REMOVED_FROM = 4
"""Lurking: removed on D6 4–6."""

BLEEDING_TABLE = Table(
    "D6 per wounded horde character",
    (band(1, BLEEDS_ON, "It falls"), band(BLEEDS_ON + 1, 6, "It holds on")),
)
REINFORCEMENT_TABLES = {
    mode: Table(
        f"D6 per player character ({mode.label.lower()})",
        (
            band(1, low - 1, "Nothing"),
            band(low, 6, "A new horde character appears"),
        ),
    )
    for mode, low in REINFORCEMENT_FROM.items()
}
LURKING_TABLE = Table(
    "D6 per lurker",
    (
        band(1, LURKER_REMOVED_FROM - 1, "It stays"),
        band(LURKER_REMOVED_FROM, 6, "Removed: it returns to the pool"),
    ),
)
CONSOLIDATION_TABLE = Table(
    "2D6 + horde characters fallen so far",
    (
        Row(f"Natural {SCATTER_ON_NATURAL} (double one)", "Scatter (final)"),
        Row(f"{FRENZY_FROM}+", "Frenzy"),
        Row("Otherwise", "No change"),
    ),
    columns=("2D6", "Mode from the next round"),
)

# --- what the steps measure -----------------------------------------------------------

SHOOT_INSTEAD = "shoot-instead"


def _roll(
    turn: Turn, step: Step, table: Table, modifiers: Sequence[Modifier] = ()
) -> Row:
    """Roll D6 on a step's table, logged with the step's condition."""
    entry = turn.dice.d6(
        f"{turn.situation.id} ({turn.situation.mode.value}): {step.when.lower()}",
        modifiers=modifiers,
        outcome=lambda dice, total: table.read(total).result,
    )
    assert entry.total is not None
    return table.read(entry.total)


def _hurt_by(situation: Situation) -> Enemy | None:
    """The enemy that hurt it (the nearest, if several); else the nearest enemy."""
    return nearest(e for e in situation.enemies if e.hurt_me) or situation.nearest_enemy


def _charge(turn: Turn, step: Step, enemy: Enemy | None) -> Decision:
    """Charge — or shoot instead, for a shooter with the target in sight and range."""
    reach = turn.situation.shooting_range
    if (
        enemy is not None
        and reach is not None
        and enemy.in_sight
        and within(enemy.distance, reach)
    ):
        turn.path.append(SHOOT_INSTEAD)
        return turn.decide(
            step,
            Action.SHOOT,
            target=enemy.id,
            detail=f"shoots {enemy.id} at {inches(enemy.distance)} instead of charging",
        )
    return turn.charge(step, enemy)


def _act(
    turn: Turn, step: Step, action: Action | None, enemy: Enemy | None
) -> Decision:
    """Do what a table row says."""
    match action:
        case Action.CHARGE:
            return _charge(turn, step, enemy)
        case Action.MOVE_AWAY:
            return turn.decide(step, Action.MOVE_AWAY, inches=turn.move)
        case Action.WANDER:
            entry = turn.dice.direction(f"{turn.situation.id}: wander direction")
            return turn.decide(
                step,
                Action.WANDER,
                direction=entry.total,
                inches=turn.move * WANDER_MOVE,
                detail=f"half move toward {entry.total} o'clock",
            )
        case Action.HOLD:
            return turn.decide(step, Action.HOLD)
    raise ValueError(f"{step.id}: a horde table has no row for {action}")


# --- pre-activation -------------------------------------------------------------------


def _wounded(turn: Turn, step: Step) -> Decision | None:
    if not turn.situation.wounded:
        return None
    return turn.decide(step, Action.NO_ACTION)


# --- normal ---------------------------------------------------------------------------


def _wounded_friend_near(turn: Turn, step: Step) -> Decision | None:
    if not any(
        f.wounded and within(f.distance, WOUNDED_FRIEND_WITHIN)
        for f in turn.situation.friends
    ):
        return None
    row = _roll(turn, step, WOUNDED_FRIEND_TABLE)
    return _act(turn, step, row.action, turn.situation.nearest_enemy)


def _hurt(turn: Turn, step: Step) -> Decision | None:
    if not turn.situation.hurt_this_round:
        return None
    rallying = sum(
        1
        for f in turn.situation.friends
        if not f.wounded and within(f.distance, RALLY_WITHIN)
    )
    row = _roll(turn, step, HURT_TABLE, [("unwounded friends near", rallying)])
    return _act(turn, step, row.action, _hurt_by(turn.situation))


def _normal_otherwise(turn: Turn, step: Step) -> Decision:
    row = _roll(turn, step, NORMAL_TABLE)
    return _act(turn, step, row.action, turn.situation.nearest_enemy)


# --- frenzy ---------------------------------------------------------------------------


def _frenzy_hurt(turn: Turn, step: Step) -> Decision | None:
    if not turn.situation.hurt_this_round:
        return None
    row = _roll(turn, step, FRENZY_HURT_TABLE)
    return _act(turn, step, row.action, _hurt_by(turn.situation))


def _frenzy_charge(turn: Turn, step: Step) -> Decision:
    return _charge(turn, step, turn.situation.nearest_enemy)


# --- scatter --------------------------------------------------------------------------


def _scatter(turn: Turn, step: Step) -> Decision:
    return turn.decide(step, Action.LEAVE_TABLE, inches=turn.move)


# --- end of round ---------------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class HordeMember:
    """A horde character on the table at the end of the round."""

    id: str
    wounded: bool = False
    nearest_enemy: float | None = None
    """Inches to the nearest enemy; None when no enemy is on the table."""


@dataclass(frozen=True)
class Point:
    """Inches east (x) and north (y) of the table's south-west corner."""

    x: float
    y: float


@dataclass(frozen=True, kw_only=True)
class PlayerModel:
    """A player character on the table: reinforcements appear around it."""

    id: str
    position: Point


@dataclass(frozen=True, kw_only=True)
class HordeRound:
    """The horde company at the end of a round."""

    mode: HordeMode
    members: tuple[HordeMember, ...] = ()
    fallen_so_far: int = 0
    """Horde characters fallen in this battle before this end of round."""
    reinforcements: bool = False
    """The scene uses reinforcements (and so lurking)."""
    cap: int = REINFORCEMENT_CAP
    players: tuple[PlayerModel, ...] = ()
    table_width: float = 36
    table_depth: float = 36


@dataclass(frozen=True, kw_only=True)
class Arrival:
    """A reinforcement: near whom, how far, which way, where."""

    near: str
    inches: int
    clock: int
    position: Point


@dataclass(frozen=True, kw_only=True)
class HordeRoundResult:
    mode: HordeMode
    """The mode from the next round on."""
    fallen: tuple[str, ...]
    """Bled: fell at this end of round."""
    arrivals: tuple[Arrival, ...]
    removed: tuple[str, ...]
    """Lurkers removed (back to the pool)."""
    fallen_so_far: int
    steps: tuple[str, ...]
    """The end-of-round steps that rolled, in order."""
    log: DiceLog


@dataclass
class _EndOfRound:
    """The working state while the end-of-round steps run in order."""

    round: HordeRound
    dice: Dice
    members: list[HordeMember]
    mode: HordeMode
    fallen_so_far: int
    fallen: list[str] = field(default_factory=list)
    arrivals: list[Arrival] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)


def _read(table: Table) -> Callable[[tuple[int, ...], int], str]:
    return lambda dice, total: table.read(total).result


def _bleeding(state: _EndOfRound, step: Step) -> None:
    wounded = [m for m in state.members if m.wounded]
    if wounded:
        state.steps.append(step.id)
    for member in wounded:
        entry = state.dice.d6(f"{member.id}: bleeding", outcome=_read(BLEEDING_TABLE))
        if entry.total == BLEEDS_ON:
            state.members.remove(member)
            state.fallen.append(member.id)
            state.fallen_so_far += 1


def arrival_point(origin: Point, clock: int, distance: float) -> Point:
    """The point ``distance`` inches from ``origin`` toward a clock direction."""
    angle = math.radians(clock * 30)
    return Point(
        round(origin.x + distance * math.sin(angle), 6),
        round(origin.y + distance * math.cos(angle), 6),
    )


def _reinforcements(state: _EndOfRound, step: Step) -> None:
    horde = state.round
    if not horde.reinforcements or state.mode == HordeMode.SCATTER:
        return
    for player in horde.players:
        if len(state.members) + len(state.arrivals) >= horde.cap:
            break
        if step.id not in state.steps:
            state.steps.append(step.id)
        entry = state.dice.d6(
            f"reinforcements near {player.id}",
            outcome=_read(REINFORCEMENT_TABLES[state.mode]),
        )
        assert entry.total is not None
        if entry.total < REINFORCEMENT_FROM[state.mode]:
            continue
        distance = state.dice.d6(
            f"reinforcement distance from {player.id}",
            modifiers=[("inches", ARRIVAL_EXTRA_INCHES)],
            outcome=lambda dice, total: inches(total),
        ).total
        clock = state.dice.direction(f"reinforcement direction from {player.id}").total
        assert distance is not None and clock is not None
        point = arrival_point(player.position, clock, distance)
        if 0 <= point.x <= horde.table_width and 0 <= point.y <= horde.table_depth:
            state.arrivals.append(
                Arrival(near=player.id, inches=distance, clock=clock, position=point)
            )
        else:
            state.dice.record(
                LogEntry(
                    purpose=f"reinforcement near {player.id}",
                    outcome="off the table: nothing appears",
                )
            )


def _lurking(state: _EndOfRound, step: Step) -> None:
    if not state.round.reinforcements or state.mode != HordeMode.NORMAL:
        return
    lurkers = [
        m
        for m in state.members
        if not m.wounded and (m.nearest_enemy is None or m.nearest_enemy > LURK_BEYOND)
    ]
    if lurkers:
        state.steps.append(step.id)
    for member in lurkers:
        entry = state.dice.d6(f"{member.id}: lurking", outcome=_read(LURKING_TABLE))
        assert entry.total is not None
        if entry.total >= LURKER_REMOVED_FROM:
            state.members.remove(member)
            state.removed.append(member.id)


def _read_consolidation(dice: tuple[int, ...], total: int) -> str:
    if sum(dice) == SCATTER_ON_NATURAL:
        return "natural 2: scatter"
    return "frenzy" if total >= FRENZY_FROM else "no change"


def _consolidation(state: _EndOfRound, step: Step) -> None:
    if state.mode == HordeMode.SCATTER or state.fallen_so_far < 1:
        return
    state.steps.append(step.id)
    entry = state.dice.two_d6(
        "horde consolidation",
        modifiers=[("fallen so far", state.fallen_so_far)],
        outcome=_read_consolidation,
    )
    assert entry.total is not None
    if sum(entry.dice) == SCATTER_ON_NATURAL:
        state.mode = HordeMode.SCATTER
    elif entry.total >= FRENZY_FROM:
        state.mode = HordeMode.FRENZY


# --- the card -------------------------------------------------------------------------

PROCEDURE = Procedure(
    doctrine=Doctrine.HORDE,
    title="Horde",
    source="001",
    summary=(
        "The company has one mode: normal, frenzy or scatter (normal at battle "
        "start unless the scene says otherwise). Activate as the mode says; at the "
        "end of each round, bleed, reinforce, lurk and consolidate in that order."
    ),
    notes=(
        "Wounded: no free wound slot, the next wound fells it (adaptation: 001's "
        "“wound” versus “scratch”). Hurt this round: it took a wound token this "
        "round.",
        "Charge: move into melee if within move, else full move toward.",
        "Direction roll: D6, then a second D6; if the second is even add 6 to the "
        "first — a clock direction 1–12 (12 = north, 3 = east).",
    ),
    sections=(
        Section(
            id=PRE_ACTIVATION,
            title="Pre-activation",
            steps=(
                replace(MELEE_STEP, when="In melee (wounded or not)"),
                Step(
                    "pre-wounded",
                    "W",
                    "Wounded",
                    "Does not act.",
                    rule=_wounded,
                ),
            ),
        ),
        Section(
            id=HordeMode.NORMAL.value,
            title="Normal — the first that applies",
            steps=(
                Step(
                    "normal-1",
                    "1",
                    "Another wounded friendly horde character within "
                    f"{inches(WOUNDED_FRIEND_WITHIN)}",
                    "Roll D6.",
                    tables=(WOUNDED_FRIEND_TABLE,),
                    rule=_wounded_friend_near,
                ),
                Step(
                    "normal-2",
                    "2",
                    "Hurt this round",
                    "Roll D6 + 1 per unwounded friendly horde character within "
                    f"{inches(RALLY_WITHIN)}.",
                    tables=(HURT_TABLE,),
                    rule=_hurt,
                ),
                Step(
                    "normal-3",
                    "3",
                    "Otherwise",
                    "Roll D6.",
                    tables=(NORMAL_TABLE,),
                    rule=_normal_otherwise,
                ),
            ),
        ),
        Section(
            id=HordeMode.FRENZY.value,
            title="Frenzy",
            steps=(
                Step(
                    "frenzy-1",
                    "1",
                    "Hurt this round",
                    "Roll D6.",
                    tables=(FRENZY_HURT_TABLE,),
                    rule=_frenzy_hurt,
                ),
                Step(
                    "frenzy-2",
                    "2",
                    "Everyone else",
                    "Charge the nearest enemy.",
                    rule=_frenzy_charge,
                ),
            ),
        ),
        Section(
            id=HordeMode.SCATTER.value,
            title="Scatter",
            steps=(
                Step(
                    "scatter",
                    "1",
                    "Every character",
                    "Full move toward the nearest table edge; it leaves the battle "
                    "there (lost, not fallen).",
                    rule=_scatter,
                ),
            ),
        ),
        Section(
            id="charge",
            title="Charging",
            steps=(
                Step(
                    SHOOT_INSTEAD,
                    "S",
                    "A character that can shoot, charging a target in sight and range",
                    "Shoots it instead (adaptation: 001's bugs do not shoot).",
                ),
            ),
        ),
        Section(
            id="end",
            title="End of round, in this order",
            steps=(
                Step(
                    "bleeding",
                    "1",
                    "Bleeding",
                    "D6 per wounded horde character: on 1 it falls.",
                    tables=(BLEEDING_TABLE,),
                    rule=_bleeding,
                ),
                Step(
                    "reinforcements",
                    "2",
                    "Reinforcements (optional per scene, with a cap, default "
                    f"{REINFORCEMENT_CAP}) (adaptation: 001 rolls them before the "
                    "bugs act)",
                    "While fewer than the cap are on the table and the horde is not "
                    "scattering, D6 per player character: 5–6 (4–6 in frenzy) a new "
                    "horde character appears 1D6+"
                    f'{ARRIVAL_EXTRA_INCHES}" away in a direction roll; off the '
                    'table means nothing appears; it may be moved to be at least 4" '
                    "from every player character if it stays on the table.",
                    tables=tuple(REINFORCEMENT_TABLES.values()),
                    rule=_reinforcements,
                ),
                Step(
                    "lurking",
                    "3",
                    "Lurking (with reinforcements)",
                    "In normal mode each unwounded horde character more than "
                    f"{inches(LURK_BEYOND)} from every enemy is removed on D6 4–6 "
                    "(it returns to the pool).",
                    tables=(LURKING_TABLE,),
                    rule=_lurking,
                ),
                Step(
                    "consolidation",
                    "4",
                    "Consolidation, once at least one horde character has fallen in "
                    "this battle",
                    f"2D6: a natural {SCATTER_ON_NATURAL} (double one) → scatter "
                    "(final); otherwise 2D6 + characters of the horde fallen so far "
                    f"≥ {FRENZY_FROM} → frenzy. No more consolidation rolls once in "
                    "scatter; frenzy can still become scatter.",
                    tables=(CONSOLIDATION_TABLE,),
                    rule=_consolidation,
                ),
            ),
        ),
    ),
)

# --- deciding -------------------------------------------------------------------------


def horde_decide(situation: Situation, *, rng: RandomSource) -> Decision:
    """One horde character's activation in its company's mode (``situation.mode``)."""
    turn = Turn(situation, Dice(rng))
    pre = first(turn, PROCEDURE.section(PRE_ACTIVATION).steps)
    if pre is not None:
        return pre
    return walk(turn, PROCEDURE.section(situation.mode.value).steps)


def horde_end_of_round(horde: HordeRound, *, rng: RandomSource) -> HordeRoundResult:
    """Bleeding, reinforcements, lurking, consolidation — in that order (§5.3)."""
    state = _EndOfRound(
        round=horde,
        dice=Dice(rng),
        members=list(horde.members),
        mode=horde.mode,
        fallen_so_far=horde.fallen_so_far,
    )
    for step in PROCEDURE.section("end").steps:
        assert step.rule is not None
        step.rule(state, step)
    return HordeRoundResult(
        mode=state.mode,
        fallen=tuple(state.fallen),
        arrivals=tuple(state.arrivals),
        removed=tuple(state.removed),
        fallen_so_far=state.fallen_so_far,
        steps=tuple(state.steps),
        log=state.dice.entries(),
    )
