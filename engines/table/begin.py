"""The start of a round as the table asks it (RULES §4): only what can change
who goes first, and the AI's order found as the round goes.

§4 orders the start of a round: the arrivals are placed, the start orders
act, the random event is drawn, the initiative rolled. Only the initiative
reads what the AI sees, and only when the AI side wins it: it goes first if
any AI character has an enemy in sight. So :func:`begin_walk` asks nothing
when the scenario fixes who goes first, when the humans win the roll (they
choose), or when a pursuer is on the table (it always sees its quarry); else
"Does X see an enemy?", one AI character at a time, and stops at the first
yes. The roll is the battle's own (the same source at the same point of the
log), so asking after it or before it gives the same answer.

The AI's activation order (§5: those with an enemy in sight first, each group
nearest to an enemy first, ties in card order) is then not asked up front:
each time the AI activates, the players pick the next by that rule among the
AI characters still to act (:func:`ai_choices`), and a pursuer's position is
its place among the pursuers picked so far (:func:`pursuit_position`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engines.doctrines.pursuit import POSITION_CAP
from engines.enums import Doctrine, Side
from engines.table.draft import Draft
from engines.table.errors import UNANSWERED, TableRefused
from engines.table.round_orders import OrderAnswers
from engines.table.state import Context, Fighter, State
from engines.table.written import RoundWritten

PICK_RULE = (
    "The AI character that sees an enemy and is nearest to one goes next (a "
    "pursuer: the one nearest its quarry); if none sees an enemy, the one nearest "
    "an enemy; ties in card order."
)
"""How the players pick the AI's next activation (§5's order, as it stands now)."""

ARRIVING = (
    "An arriving model is placed touching its side's entry edge, as near its "
    "middle as it can be, at least 1\u2033 from every enemy."
)
"""Where an arrival goes when its company's setup says nothing more (§1)."""


@dataclass(frozen=True)
class Arrival:
    """A character coming on at the start of this round, and where."""

    key: str
    label: str
    side: Side
    where: str


@dataclass(frozen=True)
class BeginWalk:
    """What beginning the next round asks: the arrivals to place first, the
    sight answers so far, the next "Does X see an enemy?" (None: ready)."""

    arrivals: tuple[Arrival, ...]
    seen: tuple[tuple[Fighter, bool], ...]
    ask: Fighter | None
    why: str
    """Why nothing (more) is asked, in words ('' while asking)."""

    @property
    def ready(self) -> bool:
        return self.ask is None

    @property
    def sightings(self) -> dict[str, dict[str, bool]]:
        """The round's sight inputs: only the answers given."""
        return {f.key: {"sees": sees} for f, sees in self.seen}


def arrivals(context: Context, state: State) -> tuple[Arrival, ...]:
    """Everyone coming on at the start of the next round (both sides), with
    where the setup sheet places them; round 1's deployment is the sheet's."""
    number = state.round + 1
    if number == 1:
        return ()
    return tuple(
        Arrival(
            key=f.key,
            label=f.label,
            side=f.side,
            where=context.company(f.company).arrival or ARRIVING,
        )
        for f in sorted(state.all_fighters(context), key=lambda f: f.card_order)
        if f.arrives == number
        and not (state.fighters[f.key].fallen or state.fighters[f.key].left)
    )


def begin_walk(
    context: Context,
    state: State,
    *,
    orders: OrderAnswers | None = None,
    seen: Mapping[str, bool] | None = None,
) -> BeginWalk:
    """The next round's questions, given the start orders' answers and the
    sight answers so far (by key). Refused as :func:`round_begin` refuses."""
    from engines.table.turns import round_begin

    preview: Draft = round_begin(
        context, state, sightings={}, orders=orders, picked=True
    )
    written = preview.entry
    assert isinstance(written, RoundWritten)
    ini = written.initiative
    felled = {w.key for d in written.scene_orders for w in d.wounds if w.falls}
    present = sorted(
        (
            f
            for f in state.all_fighters(context)
            if f.side is Side.AI
            and f.arrives <= state.round + 1
            and not (state.fighters[f.key].fallen or state.fighters[f.key].left)
            and f.key not in felled
        ),
        key=lambda f: f.card_order,
    )
    came = arrivals(context, state)
    pursuers = [
        f for f in present if context.company(f.company).doctrine is Doctrine.PURSUIT
    ]
    if ini.fixed:
        why = "the scenario says who goes first"
    elif ini.winner is not Side.AI:
        why = "the humans win the initiative and choose"
    elif pursuers:
        why = f"{pursuers[0].label} always sees its quarry"
    elif not present:
        why = "no AI character is on the table"
    else:
        why = ""
    if why:
        return BeginWalk(arrivals=came, seen=(), ask=None, why=why)
    given = seen or {}
    answered: list[tuple[Fighter, bool]] = []
    for fighter in present:
        if fighter.key not in given:
            return BeginWalk(arrivals=came, seen=tuple(answered), ask=fighter, why="")
        answered.append((fighter, bool(given[fighter.key])))
        if given[fighter.key]:
            return BeginWalk(
                arrivals=came,
                seen=tuple(answered),
                ask=None,
                why=f"{fighter.label} sees an enemy",
            )
    return BeginWalk(
        arrivals=came, seen=tuple(answered), ask=None, why="no AI character sees one"
    )


def begin_ready(
    context: Context,
    state: State,
    *,
    orders: OrderAnswers | None,
    seen: Mapping[str, bool],
) -> BeginWalk | None:
    """The walk, or None when the round may not begin (the page then offers
    the plain button, whose refusal says why)."""
    try:
        return begin_walk(context, state, orders=orders, seen=seen)
    except TableRefused:
        return None


def begin_check(
    context: Context,
    state: State,
    *,
    sightings: Mapping[str, Mapping[str, object]],
    orders: OrderAnswers | None,
) -> None:
    """Refused (unanswered) while the walk still has a question: the next
    "Does X see an enemy?" in words."""
    seen = {key: bool(value.get("sees")) for key, value in sightings.items()}
    walk = begin_walk(context, state, orders=orders, seen=seen)
    if walk.ask is not None:
        raise TableRefused(
            f"Does {walk.ask.label} see an enemy? Say it to begin the round.",
            code=UNANSWERED,
        )


# --- the order, picked as the round goes ---------------------------------------------


def picking(state: State) -> bool:
    """This round's AI order is picked as it goes (its entry stored none)."""
    return state.round > 0 and not state.order


def ai_choices(context: Context, state: State) -> tuple[Fighter, ...]:
    """The AI characters the players may activate next: the one the order
    says, or while the order is picked, any still to act (card order)."""
    nxt = state.next_activation(context)
    if nxt is None:
        return ()
    if not picking(state) or state.return_fire is not None:
        return (nxt,)
    return tuple(
        f
        for f in sorted(
            state.fighters_on_table(context, Side.AI), key=lambda f: f.card_order
        )
        if f.key not in state.activated
    )


def pursuit_position(context: Context, state: State, fighter: Fighter) -> int:
    """A pursuer's position (§5.4): as the round's entry ranked it, or while
    the order is picked, 1 + the pursuers that activated before it."""
    if state.positions or not picking(state):
        return state.positions.get(fighter.key, 1)
    before = [
        key
        for key in state.activated
        if key != fighter.key
        and context.company(context.fighter(key, state).company).doctrine
        is Doctrine.PURSUIT
    ]
    return min(1 + len(before), POSITION_CAP)


__all__ = [
    "PICK_RULE",
    "Arrival",
    "BeginWalk",
    "ai_choices",
    "arrivals",
    "begin_check",
    "begin_ready",
    "begin_walk",
    "picking",
    "pursuit_position",
]
