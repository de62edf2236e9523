"""*Keep out* decided at the table where the answers can decide it (RULES §5
"Scene orders in every doctrine": a limit on every move; "within move" is
measured along a path the limits allow, so the distances asked already go round
the area).

What the distances cannot say is whether the one a move ends beside stands
inside the area: then no move may end there. So a decision that ends its move
at an enemy or an objective (a charge, a move to an objective) asks that one
yes or no, and says where its move stops.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engines.doctrines import Decision
from engines.enums import Action
from engines.orders.kinds import KeepOut, Order, the
from engines.table.staying import stay_kept, stopped_short

KEEP_KEY = "kept_inside"
"""The answer: whether the one its move ends beside stands inside the area."""

ENDS_BESIDE = (Action.MOVE_INTO_MELEE, Action.MOVE_TO_OBJECTIVE)
"""Decisions whose move ends beside their target."""


def keep_binding(orders: tuple[Order, ...]) -> KeepOut | None:
    """The first keep-out order among those binding the character."""
    return next((o for o in orders if isinstance(o, KeepOut)), None)


def keep_needed(order: KeepOut, decision: Decision) -> bool:
    """Whether the decision ends its move beside its target, limited by it."""
    return (
        decision.action in ENDS_BESIDE
        and decision.target is not None
        and order.words() in decision.limits
    )


def kept_area(order: KeepOut) -> str:
    """The area in words: 'the stream (not on the bridge)'."""
    area = order.what().removeprefix("keeps out of ").split(", except")[0]
    if order.except_through:
        area += f" (not on {the(order.except_through)})"
    return area


def keep_question(order: KeepOut, decision: Decision) -> str:
    return f"Is {decision.target} in {kept_area(order)}?"


def keep_words(order: KeepOut, decision: Decision, *, inside: bool) -> str:
    """Where the move stops, as the answer says."""
    if inside:
        return (
            f"{order.words()}: {decision.target} stands in it, so the move cannot "
            "end beside it: it stops at the area's edge"
        )
    return (
        f"{order.words()}: {decision.target} stands outside it; the move goes "
        "round the area by the shortest way"
    )


def keep_kept(
    decision: Decision, orders: tuple[Order, ...], answers: Mapping[str, str]
) -> Decision:
    """The decision with its keep-out limit decided from the answer (unchanged
    when none binds, its move ends beside no one, or nothing was answered)."""
    order = keep_binding(orders)
    if order is None or not keep_needed(order, decision):
        return decision
    answer = answers.get(KEEP_KEY, "")
    if answer not in ("yes", "no"):
        return decision
    said = keep_words(order, decision, inside=answer == "yes")
    limits = tuple(said if text == order.words() else text for text in decision.limits)
    if answer == "yes":
        decision = stopped_short(
            decision, f"it stops at the edge of {kept_area(order)}"
        )
    return replace(decision, limits=limits)


def limits_kept(
    decision: Decision, orders: tuple[Order, ...], answers: Mapping[str, str]
) -> Decision:
    """Both limits the answers decide: where a stay-within and a keep-out make
    the move stop."""
    return keep_kept(stay_kept(decision, orders, answers), orders, answers)
