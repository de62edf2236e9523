"""How a battle stands in table mode: who fights (:class:`Context`) and what has
happened so far (:class:`State`, folded from the log's entries).

No database here. The context is built once per request from the battle
(``campaigns.selectors.table.table_context``); the state is the entries folded
in order, each entry's ``data`` holding what the entry changed, so reading a
battle never calls the engine: only adding an entry does
(:mod:`engines.table.turns`).

Characters are named by *key*: ``p<order>`` for a participant (its place in
the battle's card order, which survives export and import), ``r<company>.<n>``
for the n-th reinforcement of the battle company at ``<company>`` in the
battle's company order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from engines.enums import Action, HordeMode, Side
from engines.orders.kinds import Moment
from engines.orders.rounds import due_orders
from engines.table.context import (
    ENTRY_KINDS,
    Context,
    Fighter,
    TableCompany,
    Template,
    unique_labels,
)
from engines.table.entries import (
    Decision,
    DecisionData,
    EndData,
    EndRoundData,
    Entry,
    FirstData,
    HordeResult,
    Initiative,
    Newcomer,
    OrdersData,
    OrderWound,
    RoundData,
    RoundEvent,
    Sighting,
    Stored,
    TapData,
    entry_parse,
)
from engines.table.kinds import EntryKind, Phase, TapKind

# --- how things stand -----------------------------------------------------------------


@dataclass
class FighterState:
    wounds: int = 0
    fallen: bool = False
    left: bool = False
    """Left the table (fled, scattered, carried an objective off, lurked away)."""
    lurked: bool = False  # lurked away (§5.3): back in the pool, not lost
    routed: bool = False
    carried_off: bool = False
    carrying: str | None = None
    disorganized: bool = False
    hurt_round: int = 0
    """The last round in which it took a wound token."""


@dataclass
class CompanyState:
    routed: bool = False
    mode: HordeMode = HordeMode.NORMAL
    fallen_so_far: int = 0
    """Horde characters of the company fallen in this battle."""
    reinforcements: int = 0


BEGIN, CHOOSE, ACTIVATE, END_ROUND, ORDERS, OVER, ENDED = tuple(Phase)


@dataclass(frozen=True)
class Next:
    """What the battle needs next (a :class:`Phase`; ``key``: the AI character
    to activate; ``follow_up``: the one that may take its follow-up now)."""

    phase: Phase
    key: str = ""
    follow_up: str = ""


@dataclass
class State:
    """The battle after the entries folded so far."""

    entries: int = 0
    round: int = 0
    ended: str = ""
    """How the battle ended, once the player said so (an EndReason value)."""
    ended_by: str = ""
    """The side that achieved the objective or conceded (a Side value), if said."""
    winner: Side | None = None
    """Who won the initiative this round."""
    first: Side | None = None
    """Who activates first this round (None: the humans have not said)."""
    order: list[str] = field(default_factory=list)
    positions: dict[str, int] = field(default_factory=dict)
    sightings: dict[str, Sighting] = field(default_factory=dict)
    activated: set[str] = field(default_factory=set)
    return_fire: str | None = None
    """The AI character that returns fire now (RULES §5.2)."""
    return_fire_at: str = ""
    """Its attacker, by label: the one it shoots or charges."""
    follow_up: str | None = None
    """The AI character that may take a follow-up activation now."""
    round_ended: bool = False
    orders_ended: bool = False
    """The round's end orders are rolled (RULES §5 "Each round")."""
    event: RoundEvent | None = None
    initiative: Initiative | None = None
    """This round's initiative, as its entry keeps it."""
    gone: set[str] = field(default_factory=set)
    """Objectives carried off the table."""
    carried: dict[str, str] = field(default_factory=dict)
    """The objective each carrier (by key) carried off."""
    fighters: dict[str, FighterState] = field(default_factory=dict)
    extra: dict[str, Fighter] = field(default_factory=dict)
    """Reinforcements that came on during the battle, by key."""
    companies: dict[int, CompanyState] = field(default_factory=dict)
    draws: int = 0
    deck: dict[str, Any] | None = None
    context: Context | None = field(default=None, repr=False, compare=False)
    """The battle it belongs to (:func:`state_start` sets it)."""

    # -- the game: one entry at a time, and what it needs next --

    def apply(self, entry: Stored) -> None:
        """Change the state by one recorded entry (its ``data`` says how)."""
        assert self.context is not None, "a state begins with state_start"
        entry_apply(self.context, self, entry_parse(entry))

    def question(self, *, skipping: bool = False) -> Next:
        """What the battle needs next; ``skipping``: as if the AI's remaining
        activations this round were done (the players say they cannot act)."""
        context = self.context
        assert context is not None, "a state begins with state_start"
        if self.ended:
            return Next(ENDED)
        if self.round == 0:
            return Next(BEGIN)
        if self.winner is Side.PLAYER and self.first is None:
            return Next(CHOOSE)
        nxt = None if skipping else self.next_activation(context)
        if nxt is not None:
            return Next(ACTIVATE, key=nxt.key, follow_up=self.follow_up or "")
        if context.hordes and not self.round_ended:
            return Next(END_ROUND, follow_up=self.follow_up or "")
        if self.end_orders_pending(context):
            return Next(ORDERS, follow_up=self.follow_up or "")
        if self.round >= context.length:
            return Next(OVER)
        return Next(BEGIN)

    def copy(self) -> State:
        """A copy that applying entries to leaves this one as it is."""
        return replace(
            self,
            order=list(self.order),
            activated=set(self.activated),
            gone=set(self.gone),
            carried=dict(self.carried),
            fighters={k: replace(v) for k, v in self.fighters.items()},
            extra=dict(self.extra),
            companies={k: replace(v) for k, v in self.companies.items()},
        )

    # -- readings --

    def end_orders_pending(self, context: Context) -> bool:
        """The round has end orders not rolled yet."""
        if not self.round or self.orders_ended:
            return False
        return any(
            due_orders(c.settings.orders, moment=Moment.END, round_number=self.round)
            for c in context.ai_companies
        )

    def all_fighters(self, context: Context) -> list[Fighter]:
        return [*context.fighters, *self.extra.values()]

    def on_table(self, fighter: Fighter) -> bool:
        """Come on and still there: not fallen, not gone off the table."""
        mine = self.fighters[fighter.key]
        return fighter.arrives <= self.round and not (mine.fallen or mine.left)

    def just_came(self, fighter: Fighter) -> bool:
        """Brought by this end of round (a reinforcement): it comes on next
        round, and may be told as having left at once."""
        mine = self.fighters[fighter.key]
        return (
            self.round_ended
            and fighter.arrives == self.round + 1
            and not (mine.fallen or mine.left)
        )

    def wounded(self, fighter: Fighter) -> bool:
        """No free wound slot: the next wound fells it."""
        return self.fighters[fighter.key].wounds >= fighter.free_slots

    def hurt(self, fighter: Fighter) -> bool:
        """It took a wound token this round."""
        return self.round > 0 and self.fighters[fighter.key].hurt_round == self.round

    def routing(self, fighter: Fighter) -> bool:
        return (
            self.fighters[fighter.key].routed or self.companies[fighter.company].routed
        )

    def mode(self, company: TableCompany) -> HordeMode:
        return self.companies[company.order].mode

    def side_routed(self, context: Context, side: Side) -> bool:
        companies = [c for c in context.companies if c.side is side]
        return bool(companies) and all(
            self.companies[c.order].routed for c in companies
        )

    def fighters_on_table(self, context: Context, side: Side) -> list[Fighter]:
        return [
            f for f in self.all_fighters(context) if f.side is side and self.on_table(f)
        ]

    def next_activation(self, context: Context) -> Fighter | None:
        """The AI character whose activation comes next this round, if any."""
        if self.round == 0 or self.ended:
            return None
        if self.return_fire is not None:
            fighter = context.fighter(self.return_fire, self)
            if self.on_table(fighter):
                return fighter
        ai = sorted(  # no order stored: picked as the round goes (table/begin.py)
            self.fighters_on_table(context, Side.AI), key=lambda f: f.card_order
        )
        for fighter in [context.fighter(k, self) for k in self.order] or ai:
            if fighter.key not in self.activated and self.on_table(fighter):
                return fighter
        return None

    def lost(self, context: Context, company: TableCompany) -> tuple[int, int]:
        """(characters that have been on the table, characters lost) of a company,
        for its rout check: those deployed at round 1 and any come on since."""
        mine = [
            f
            for f in self.all_fighters(context)
            if f.company == company.order and f.arrives <= max(self.round, 1)
        ]
        lost = [
            f for f in mine if self.fighters[f.key].fallen or self.fighters[f.key].left
        ]
        return len(mine), len(lost)


def state_start(context: Context) -> State:
    """Before the first entry: everyone as the setup left them."""
    state = State(context=context)
    for fighter in context.fighters:
        state.fighters[fighter.key] = FighterState(
            fallen=fighter.starts_fallen,
            disorganized=fighter.disorganized,
            carrying=fighter.carrying,
        )
    for company in context.companies:
        state.companies[company.order] = CompanyState(mode=company.settings.horde_start)
    return state


def state_fold(context: Context, entries: Iterable[Stored]) -> State:
    """The state after ``entries`` (TableEntry rows, drafts, or anything with
    ``kind``, ``subject``, ``data``, ``draws`` and ``deck``), in order: each
    read once into its typed :class:`~engines.table.entries.Entry`."""
    state = state_start(context)
    for entry in entries:
        entry_apply(context, state, entry_parse(entry))
    return state


def state_fold_or_none(context: Context, entries: Iterable[Stored]) -> State | None:
    """The state after ``entries``, or None when they do not fit this battle
    (begun before a re-roll changed who fights, or damaged by hand)."""
    try:
        return state_fold(context, entries)
    except (KeyError, ValueError, TypeError, StopIteration):
        return None


def entry_apply(context: Context, state: State, entry: Entry) -> None:
    """Change ``state`` by one entry, as its data says."""
    match entry.data:
        case RoundData():
            _round(context, state, entry.data)
        case FirstData(first=first):
            state.first = first
        case DecisionData(decision=decision) if entry.kind is EntryKind.ACTIVATION:
            _activation(state, entry.subject, decision)
        case DecisionData(decision=decision):
            _defence(state, entry.subject, decision)
        case TapData():
            _tap(context, state, entry.subject, entry.data)
        case EndRoundData(hordes=hordes):
            _end_of_round(context, state, hordes)
        case OrdersData(wounds=wounds):
            state.orders_ended = True
            state.follow_up = None
            _order_wounds(context, state, wounds)
        case EndData(reason=reason, side=side):
            state.ended = reason.value
            state.ended_by = "" if side is None else side.value
    state.entries += 1
    state.draws = entry.draws
    state.deck = dict(entry.deck) if entry.deck else state.deck


def _round(context: Context, state: State, data: RoundData) -> None:
    state.round = data.round
    state.winner = data.initiative.winner
    state.first = data.initiative.first
    state.order = list(data.order)
    state.positions = dict(data.positions)
    state.sightings = dict(data.sightings)
    state.activated = set()
    state.return_fire = None
    state.return_fire_at = ""
    state.follow_up = None
    state.round_ended = False
    state.orders_ended = False
    state.event = data.event
    state.initiative = data.initiative
    _order_wounds(context, state, data.wounds)


MELEE_ACTIONS = frozenset({Action.CONTINUE_MELEE, Action.MOVE_INTO_MELEE})


def _activation(state: State, subject: str, decision: Decision) -> None:
    mine = state.fighters[subject]
    if not decision.follow_up:
        state.activated.add(subject)
    mine.disorganized = False
    if decision.action == Action.MOVE_TO_EDGE and decision.target:
        mine.carrying = decision.target
    if state.return_fire == subject:
        state.return_fire = None
        state.return_fire_at = ""
    melee = decision.action in MELEE_ACTIONS
    state.follow_up = subject if melee and not decision.follow_up else None


def _defence(state: State, subject: str, decision: Decision) -> None:
    if decision.counts_as_activated or decision.action == Action.RETURN_FIRE:
        state.activated.add(subject)
    if decision.action == Action.RETURN_FIRE:
        state.return_fire = subject
        state.return_fire_at = decision.target


def _tap(context: Context, state: State, subject: str, data: TapData) -> None:
    tap = data.tap
    fells = tap is TapKind.FELL or (tap is TapKind.WOUND and data.falls)
    if not fells or subject == state.follow_up:
        # Felling its enemy keeps the follow-up open, whichever tap told the
        # fall (RULES §4); anything else closes it.
        state.follow_up = None
    if tap is TapKind.COMPANY_ROUTED and data.company is not None:
        state.companies[data.company].routed = True
        return
    if tap is TapKind.JOINED and data.joiner is not None:
        _comes_on(state, data.joiner, card_order=20_000, arrives=state.round)
        return
    if tap is TapKind.SIDE_ROUTED:
        for company in context.companies:
            if company.side is data.side:
                state.companies[company.order].routed = True
        return
    _fighter_tap(context, state, subject, data)


def _fighter_tap(context: Context, state: State, subject: str, data: TapData) -> None:
    """A tap on one character."""
    mine = state.fighters[subject]
    fighter = context.fighter(subject, state)
    match data.tap:
        case TapKind.WOUND:
            if data.falls:
                _falls(context, state, fighter)
            else:
                mine.wounds += 1
            mine.hurt_round = state.round
        case TapKind.FELL:
            _falls(context, state, fighter)
        case TapKind.LEFT:
            mine.left = True
            mine.carrying = None
        case TapKind.ROUTED:
            mine.routed = True
        case TapKind.CARRIED_OFF:
            if mine.carrying:
                state.gone.add(mine.carrying)
                state.carried[subject] = mine.carrying
            mine.carried_off = True
            mine.left = True
            mine.carrying = None
        case TapKind.DROPPED:
            mine.carrying = None
        case TapKind.ACTIVATED:
            state.activated.add(subject)
        case TapKind.PICKED_UP:
            mine.carrying = data.objective
    if data.routs:
        state.companies[fighter.company].routed = True


def _comes_on(
    state: State, newcomer: Newcomer, *, card_order: int, arrives: int
) -> None:
    """A character comes on during the battle (``card_order``: where its kind
    of newcomer is counted from)."""
    state.extra[newcomer.key] = Fighter(
        key=newcomer.key,
        name=newcomer.name,
        label=newcomer.label,
        side=newcomer.side,
        company=newcomer.company,
        card_order=card_order + len(state.extra),
        move=newcomer.move,
        shooting_range=newcomer.shooting_range,
        free_slots=newcomer.free_slots,
        arrives=arrives,
    )
    state.fighters[newcomer.key] = FighterState()


def _order_wounds(
    context: Context, state: State, wounds: tuple[OrderWound, ...]
) -> None:
    """The wounds the entry's scene orders dealt (RULES §5 "Each round")."""
    for wound in wounds:
        mine = state.fighters[wound.key]
        if wound.falls:
            _falls(context, state, context.fighter(wound.key, state))
        else:
            mine.wounds += 1
        mine.hurt_round = state.round
        if wound.routs is not None:
            state.companies[wound.routs].routed = True


def _falls(context: Context, state: State, fighter: Fighter) -> None:
    mine = state.fighters[fighter.key]
    if mine.fallen:
        return
    mine.fallen = True
    mine.carrying = None
    company = context.company(fighter.company)
    if company.horde:
        state.companies[company.order].fallen_so_far += 1


def _end_of_round(
    context: Context, state: State, hordes: tuple[HordeResult, ...]
) -> None:
    state.round_ended = True
    state.follow_up = None
    for result in hordes:
        company = context.company(result.company)
        mine = state.companies[company.order]
        for key in result.bled:
            _falls(context, state, context.fighter(key, state))
        for key in result.removed:
            state.fighters[key].left = state.fighters[key].lurked = True
        mine.mode = result.mode
        for arrival in result.arrivals:
            mine.reinforcements += 1
            _comes_on(state, arrival, card_order=10_000, arrives=state.round + 1)


__all__ = [
    "ENTRY_KINDS",
    "Context",
    "Fighter",
    "State",
    "TableCompany",
    "Template",
    "entry_apply",
    "state_fold",
    "state_fold_or_none",
    "state_start",
    "unique_labels",
]
