"""The scene orders that limit an AI character's move this round (*keep out*,
*stay within*, *ignore terrain*), in words: the table page says them on the
answer and beside the distances it asks, as the card does."""

from __future__ import annotations

from engines.orders.kinds import LIMIT_KINDS
from engines.orders.kinds import active as orders_active
from engines.table.state import Context, Fighter, State


def move_limits(context: Context, state: State, fighter: Fighter) -> tuple[str, ...]:
    """The words of each order limiting ``fighter``'s moves this round."""
    orders = orders_active(
        context.company(fighter.company).settings.orders,
        character=fighter.label,
        round_number=state.round or None,
    )
    return tuple(o.words() for o in orders if o.kind in LIMIT_KINDS)


def distance_help(context: Context, state: State, fighter: Fighter) -> str:
    """The help of a distance its move would cover: along a path its limits
    allow, when scene orders limit it (else empty: the usual help)."""
    limits = move_limits(context, state, fighter)
    if not limits:
        return ""
    return (
        "Base edge to base edge, in inches, along a path its limits allow: "
        f"{'; '.join(limits)}."
    )
