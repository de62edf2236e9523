"""An event that changes what an unseeing AI character does (RULES §5.2; the
demo's Sudden Fog: "an AI character that cannot see an enemy moves toward the
nearest enemy it last saw, or holds").

Whom a character last saw is nothing the phone knows, so it is asked — only
when the event's rule decides the activation. The rule enters the decision as
data: a no-enemy-in-sight order binding this character in this round, toward
the enemy named (none named: it holds), placed before the company's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engines.doctrines import Pursuer, Situation
from engines.enums import Doctrine, Side
from engines.events import EventNoEnemy, last_seen_order
from engines.table.questions import Walker
from engines.table.state import Context, Fighter, State

LAST_SEEN_KEY = "last_seen"
HOLDS = "None: it holds"


def last_seen_due(context: Context, state: State, fighter: Fighter) -> bool:
    """This round's event moves an unseeing character toward whom it last saw
    (a pursuer has its route instead)."""
    event = state.event if state.round else None
    return (
        event is not None
        and event.toward_last_seen
        and context.company(fighter.company).doctrine is not Doctrine.PURSUIT
    )


def event_order(
    context: Context, state: State, fighter: Fighter, answers: Mapping[str, str]
) -> EventNoEnemy | None:
    """The event's order for ``fighter`` (None: not this round), toward the
    enemy the answer names; unanswered or none: it holds."""
    if not last_seen_due(context, state, fighter):
        return None
    assert state.event is not None
    named = answers.get(LAST_SEEN_KEY)
    enemy = next(
        (f for f in state.fighters_on_table(context, Side.PLAYER) if f.key == named),
        None,
    )
    label = None if enemy is None else enemy.label
    return last_seen_order(state.event.title, fighter.label, label)


def with_last_seen(
    context: Context, state: State, fighter: Fighter, answers: Mapping[str, str]
) -> Context:
    """``context`` with the event's order first among ``fighter``'s company's."""
    order = event_order(context, state, fighter, answers)
    if order is None:
        return context
    companies = tuple(
        replace(c, settings=replace(c.settings, orders=(order, *c.settings.orders)))
        if c.order == fighter.company
        else c
        for c in context.companies
    )
    return replace(context, companies=companies)


def ask_last_seen(w: Walker, subject: Situation | Pursuer) -> None:
    """When the event's order decides the activation (it sees no enemy): which
    enemy did it last see? The answer names the order's target."""
    if not isinstance(subject, Situation):
        return
    order = event_order(w.context, w.state, w.fighter, w.answers)
    if order is None or w.trial(subject).order != order.label:
        return
    _ask(w, order)


def last_seen_given(w: Walker) -> None:
    """An answer already given is kept from the start of the walk: the enemy
    it names is listed, and may be asked of, before the doctrine decides (so
    the answer stays whatever those questions learn)."""
    if LAST_SEEN_KEY not in w.answers:
        return
    order = event_order(w.context, w.state, w.fighter, w.answers)
    if order is not None:
        _ask(w, order)


def _ask(w: Walker, order: EventNoEnemy) -> None:
    if any(a.question.name == LAST_SEEN_KEY for a in w.asked):
        return
    w.who(
        LAST_SEEN_KEY,
        f"Which enemy did {w.name} last see?",
        w.enemies,
        none=HOLDS,
        help=f"{order.event}: with no enemy in sight it moves toward the nearest "
        "enemy it last saw, or holds.",
    )
