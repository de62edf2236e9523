"""A playtest battle's running state, how it is judged and what it came to
(RULES §1 "Victory as data", §4 "End", §7).

:class:`Fight` is the battle loop's own state (:mod:`engines.playtest.battle`);
:func:`judge_now` asks :func:`engines.victory.judge` — the function the table
page and the result form use — on the battle's facts as the table page builds
them (who came on, fell, left by which edge carrying what, held each fixed
objective at each round's end, which companies routed); :func:`battle_of` is
the :class:`~engines.playtest.report.Battle` the report folds.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from engines.battlefield.numbers import HOLD_WITHIN
from engines.cards import Deck
from engines.combat import rout_check, take_wound
from engines.dice import Dice
from engines.doctrines import Decision, DoctrineSettings, Enemy
from engines.doctrines.activation import OrderKey
from engines.enums import (
    Action,
    Doctrine,
    Edge,
    HordeMode,
    ObjectiveKind,
    Outcome,
    Side,
)
from engines.playtest.geometry import Point
from engines.playtest.moves import nearest_edge
from engines.playtest.report import Battle
from engines.playtest.scoring import all_left, lost_exits, points
from engines.playtest.situation import NOBODY, Reading, Standing
from engines.playtest.spec import Character, Company, Spec
from engines.playtest.table import Marker, Table
from engines.playtest.terrain import RADIUS
from engines.victory import judge as victory_judge
from engines.victory.conditions import Condition, ConditionKind, Victory
from engines.victory.judge import (
    BattleFacts,
    Ending,
    Exit,
    Fighter,
    Holding,
    Verdict,
)

Aims = tuple[Marker, ...]
VP = "VP"
"""The way a generated battle that lasted its length ended (§3.12)."""


@dataclass
class Fight:
    """One battle's running state (the loop's own; the table never changes)."""

    spec: Spec
    dice: Dice
    table: Table
    round: int = 0
    filled: dict[str, int] = field(default_factory=dict)
    hurt: dict[str, tuple[str, ...]] = field(default_factory=dict)
    fallen: list[str] = field(default_factory=list)
    exits: list[Exit] = field(default_factory=list)
    routed: set[str] = field(default_factory=set)
    came: list[str] = field(default_factory=list)
    """Every character deployed or arrived so far, in order."""
    holdings: list[Holding] = field(default_factory=list)
    ai_deck: Deck | None = None
    """The AI deck (§5.2): the deck doctrine's draws and the random events."""
    events: list[str] = field(default_factory=list)
    """The random events drawn, by title (their text is the players' to apply:
    the abstract table applies only what an event carries as data: its sight
    limit and its last-seen rule, for the round)."""
    toward_last_seen: str = ""
    """This round's event's title when it moves an unseeing AI character
    toward the nearest enemy it last saw ("": no such event this round)."""
    seen: dict[str, str] = field(default_factory=dict)
    """Each AI character's nearest enemy in sight at its latest activation
    that saw one, as far as it was looked at (:attr:`last_seen`)."""
    sightings: dict[str, list[tuple[Enemy, ...]]] = field(default_factory=dict)
    """Each AI character's enemies at its activations since :attr:`seen` was
    looked at: whom it saw is measured only when an event's rule asks."""
    activations: int = 0
    checks: list[tuple[str, str]] = field(default_factory=list)
    """(company, the fallen character) of each rout check rolled."""
    verdict: Verdict | None = None
    stuck: str = ""
    """Why the battle could not go on ("" if it could)."""
    settings: dict[str, DoctrineSettings] = field(default_factory=dict)
    """Each company's settings, its scene orders as its force on this
    battlefield keeps them (a generated scenario's merged in, §5)."""

    modes: dict[str, HordeMode] = field(default_factory=dict)
    """Each horde company's mode, once its first end of round has set it."""
    bled: list[str] = field(default_factory=list)
    """Horde characters fallen by bleeding at an end of round (no attack)."""
    reinforced: int = 0
    """Reinforcements come on so far (their names count them)."""
    places: tuple[Marker, ...] = ()
    """The features a way to win asks a side to hold that are no objective
    marker (the players' robot heads for them; who holds them is measured
    to the feature's edge)."""
    activated: set[str] = field(default_factory=set)
    """Who has activated this round (a return fire or a dive counts)."""
    positions: dict[str, int] = field(default_factory=dict)
    """Each pursuer's position this round (§5.4)."""
    chars: dict[str, Character] = field(default_factory=dict)
    """The spec's characters by name."""
    companies: dict[str, Company] = field(default_factory=dict)
    """The spec's companies by name, as they are asked for."""
    leaving: tuple[Condition, ...] | None = None
    """The players' ways to win that leave through a feature, once read."""
    aims: tuple[tuple[Marker, ...], tuple[Marker, ...], Aims] | None = None
    """The players' robot's objectives, with the markers and places they are of."""
    known: dict[str, Standing] | None = None
    """The standings that differ from nobody's, kept until a wound, a hurt or
    a rout changes one (:meth:`touch`)."""
    changed: set[str] = field(default_factory=set)
    """The characters whose standing changed since :attr:`known` was read."""
    counted: int = 0
    """How many had come on when :attr:`known` was read."""
    fighters: tuple[Fighter, ...] = ()
    """Everyone who came on, as the judge reads them."""
    readings: dict[str, tuple[Table, dict[str, Standing], int, Reading]] = field(
        default_factory=dict
    )
    """Each character's latest plain reading, with the table, the standings and
    the round it was read at (:func:`engines.playtest.reading.reading_of`)."""
    order_keys: dict[str, tuple[tuple[Enemy, ...], OrderKey]] = field(
        default_factory=dict
    )
    """Each AI character's latest place in the activation order, with the
    enemies it was read from (:func:`engines.playtest.reading.order_key_of`)."""

    @property
    def last_seen(self) -> dict[str, str]:
        """Each AI character's nearest enemy in sight at its latest activation
        that saw one."""
        for key in list(self.sightings):
            self.seen_last(key)
        return self.seen

    @last_seen.setter
    def last_seen(self, seen: dict[str, str]) -> None:
        self.seen = seen
        self.sightings.clear()

    def seen_last(self, key: str) -> str | None:
        """The nearest enemy ``key`` saw at its latest activation that saw one
        (None: it has seen none): its latest sightings looked at, newest
        first, the first with an enemy in sight the answer."""
        for enemies in reversed(self.sightings.pop(key, ())):
            seen = [e for e in enemies if e.in_sight]
            if seen:
                self.seen[key] = min(seen, key=lambda e: e.distance).id
                break
        return self.seen.get(key)

    def deck(self) -> Deck:
        if self.ai_deck is None:
            self.ai_deck = Deck(dice=self.dice)
        return self.ai_deck

    def touch(self, key: str | None = None) -> None:
        """Something a standing reads has changed: ``key``'s alone, or
        anyone's (None)."""
        if key is None:
            self.known = None
        elif self.known is not None:
            self.changed.add(key)

    def standings(self) -> dict[str, Standing]:
        """Every standing on the table that is not nobody's (the same dict
        while none changes: a change makes a new one)."""
        if self.known is None or len(self.came) != self.counted:
            self.changed.clear()  # (someone came on since:) read them all
            self.counted = len(self.came)
            self.known = {k: found for k in self.came if (found := self._read(k))}
        elif self.changed:
            self.known = dict(self.known)
            for key in self.changed:
                found = self._read(key)
                if found is None:
                    self.known.pop(key, None)
                else:
                    self.known[key] = found
            self.changed.clear()
        return self.known

    def _read(self, key: str) -> Standing | None:
        """``key``'s standing, or None when it is nobody's."""
        if self._nobody(key):
            return None
        found = self.standing(key)
        return None if found == NOBODY else found

    def _nobody(self, key: str) -> bool:
        """Plainly nobody's standing (unhurt, unrouted, a normal mode, a free
        wound slot): no need to build it to know."""
        me = self.chars[key]
        return (
            key not in self.hurt
            and me.company not in self.routed
            and self.mode(me.company) is HordeMode.NORMAL
            and not self.wounded(key)
        )

    def character(self, key: str) -> Character:
        return self.chars[key]

    def exits_through(self) -> tuple[Condition, ...]:
        """:func:`exits_through` of the spec, read once."""
        if self.leaving is None:
            self.leaving = exits_through(self.spec)
        return self.leaving

    def company(self, name: str) -> Company:
        found = self.companies.get(name)
        if found is None:
            found = self.companies[name] = self.spec.company(name)
        return found

    def wounded(self, key: str) -> bool:
        me = self.character(key)
        return self.filled.get(key, me.filled) >= me.slots

    def mode(self, company: str) -> HordeMode:
        """A horde company's mode (§5.3): its settings' start until an end of
        round changes it."""
        return self.modes.get(company, self.settings[company].horde_start)

    def standing(self, key: str, *, follow_up: bool = False) -> Standing:
        me = self.character(key)
        return Standing(
            mode=self.mode(me.company),
            wounded=self.wounded(key),
            hurt_this_round=bool(self.hurt.get(key)),
            hurt_by=self.hurt.get(key, ()),
            routing=me.company in self.routed,
            follow_up=follow_up,
        )


class Stuck(Exception):
    """The battle cannot go on: the reason in a builder's words."""


def gone(state: Fight, key: str) -> bool:
    return any(e.character == key for e in state.exits)


def held_places(spec: Spec, table: Table) -> tuple[Marker, ...]:
    """The features the ways to win ask to hold, or the players to leave
    through (the exit the robot must reach, §7), beyond the markers."""
    if spec.victory is None:
        return ()
    marked = {m.name for m in table.markers}
    named = {c.objective for c in _conditions(spec, ConditionKind.HOLD)}
    named |= {c.feature for c in exits_through(spec)}
    return tuple(
        Marker(name=f.name, at=f.centre, kind=ObjectiveKind.FIXED)
        for f in spec.battlefield.features
        if f.name in named - marked - {""}
    )


def _conditions(spec: Spec, kind: ConditionKind) -> tuple[Condition, ...]:
    assert spec.victory is not None
    return tuple(
        c
        for way in spec.victory.ways
        for c in way.conditions
        if c.kind is kind and not c.negated
    )


def exits_through(spec: Spec) -> tuple[Condition, ...]:
    """The players' ways to win that leave through a feature."""
    if spec.victory is None:
        return ()
    return tuple(
        c
        for way in spec.victory.ways
        if way.side is Side.PLAYER
        for c in way.conditions
        if c.kind is ConditionKind.LEAVE and c.feature and not c.negated
    )


def exit_point(state: Fight, key: str) -> Point | None:
    """Where the players' robot heads to leave, where a way to win has this
    character leave through a feature (None: nowhere in particular)."""
    me = state.character(key)
    for c in state.exits_through():
        if (c.character or key) == key and (c.company or me.company) == me.company:
            return next((m.at for m in state.places if m.name == c.feature), None)
    return None


def toward_exit(state: Fight, key: str, decision: Decision) -> Decision:
    """The robot's carrier heads for its exit, not the nearest edge (§7: the
    exit it must reach) **(adaptation: the priority list's carrier step reads
    "the edge" as the one its way to win names)**."""
    if decision.action is not Action.MOVE_TO_EDGE or exit_point(state, key) is None:
        return decision
    return replace(decision, action=Action.MOVE_TOWARD)


def leaves_through(state: Fight, key: str) -> str:
    """The feature a player character touches that a way to win has it leave
    through ("" if none): it goes (§7: the exit the robot must reach)."""
    me = state.character(key)
    if me.side is not Side.PLAYER or not state.exits_through():
        return ""
    outlines = {a.name: a.outline for a in state.table.ground.areas}
    at = state.table.piece(key).at
    for c in state.exits_through():
        if c.character and c.character != key:
            continue
        if c.company and c.company != me.company:
            continue
        outline = outlines.get(c.feature)
        if outline is not None and outline.distance(at) - RADIUS <= HOLD_WITHIN:
            return c.feature
    return ""


def hold(state: Fight) -> None:
    """Who holds each fixed objective at the round's end (§0): the side with a
    character within ``HOLD_WITHIN`` of it (of a feature's edge) and no enemy
    as near."""
    outlines = {a.name: a.outline for a in state.table.ground.areas}
    for marker in (*state.table.markers, *state.places):
        if marker.kind is not ObjectiveKind.FIXED:
            continue
        outline = outlines.get(marker.name)
        near = [
            p
            for p in state.table.pieces
            if (
                state.table.marker_gap(p, marker)
                if outline is None
                else max(0.0, outline.distance(p.at) - RADIUS)
            )
            <= HOLD_WITHIN
        ]
        sides = {p.side for p in near}
        if len(sides) == 1:
            (side,) = sides
            state.holdings.append(
                Holding(
                    round=state.round,
                    objective=marker.name,
                    side=side,
                    characters=tuple(p.key for p in near),
                )
            )


def judge_now(state: Fight, *, round_over: bool) -> Verdict:
    spec = state.spec
    victory = spec.victory or Victory(ways=(), battle_length=spec.battlefield.length)
    if len(state.fighters) != len(state.came):  # someone came on since
        state.fighters = tuple(
            Fighter(
                name=k, company=state.character(k).company, side=state.character(k).side
            )
            for k in state.came
        )
    facts = BattleFacts(
        fighters=state.fighters,
        round=state.round,
        round_over=round_over,
        fallen=frozenset(state.fallen),
        exits=lost_exits(state) if spec.victory is None else tuple(state.exits),
        holdings=tuple(state.holdings),
        routed=frozenset(state.routed),
    )
    verdict = victory_judge(victory, facts)
    if spec.victory is not None:
        return verdict
    if verdict.ended and verdict.ending is not Ending.TIME_OUT:
        return verdict  # a side routed or lost its last character
    if not verdict.ended and not all_left(state):
        return verdict  # the battle goes on
    mine, theirs = points(state, Side.PLAYER), points(state, Side.AI)
    winner = None if mine == theirs else Side.PLAYER if mine > theirs else Side.AI
    return Verdict(
        ended=True,
        winner=winner,
        ending=Ending.TIME_OUT,
        reason=f"VP {mine} to {theirs}",
    )


def battle_of(state: Fight, *, unfinished: str = "") -> Battle:
    verdict = state.verdict
    players = [c.name for c in state.spec.characters if c.side is Side.PLAYER]
    fell = tuple(k for k in players if k in state.fallen)
    wounded = tuple(
        k
        for k in players
        if k not in state.fallen and state.filled.get(k, state.character(k).filled) > 0
    )
    if unfinished or verdict is None or verdict.outcome is None:
        return Battle(
            outcome=Outcome.DRAW,
            rounds=state.round,
            way="could not finish",
            fell=fell,
            wounded=wounded,
            unfinished=unfinished or "the battle ended with no verdict",
        )
    return Battle(
        outcome=verdict.outcome,
        rounds=state.round,
        way=_way(state, verdict),
        fell=fell,
        wounded=wounded,
    )


def _way(state: Fight, verdict: Verdict) -> str:
    victory = state.spec.victory
    if verdict.way is not None and victory is not None:
        return victory.ways[verdict.way].words()
    if state.spec.victory is None and verdict.ending is Ending.TIME_OUT:
        return VP
    return verdict.ending.label if verdict.ending is not None else "draw"


def wound(state: Fight, target: str, *, by: str) -> bool:
    """A wound on ``target`` (§4): the next free slot, or it falls (True)."""
    them = state.character(target)
    state.hurt[target] = (*state.hurt.get(target, ()), by)
    state.touch(target)
    filled = state.filled.get(target, them.filled)
    if not take_wound(filled=filled, slots=them.slots).falls:
        state.filled[target] = filled + 1
        return False
    fall(state, target)
    return True


def fall(state: Fight, key: str) -> None:
    """``key`` falls: what it carried lies where it stood, and its company
    checks for a rout (§4; a horde takes none)."""
    state.table = state.table.dropped(key).without(key)
    state.fallen.append(key)
    me = state.character(key)
    company = state.company(me.company)
    if company.name not in state.routed:
        members = [k for k in state.came if state.character(k).company == company.name]
        lost = sum(k in state.fallen or gone(state, k) for k in members)
        check = rout_check(
            company.name,
            characters=len(members),
            lost=lost,
            horde=company.doctrine is Doctrine.HORDE,
            dice=state.dice,
        )
        if check.due:
            state.checks.append((company.name, key))
        if check.routs:
            state.routed.add(company.name)
            state.touch()
    state.verdict = judge_now(state, round_over=False)


def leave(
    state: Fight, key: str, *, feature: str = "", edge: Edge | None = None
) -> None:
    """``key`` leaves the table by ``edge`` (default: its nearest), or through
    ``feature``, carrying what it carries."""
    me = state.table.piece(key)
    if feature:
        edge = None
    elif edge is None:
        edge = nearest_edge(state.table, me.at)
    carried = (me.carrying,) if me.carrying else ()
    state.exits.append(
        Exit(character=key, edge=edge, feature=feature, carrying=carried)
    )
    state.table = state.table.without(key)
    state.verdict = judge_now(state, round_over=False)
