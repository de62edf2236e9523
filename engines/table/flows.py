"""Each doctrine's questions (RULES §5.1–§5.4): plain code asking through a
:class:`~engines.table.questions.Walker`, returning the engine's input built
from the answers alone."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

from engines.doctrines import Enemy, Pursuer, Situation, deck_return_fire
from engines.enums import Doctrine
from engines.roles import DISORGANIZED_RULE
from engines.table.flow_deck import deck_flow
from engines.table.flow_horde import horde_flow
from engines.table.flow_priority import priority_flow
from engines.table.flow_pursuit import pursuit_flow
from engines.table.last_seen import ask_last_seen, last_seen_given, with_last_seen
from engines.table.obeying import ask_orders, ask_orders_after, ask_stay
from engines.table.questions import FAR, REORGANIZE, Need, Walk, Walker
from engines.table.round_sight import round_context
from engines.table.state import Context, Fighter, State

NEAREST_NEXT = frozenset({Doctrine.PRIORITY, Doctrine.DECK})
"""Doctrines whose flow asks for the nearest enemy right after melee (the
priority list; the deck's ♠ and ♥)."""

FLOWS: dict[Doctrine, Callable[[Walker], Situation | Pursuer]] = {
    Doctrine.PRIORITY: priority_flow,
    Doctrine.DECK: deck_flow,
    Doctrine.HORDE: horde_flow,
    Doctrine.PURSUIT: pursuit_flow,
}
"""Each doctrine's questions, each walking its own card's steps."""


def _return_fire(w: Walker, attacker_label: str) -> Situation:
    """RULES §5.2 return fire: only its attacker matters — in sight and range,
    or within move. No card is drawn, so nothing is shown first."""
    attacker = next((e for e in w.enemies if e.label == attacker_label), None)
    if attacker is None:
        # Its attacker is gone from the table: nobody to return fire at.
        return replace(w.situation(), enemies=(_gone(attacker_label),))
    distance = w.inches(
        "attacker_in",
        f"How far is {attacker.label}, its attacker, from {w.name}?",
        also=(w.sees_too("attacker_seen", attacker),) if w.fighter.can_shoot else (),
    )
    sees = False
    if w.fighter.can_shoot and distance <= w.reach and w.visible(distance):
        sees = w.yes(
            "attacker_seen", f"Can {w.name} see {attacker.label}?", w.sight_help()
        )
    w.foe(attacker, distance=distance, in_sight=sees)
    return w.situation()


def _return_fire_limits(w: Walker, subject: Situation) -> None:
    """A scene order limits a return fire's move as it limits any other (§5
    "Scene orders in every doctrine"): the one distance it needs is asked."""
    trial = deck_return_fire(
        subject, attacker=subject.enemies[0].id, settings=w.company.settings
    )
    ask_stay(w, subject, trial=trial)


def _gone(label: str) -> Enemy:
    return Enemy(id=label or "its attacker", distance=FAR, in_sight=False)


def activation_walk(
    context: Context,
    state: State,
    fighter: Fighter,
    answers: Mapping[str, str],
    *,
    follow_up: bool = False,
) -> Walk:
    """The questions for ``fighter``'s activation: those answered, the next one,
    and the engine's input when none is left."""
    context = round_context(context, state)  # an event may limit sight
    context = with_last_seen(context, state, fighter, answers)  # or move the unseeing
    walker = Walker(context, state, fighter, dict(answers), follow_up=follow_up)
    walker.offer_nearest = walker.company.doctrine in NEAREST_NEXT
    subject: Situation | Pursuer | str | None = None
    question = None
    try:
        if state.return_fire == fighter.key and not follow_up:
            subject = _return_fire(walker, state.return_fire_at)
            _return_fire_limits(walker, subject)
        elif (
            walker.mine.disorganized
            and not follow_up
            and not walker.routing
            and not walker.melee()
        ):
            subject = REORGANIZE
            walker.notes.append(DISORGANIZED_RULE)
        else:
            last_seen_given(walker)  # kept: its enemy is asked of below
            ask_orders(walker)
            subject = ask_orders_after(walker, FLOWS[walker.company.doctrine](walker))
            ask_last_seen(walker, subject)
    except Need as need:
        question = need.question
        subject = None
    return Walk(
        fighter=fighter,
        asked=tuple(walker.asked),
        question=question,
        preview=tuple(walker.preview),
        subject=subject,
        notes=tuple(walker.notes),
    )


def defence_walk(
    context: Context, state: State, fighter: Fighter, answers: Mapping[str, str]
) -> Walk:
    """The defensive draw asks who attacks."""
    walker = Walker(round_context(context, state), state, fighter, dict(answers))
    try:
        attacker = walker.who(
            "attacker", f"Who is attacking {walker.name}?", walker.enemies
        )
    except Need as need:
        return Walk(fighter=fighter, asked=tuple(walker.asked), question=need.question)
    subject = Situation(
        id=fighter.label,
        card_order=fighter.card_order,
        move=fighter.move,
        shooting_range=fighter.shooting_range,
        attacked_before_activating=True,
    )
    notes = (attacker.label,) if attacker is not None else ()
    return Walk(
        fighter=fighter,
        asked=tuple(walker.asked),
        question=None,
        subject=subject,
        notes=notes,
    )
