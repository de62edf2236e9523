"""§5.3 Horde (001) — a state machine for swarming creatures.

The company has one mode: normal, frenzy or scatter. Pre-activation first (a
character in melee continues it, wounded or not; a wounded one does nothing
else), then the steps of the company's mode. At the end of each round the
company bleeds, may be reinforced, may lose lurkers and consolidates, in that
order (:func:`horde_end_of_round`).

Distances are rolled, not the character's move (001): flee D6" (or D6+2"),
charge D6+4", the weak normal-mode charge D6", wander D6", scatter D6+4". Each
move rolls its own dice, logged. Movement stops at the table edge unless
fleeing or scattering (001 note 1); a fleeing or scattering character that
reaches an edge leaves the battle. In a follow-up activation (§4) the dice are
rolled as usual and the character moves half the total.

Adaptations: a horde character is *wounded* when it has no free wound slot
(001's "wound" versus "scratch"); one in melee continues the melee though
wounded (001 resolves close combat at once); characters that can shoot shoot
instead of charging (001's bugs do not shoot); reinforcements come at the end
of the round (001 rolls them before the bugs act).

Each step's rule follows in the order of the rules; :func:`build` makes the
printed card both functions walk, for a battle's settings.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from engines.combat import AI_INITIATIVE_CHOICE
from engines.dice import Dice, DiceLog, LogEntry, Modifier, RandomSource, RolledDistance
from engines.doctrines.orders import with_orders
from engines.doctrines.rules import (
    FOLLOW_UP,
    FOLLOW_UP_SHARE,
    ORDER_RULES,
    share_word,
    sight_notes,
)
from engines.doctrines.settings import (
    DEFAULT_SETTINGS,
    REINFORCEMENT_CAP,
    DoctrineSettings,
)
from engines.doctrines.situation import (
    MELEE_STEP,
    NO_ENEMY_STEP,
    Decision,
    Enemy,
    Situation,
    Turn,
    first,
    follow_up_section,
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
from engines.text import spaced

# --- the numbers ----------------------------------------------------------------------

WOUNDED_FRIEND_WITHIN = 8
"""Normal step 1: another wounded friendly horde character within 8"."""
RALLY_WITHIN = 6
"""Normal step 2: +1 per unwounded friendly horde character within 6"."""
ARRIVAL = RolledDistance(1, 2)
"""A reinforcement appears 1D6 + 2 inches from the player character."""
MOVE_OFF_TO = 4
"""A reinforcement may be moved to be at least 4" from every player character."""
LURK_BEYOND = 12
"""Lurking: more than 12" from every enemy."""
SCATTER_ON_NATURAL = 2
"""Consolidation: a natural 2 (double one) scatters the horde."""
FRENZY_FROM = 12
"""Consolidation: 2D6 + horde characters fallen so far ≥ 12 → frenzy."""

# --- the rolled distances (001) -------------------------------------------------------

FLEE = RolledDistance(1, 0)
"""Flee D6" straight away from the nearest enemy."""
FLEE_HURT = RolledDistance(1, 2)
"""Normal mode, hurt this round: flee D6+2"."""
CHARGE = RolledDistance(1, 4)
"""Charge D6+4" toward the target, into melee if that reaches base contact."""
WEAK_CHARGE = RolledDistance(1, 0)
"""Normal mode's weak charge: D6" toward the nearest enemy."""
WANDER = RolledDistance(1, 0)
"""Wander D6" toward a direction roll."""
SCATTER = RolledDistance(1, 4)
"""Scatter D6+4" toward the nearest table edge."""

EDGE_RULE = (
    "Moves stop at the table edge, except a flee or a scatter: that character "
    "leaves the battle there (lost, not fallen)."
)
"""The table edge, as the horde card prints it."""
ROLLED_RULE = "Every move rolls its distance; the character's move is not used."


def _flee(distance: RolledDistance) -> str:
    return f"Flee {distance.text} straight away from the nearest enemy"


def _charge_text(distance: RolledDistance, whom: str) -> str:
    return f"Charge {distance.text} toward {whom}"


NEAREST = "the nearest enemy"
HURT_IT = "the enemy that hurt it"

# --- the tables -----------------------------------------------------------------------

WOUNDED_FRIEND_TABLE = Table(
    "D6",
    (
        band(1, 2, _flee(FLEE), Action.FLEE, FLEE),
        band(3, 4, "Hold", Action.HOLD),
        band(5, 6, _charge_text(CHARGE, NEAREST), Action.CHARGE, CHARGE),
    ),
)
HURT_TABLE = Table(
    f'D6 + 1 per unwounded friendly horde character within {RALLY_WITHIN}"',
    (
        band(1, 3, _flee(FLEE_HURT), Action.FLEE, FLEE_HURT),
        band(4, 5, "Hold", Action.HOLD),
        band(6, None, _charge_text(CHARGE, HURT_IT), Action.CHARGE, CHARGE),
    ),
)
NORMAL_TABLE = Table(
    "D6",
    (
        band(1, 2, "Hold", Action.HOLD),
        band(
            3, 5, f"Wander {WANDER.text} toward a direction roll", Action.WANDER, WANDER
        ),
        band(6, 6, _charge_text(WEAK_CHARGE, NEAREST), Action.CHARGE, WEAK_CHARGE),
    ),
)
FRENZY_HURT_TABLE = Table(
    "D6",
    (
        band(1, 1, _flee(FLEE), Action.FLEE, FLEE),
        band(2, 3, "Hold", Action.HOLD),
        band(4, 6, _charge_text(CHARGE, HURT_IT), Action.CHARGE, CHARGE),
    ),
)
BLEEDS_ON = 1
"""Bleeding: D6 per wounded horde character, on 1 it falls."""
REINFORCEMENT_FROM = {HordeMode.NORMAL: 5, HordeMode.FRENZY: 4}
"""Reinforcements: D6 per player character, 5–6 (4–6 in frenzy)."""
LURKER_REMOVED_FROM = 4
"""Lurking: removed on D6 4–6."""
CAP_COUNTS = (
    "counting every horde character on the table, those that started and those "
    "that came since"
)
"""§5.3 step 2: what the reinforcement cap counts."""
CAP_TRACKER = "Horde characters on the table (every one)"
"""The AI card's tracker for the cap: a box per horde character on the table."""

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
        band(
            LURKER_REMOVED_FROM,
            6,
            "Removed from the table; it may come back as a reinforcement",
        ),
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

CHARGE_ACTIONS = (Action.MOVE_INTO_MELEE, Action.MOVE_TOWARD_ENEMY)
"""What a charge comes to: melee if the roll reaches, else a move toward."""

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


def _distance(turn: Turn, distance: RolledDistance, what: str) -> tuple[int, float]:
    """Roll a move's distance: the total rolled, and how far it goes (halved in a
    follow-up)."""
    entry = distance.roll(turn.dice, f"{turn.situation.id}: {what} {distance.text}")
    assert entry.total is not None
    return entry.total, entry.total * turn.share


def _hurt_by(situation: Situation) -> Enemy | None:
    """The enemy that hurt it (the nearest, if several); else the nearest enemy."""
    return nearest(e for e in situation.enemies if e.hurt_me) or situation.nearest_enemy


def _halved(turn: Turn, rolled: int) -> str:
    return f" ({share_word(turn.share)} in a follow-up)" if turn.share != 1 else ""


def _charge(
    turn: Turn, step: Step, enemy: Enemy | None, distance: RolledDistance
) -> Decision:
    """Charge — or shoot instead, for a shooter with the target in sight and range.

    A charge rolls its distance and goes into melee if that reaches the enemy.
    """
    if enemy is None:
        return turn.no_enemy(step)
    reach = turn.situation.shooting_range
    if reach is not None and enemy.in_sight and within(enemy.distance, reach):
        turn.path.append(SHOOT_INSTEAD)
        return turn.decide(
            step,
            Action.SHOOT,
            target=enemy.id,
            detail=f"shoots {enemy.id} at {inches(enemy.distance)} instead of charging",
        )
    rolled, goes = _distance(turn, distance, f"charge toward {enemy.id}")
    halved = _halved(turn, rolled)
    if within(enemy.distance, goes):
        return turn.decide(
            step,
            Action.MOVE_INTO_MELEE,
            target=enemy.id,
            inches=enemy.distance,
            rolled_inches=rolled,
            detail=f"rolls {inches(rolled)}{halved}: reaches {enemy.id} at "
            f"{inches(enemy.distance)}, melee",
        )
    return turn.decide(
        step,
        Action.MOVE_TOWARD_ENEMY,
        target=enemy.id,
        inches=goes,
        rolled_inches=rolled,
        detail=f"rolls {inches(rolled)}{halved}: {inches(goes)} toward {enemy.id} "
        f"at {inches(enemy.distance)}",
    )


def _flee_move(turn: Turn, step: Step, distance: RolledDistance) -> Decision:
    """Flee straight away from the nearest enemy; at the edge it leaves the battle."""
    if turn.situation.nearest_enemy is None:
        return turn.no_enemy(step)
    rolled, goes = _distance(turn, distance, "flee")
    halved = _halved(turn, rolled)
    edge = turn.situation.edge_away
    if edge is not None and within(edge, goes):
        return turn.decide(
            step,
            Action.FLEE,
            inches=edge,
            rolled_inches=rolled,
            leaves_battle=True,
            detail=f"rolls {inches(rolled)}{halved}: reaches the table edge "
            f"{inches(edge)} away and leaves the battle",
        )
    return turn.decide(
        step,
        Action.FLEE,
        inches=goes,
        rolled_inches=rolled,
        detail=f"rolls {inches(rolled)}{halved}: {inches(goes)} straight away from "
        "the nearest enemy"
        + ("" if edge is not None else "; it leaves the battle if it reaches an edge"),
    )


def _wander(turn: Turn, step: Step, distance: RolledDistance) -> Decision:
    """Wander: a direction roll, then the distance; it stops at the table edge.

    With a no-enemy-in-sight order (§5) it goes the rolled distance toward the
    order's place instead (or holds), with no direction roll.
    """
    order = turn.no_enemy_order()
    if order is not None:
        turn.order = order
        if order.place is None:
            return turn.decide(step, Action.HOLD)
        rolled, goes = _distance(turn, distance, "wander")
        return turn.decide(
            step,
            Action.MOVE_TOWARD,
            target=order.place.name,
            inches=goes,
            rolled_inches=rolled,
            detail=f"rolls {inches(rolled)}{_halved(turn, rolled)}: {inches(goes)} "
            f"toward {order.place.words()}",
        )
    clock = turn.dice.direction(f"{turn.situation.id}: wander direction").total
    assert clock is not None
    rolled, goes = _distance(turn, distance, "wander")
    halved = _halved(turn, rolled)
    edges = turn.situation.edges
    room = None if edges is None else edges.along(clock)
    if room is not None and room < goes:
        return turn.decide(
            step,
            Action.WANDER,
            direction=clock,
            inches=room,
            rolled_inches=rolled,
            stops_at_edge=True,
            detail=f"rolls {inches(rolled)}{halved} toward {clock} o'clock: stops "
            f"at the table edge after {inches(room)}",
        )
    return turn.decide(
        step,
        Action.WANDER,
        direction=clock,
        inches=goes,
        rolled_inches=rolled,
        detail=f"rolls {inches(rolled)}{halved}: {inches(goes)} toward {clock} "
        "o'clock" + ("" if edges is not None else ", stopping at the table edge"),
    )


def _act(turn: Turn, step: Step, row: Row, enemy: Enemy | None) -> Decision:
    """Do what a table row says."""
    match row.action:
        case Action.CHARGE:
            assert row.distance is not None
            return _charge(turn, step, enemy, row.distance)
        case Action.FLEE:
            assert row.distance is not None
            return _flee_move(turn, step, row.distance)
        case Action.WANDER:
            assert row.distance is not None
            return _wander(turn, step, row.distance)
        case Action.HOLD:
            return turn.decide(step, Action.HOLD)
    raise ValueError(f"{step.id}: a horde table has no row for {row.action}")


def _row_actions(*tables: Table) -> tuple[Action, ...]:
    """What a step's table rows come to, charges read as melee or a move toward."""
    found: dict[Action, None] = {}
    for table in tables:
        for row in table.rows:
            if row.action == Action.CHARGE:
                found.update(dict.fromkeys(CHARGE_ACTIONS))
            elif row.action is not None:
                found[row.action] = None
    return tuple(found)


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
    return _act(turn, step, row, turn.pick(turn.situation.enemies))


def _hurt(turn: Turn, step: Step) -> Decision | None:
    if not turn.situation.hurt_this_round:
        return None
    rallying = sum(
        1
        for f in turn.situation.friends
        if not f.wounded and within(f.distance, RALLY_WITHIN)
    )
    row = _roll(turn, step, HURT_TABLE, [("unwounded friends near", rallying)])
    return _act(turn, step, row, _hurt_by(turn.situation))


def _normal_otherwise(turn: Turn, step: Step) -> Decision:
    row = _roll(turn, step, NORMAL_TABLE)
    return _act(turn, step, row, turn.pick(turn.situation.enemies))


# --- frenzy ---------------------------------------------------------------------------


def _frenzy_hurt(turn: Turn, step: Step) -> Decision | None:
    if not turn.situation.hurt_this_round:
        return None
    row = _roll(turn, step, FRENZY_HURT_TABLE)
    return _act(turn, step, row, _hurt_by(turn.situation))


def _frenzy_charge(turn: Turn, step: Step) -> Decision:
    return _charge(turn, step, turn.pick(turn.situation.enemies), CHARGE)


# --- scatter --------------------------------------------------------------------------


def _scatter(turn: Turn, step: Step) -> Decision:
    rolled, goes = _distance(turn, SCATTER, "scatter")
    halved = _halved(turn, rolled)
    edges = turn.situation.edges
    if edges is not None and within(edges.nearest, goes):
        return turn.decide(
            step,
            Action.SCATTER,
            inches=edges.nearest,
            rolled_inches=rolled,
            leaves_battle=True,
            detail=f"rolls {inches(rolled)}{halved}: reaches the nearest table edge "
            f"{inches(edges.nearest)} away and leaves the battle",
        )
    return turn.decide(
        step,
        Action.SCATTER,
        inches=goes,
        rolled_inches=rolled,
        detail=f"rolls {inches(rolled)}{halved}: {inches(goes)} toward the nearest "
        "table edge"
        + ("" if edges is not None else "; it leaves the battle if it reaches it"),
    )


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
    """Inches from the table's north-west corner, like
    :mod:`engines.battlefield`: ``x`` east of the west edge, ``y`` south of
    the north edge."""

    x: float
    y: float


@dataclass(frozen=True, kw_only=True)
class PlayerModel:
    """A player character on the table: reinforcements appear around it."""

    id: str
    position: Point | None = None
    """None where nobody measured it: the players say whether each rolled
    arrival point is on the table (:attr:`HordeRound.placed`)."""


class PlacementNeeded(Exception):
    """A reinforcement rolled near a player character whose position is not
    known: the players must say whether the point is on the table."""

    def __init__(self, arrival: Arrival, log: DiceLog) -> None:
        super().__init__(f"is the point near {arrival.near} on the table?")
        self.arrival = arrival
        self.log = log


@dataclass(frozen=True, kw_only=True)
class HordeRound:
    """The horde company at the end of a round.

    Whether it is reinforced, and up to how many, are this battle's
    :class:`~engines.doctrines.settings.DoctrineSettings`.
    """

    mode: HordeMode
    members: tuple[HordeMember, ...] = ()
    fallen_so_far: int = 0
    """Horde characters fallen in this battle before this end of round."""
    players: tuple[PlayerModel, ...] = ()
    table_width: float = 36
    table_depth: float = 36
    placed: tuple[bool, ...] = ()
    """The players' answers, in order, for each arrival point rolled near a
    player character without a position: is it on the table?"""
    others_on_table: int = 0
    """Horde characters of other horde companies on the table: the cap counts
    every horde character."""


@dataclass(frozen=True, kw_only=True)
class Arrival:
    """A reinforcement: near whom, how far, which way, where."""

    near: str
    inches: int
    clock: int
    position: Point | None = None


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
    asked: tuple[Arrival, ...] = ()
    """The points the players were asked about (``HordeRound.placed``), in order."""


@dataclass
class _EndOfRound:
    """The working state while the end-of-round steps run in order."""

    round: HordeRound
    settings: DoctrineSettings
    dice: Dice
    members: list[HordeMember]
    mode: HordeMode
    fallen_so_far: int
    fallen: list[str] = field(default_factory=list)
    arrivals: list[Arrival] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)
    asked: list[Arrival] = field(default_factory=list)


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
    """The point ``distance`` inches from ``origin`` toward a clock direction
    (12 north, 3 east): north is toward y = 0."""
    angle = math.radians(clock * 30)
    return Point(
        round(origin.x + distance * math.sin(angle), 6),
        round(origin.y - distance * math.cos(angle), 6),
    )


def _reinforcements(state: _EndOfRound, step: Step) -> None:
    horde, settings = state.round, state.settings
    if not settings.reinforcements or state.mode == HordeMode.SCATTER:
        return
    asked = 0
    for player in horde.players:
        present = len(state.members) + len(state.arrivals) + horde.others_on_table
        if present >= settings.reinforcement_cap:
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
        distance = ARRIVAL.roll(
            state.dice, f"reinforcement distance from {player.id}"
        ).total
        clock = state.dice.direction(f"reinforcement direction from {player.id}").total
        assert distance is not None and clock is not None
        if player.position is None:
            arrival = Arrival(near=player.id, inches=distance, clock=clock)
            if asked >= len(horde.placed):
                raise PlacementNeeded(arrival, state.dice.entries())
            asked += 1
            state.asked.append(arrival)
            on_table = horde.placed[asked - 1]
        else:
            point = arrival_point(player.position, clock, distance)
            arrival = Arrival(
                near=player.id, inches=distance, clock=clock, position=point
            )
            on_table = (
                0 <= point.x <= horde.table_width and 0 <= point.y <= horde.table_depth
            )
        if on_table:
            state.arrivals.append(arrival)
        else:
            state.dice.record(
                LogEntry(
                    purpose=f"reinforcement near {player.id}",
                    outcome="off the table: nothing appears",
                )
            )


def _lurking(state: _EndOfRound, step: Step) -> None:
    if not state.settings.reinforcements or state.mode != HordeMode.NORMAL:
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

REINFORCEMENTS = "reinforcements"
LURKING = "lurking"


def _reinforcement_texts(settings: DoctrineSettings | None) -> tuple[str, str]:
    """(when, then) of the reinforcements step, for this battle or any."""
    normal = _from(REINFORCEMENT_FROM[HordeMode.NORMAL])
    frenzy = _from(REINFORCEMENT_FROM[HordeMode.FRENZY])
    rolls = f"{normal} ({frenzy} in frenzy)"
    then = (
        f"While fewer horde characters than the cap are on the table ({CAP_COUNTS}"
        "; each arrival counts at once) and the horde is not scattering, D6 per "
        f"player character in card order: {rolls} a new horde character "
        f"appears {ARRIVAL.text} away in a direction roll; off the table means "
        f"nothing appears; it may be moved to be at least {inches(MOVE_OFF_TO)} "
        "from every player character if it stays on the table."
    )
    if settings is None:
        return (
            "Reinforcements (when the scene uses them; a cap, default "
            f"{REINFORCEMENT_CAP})",
            then,
        )
    if not settings.reinforcements:
        return (
            "Reinforcements: off in this battle",
            "No reinforcements and no lurking.",
        )
    return (f"Reinforcements: on, cap {settings.reinforcement_cap}", then)


def _from(low: int) -> str:
    """'5–6' for a roll of ``low`` or more on a D6."""
    return spaced(low, 6)


def _lurking_texts(settings: DoctrineSettings | None) -> tuple[str, str]:
    then = (
        "In normal mode each unwounded horde character more than "
        f"{inches(LURK_BEYOND)} from every enemy is removed on D6 "
        f"{_from(LURKER_REMOVED_FROM)} (it may come back as a reinforcement)."
    )
    if settings is None:
        return ("Lurking (with reinforcements)", then)
    if not settings.reinforcements:
        return ("Lurking: off in this battle", "No lurking without reinforcements.")
    return ("Lurking", then)


def _start_note(settings: DoctrineSettings | None) -> tuple[str, ...]:
    if settings is None:
        return ()
    return (f"The horde starts this battle in {settings.horde_start.value} mode.",)


def build(settings: DoctrineSettings | None = None) -> Procedure:
    """The horde card: generic without settings, else with this battle's values."""
    reinforce_when, reinforce_then = _reinforcement_texts(settings)
    lurk_when, lurk_then = _lurking_texts(settings)
    reinforced = settings is None or settings.reinforcements
    return Procedure(
        doctrine=Doctrine.HORDE,
        title="Horde",
        source="001",
        summary=(
            "The company has one mode: normal, frenzy or scatter (normal at battle "
            "start unless the scene says otherwise). Activate as the mode says; at "
            "the end of each round, bleed, "
            + ("reinforce, lurk and " if reinforced else "")
            + "consolidate in that order."
        ),
        order=ORDER_RULES[Doctrine.HORDE],
        initiative=AI_INITIATIVE_CHOICE,
        settings=settings,
        notes=(
            *_start_note(settings),
            *sight_notes(settings),
            "Wounded: no free wound slot, the next wound fells it. Hurt this round: "
            "it took a wound token this round.",
            ROLLED_RULE,
            EDGE_RULE,
            "Charge: into melee if the distance rolled reaches the target.",
            "Direction roll: D6, then a second D6; if the second is even add 6 to "
            "the first — a clock direction 1–12 (12 = north, 3 = east).",
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
                        actions=(Action.NO_ACTION,),
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
                        actions=_row_actions(WOUNDED_FRIEND_TABLE),
                    ),
                    Step(
                        "normal-2",
                        "2",
                        "Hurt this round",
                        "Roll D6 + 1 per unwounded friendly horde character within "
                        f"{inches(RALLY_WITHIN)}.",
                        tables=(HURT_TABLE,),
                        rule=_hurt,
                        actions=_row_actions(HURT_TABLE),
                    ),
                    Step(
                        "normal-3",
                        "3",
                        "Otherwise",
                        "Roll D6.",
                        tables=(NORMAL_TABLE,),
                        rule=_normal_otherwise,
                        actions=_row_actions(NORMAL_TABLE),
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
                        actions=_row_actions(FRENZY_HURT_TABLE),
                    ),
                    Step(
                        "frenzy-2",
                        "2",
                        "Everyone else",
                        f"{_charge_text(CHARGE, NEAREST)}.",
                        rule=_frenzy_charge,
                        actions=CHARGE_ACTIONS,
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
                        f"Scatter {SCATTER.text} toward the nearest table edge; it "
                        "leaves the battle there (lost, not fallen).",
                        rule=_scatter,
                        actions=(Action.SCATTER,),
                    ),
                ),
            ),
            Section(
                id="charge",
                title="Reading the steps",
                steps=(
                    Step(
                        SHOOT_INSTEAD,
                        "S",
                        "A character that can shoot, charging a target in sight and "
                        "range",
                        "Shoots it instead, and rolls no distance.",
                        actions=(Action.SHOOT,),
                    ),
                    NO_ENEMY_STEP,
                ),
            ),
            follow_up_section(
                f"Rolled distances too: {share_word()} the total rolled (5 rolled: "
                f"{inches(5 * FOLLOW_UP_SHARE)})."
            ),
            Section(
                id="end",
                title="End of round, in this order",
                steps=(
                    Step(
                        "bleeding",
                        "1",
                        "Bleeding",
                        f"D6 per wounded horde character: on {BLEEDS_ON} it falls.",
                        tables=(BLEEDING_TABLE,),
                        rule=_bleeding,
                    ),
                    Step(
                        REINFORCEMENTS,
                        "2",
                        reinforce_when,
                        reinforce_then,
                        tables=tuple(REINFORCEMENT_TABLES.values())
                        if reinforced
                        else (),
                        rule=_reinforcements,
                    ),
                    Step(
                        LURKING,
                        "3",
                        lurk_when,
                        lurk_then,
                        tables=(LURKING_TABLE,) if reinforced else (),
                        rule=_lurking,
                    ),
                    Step(
                        "consolidation",
                        "4",
                        "Consolidation, once at least one horde character has fallen "
                        "in this battle",
                        f"2D6: a natural {SCATTER_ON_NATURAL} (double one) → scatter "
                        "(final); otherwise 2D6 + characters of the horde fallen so "
                        f"far ≥ {FRENZY_FROM} → frenzy. No more consolidation rolls "
                        "once in scatter; frenzy can still become scatter.",
                        tables=(CONSOLIDATION_TABLE,),
                        rule=_consolidation,
                    ),
                ),
            ),
        ),
    )


PROCEDURE = build()
"""The generic horde card (no battle's settings)."""


@lru_cache(maxsize=32)
def card(settings: DoctrineSettings | None = None) -> Procedure:
    """The card for these settings (the generic one for None), built once."""
    return PROCEDURE if settings is None else with_orders(build(settings))


# --- deciding -------------------------------------------------------------------------


def horde_decide(
    situation: Situation,
    *,
    rng: RandomSource,
    settings: DoctrineSettings | None = None,
) -> Decision:
    """One horde character's activation in its company's mode (``situation.mode``).

    A follow-up (``situation.follow_up``) is the whole procedure again, every
    rolled distance halved.
    """
    procedure = card(settings)
    turn = Turn(situation, Dice(rng), settings or DEFAULT_SETTINGS)
    first(turn, procedure.section(FOLLOW_UP).steps)
    pre = first(turn, procedure.section(PRE_ACTIVATION).steps)
    if pre is not None:
        return pre
    return walk(turn, procedure.section(situation.mode.value).steps)


def horde_end_of_round(
    horde: HordeRound,
    *,
    rng: RandomSource,
    settings: DoctrineSettings | None = None,
) -> HordeRoundResult:
    """Bleeding, reinforcements, lurking, consolidation — in that order (§5.3)."""
    state = _EndOfRound(
        round=horde,
        settings=settings or DEFAULT_SETTINGS,
        dice=Dice(rng),
        members=list(horde.members),
        mode=horde.mode,
        fallen_so_far=horde.fallen_so_far,
    )
    for step in card(settings).section("end").steps:
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
        asked=tuple(state.asked),
    )
