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
NEAR_KEPT = "near_kept"
"""The same answer for the nearest enemy, ticked beside its distance."""

ENDS_BESIDE = (Action.MOVE_INTO_MELEE, Action.MOVE_TO_OBJECTIVE)
"""Decisions whose move ends beside their target."""


def keep_binding(orders: tuple[Order, ...]) -> tuple[KeepOut, ...]:
    """The keep-out orders among those binding the character."""
    return tuple(o for o in orders if isinstance(o, KeepOut))


def keep_needed(keeps: tuple[KeepOut, ...], decision: Decision) -> bool:
    """Whether the decision ends its move beside its target, limited by them."""
    return (
        decision.action in ENDS_BESIDE
        and decision.target is not None
        and any(order.words() in decision.limits for order in keeps)
    )


def kept_area(order: KeepOut) -> str:
    """The area in words: 'the stream (not on the bridge)'."""
    area = order.what().removeprefix("keeps out of ").split(", except")[0]
    if order.except_through:
        area += f" (not on {the(order.except_through)})"
    return area


def kept_areas(keeps: tuple[KeepOut, ...]) -> str:
    """Every area, as one question asks them: 'the Pony or the Houses'."""
    return " or ".join(kept_area(order) for order in keeps)


def keep_question(keeps: tuple[KeepOut, ...], decision: Decision) -> str:
    return f"Is {decision.target} in {kept_areas(keeps)}?"


def keep_words(keeps: tuple[KeepOut, ...], decision: Decision, *, inside: bool) -> str:
    """Where the move stops, as the answer says (on the first order's line)."""
    said, areas = keeps[0].words(), kept_areas(keeps)
    if inside:
        return (
            f"{said}: {decision.target} stands in {areas}, so the move cannot end "
            "beside it: it stops at the edge"
        )
    return (
        f"{said}: {decision.target} stands outside {areas}; the move goes round "
        "by the shortest way"
    )


def keep_kept(
    decision: Decision, orders: tuple[Order, ...], answers: Mapping[str, str]
) -> Decision:
    """The decision with its keep-out limits decided from the answer (unchanged
    when none binds, its move ends beside no one, or nothing was answered)."""
    keeps = keep_binding(orders)
    if not keeps or not keep_needed(keeps, decision):
        return decision
    answer = answers.get(KEEP_KEY) or answers.get(NEAR_KEPT, "")
    if answer not in ("yes", "no"):
        return decision
    said = keep_words(keeps, decision, inside=answer == "yes")
    first = next(o.words() for o in keeps if o.words() in decision.limits)
    limits = tuple(said if text == first else text for text in decision.limits)
    if answer == "yes":
        decision = stopped_short(
            decision, f"it stops at the edge of {kept_areas(keeps)}"
        )
    return replace(decision, limits=limits)


def limits_kept(
    decision: Decision, orders: tuple[Order, ...], answers: Mapping[str, str]
) -> Decision:
    """Both limits the answers decide: where a stay-within and a keep-out make
    the move stop."""
    return keep_kept(stay_kept(decision, orders, answers), orders, answers)
