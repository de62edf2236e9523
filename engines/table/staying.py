"""*Stay within* decided at the table, not only printed (RULES §5 "Scene orders
in every doctrine": a limit on every move the character makes).

The doctrine decides what the character does; the order then says how far that
move may go. One distance settles it: how far the character stands from the
place now. Within ``distance − that`` it may move any way and still end within
the limit; beyond, it must stop where it would end further than the limit
(a charge at an enemy further than ``distance + that`` cannot end beside it at
all). The question is asked only when the decision moves the character, and
not when it moves toward the place itself (that move never takes it away).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engines.doctrines import Decision
from engines.enums import Action
from engines.orders.kinds import Order, StayWithin
from engines.table.inches import parse_inches
from engines.text import inches

STAY_KEY = "stay_in"
"""The answer: how far the character stands from the place it stays within."""


def stay_binding(orders: tuple[Order, ...]) -> StayWithin | None:
    """The first stay-within order among those binding the character."""
    return next((o for o in orders if isinstance(o, StayWithin)), None)


def stay_needed(order: StayWithin, decision: Decision) -> bool:
    """Whether the decision's move could take it past the limit: it moves (the
    decision carries the order among its limits), and not toward the place."""
    return order.words() in decision.limits and decision.target != order.place.name


def stay_words(order: StayWithin, decision: Decision, *, away: float) -> str:
    """Where the move must stop, from how far (``away``) it stands from the place."""
    limit = inches(order.distance)
    room = order.distance - away
    said = f"{order.words()}: it stands {inches(away)} from there"
    if room <= 0:
        return f"{said}, so its move may take it no further away"
    move = decision.inches
    if move is not None and move <= room:
        return f"{said}, so its move of {inches(move)} cannot take it past {limit}"
    out = ""
    if (
        decision.action is Action.MOVE_INTO_MELEE
        and move is not None
        and move > order.distance + away
    ):
        # The enemy is further than the limit from the place: no charge ends
        # beside it within the limit.
        out = f"; it cannot end beside {decision.target} within the limit"
    return (
        f"{said}; after {inches(room)} it goes on only while it stays within "
        f"{limit}, stopping where it would leave it{out}"
    )


STOPS_SHORT = {
    Action.MOVE_INTO_MELEE: Action.MOVE_TOWARD_ENEMY,
    Action.MOVE_TO_OBJECTIVE: Action.MOVE_TOWARD_OBJECTIVE,
}
"""A move that was to end beside its target, when a limit forbids ending there:
it moves toward it instead, as far as the limit lets it."""


def stopped_short(decision: Decision, why: str) -> Decision:
    """The decision moving toward its target instead of ending beside it."""
    action = STOPS_SHORT.get(decision.action)
    if action is None:
        return decision
    return replace(decision, action=action, detail=f"{decision.detail}; {why}")


def stay_kept(
    decision: Decision, orders: tuple[Order, ...], answers: Mapping[str, str]
) -> Decision:
    """The decision with its stay-within limit decided from the answer (the
    order's words replaced by where the move must stop); unchanged when no
    stay-within binds, the move cannot take it past, or nothing was answered."""
    order = stay_binding(orders)
    if order is None or not stay_needed(order, decision):
        return decision
    away = parse_inches(answers.get(STAY_KEY, ""))
    if away is None:
        return decision
    said = stay_words(order, decision, away=away)
    limits = tuple(said if text == order.words() else text for text in decision.limits)
    if "cannot end beside" in said:
        decision = stopped_short(decision, "the limit stops it short")
    return replace(decision, limits=limits)
