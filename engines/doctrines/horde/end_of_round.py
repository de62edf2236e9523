"""The horde's end of round: bleeding, reinforcements, lurking, consolidation (§5.3)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from engines.dice import Dice, DiceLog, LogEntry
from engines.doctrines.horde.tables import (
    ARRIVAL,
    BLEEDING_TABLE,
    BLEEDS_ON,
    FRENZY_FROM,
    LURK_BEYOND,
    LURKER_REMOVED_FROM,
    LURKING_TABLE,
    REINFORCEMENT_FROM,
    REINFORCEMENT_TABLES,
    SCATTER_ON_NATURAL,
)
from engines.doctrines.settings import DoctrineSettings
from engines.doctrines.steps import Step, Table
from engines.enums import HordeMode

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
class EndOfRound:
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


def bleeding_rule(state: EndOfRound, step: Step) -> None:
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


def reinforcements_rule(state: EndOfRound, step: Step) -> None:
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


def lurking_rule(state: EndOfRound, step: Step) -> None:
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


def consolidation_rule(state: EndOfRound, step: Step) -> None:
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
