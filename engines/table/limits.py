"""What the table says of an AI character's move: the scene orders that limit
it this round (*keep out*, *stay within*, *ignore terrain*), in words, said on
the answer and beside the distances asked, as the card does; and the table's
pieces that give the cover it may reach."""

from __future__ import annotations

from engines.orders.kinds import LIMIT_KINDS
from engines.orders.kinds import active as orders_active
from engines.table.state import Context, Fighter, State


def cover_label(value: str, label: str, context: Context) -> str:
    """A cover answer naming the table's pieces that give it, as the setup
    sheet letters them: "Soft cover: A Woods, C Hedge"."""
    pieces = [name for name, cover in context.cover_pieces if cover.value == value]
    if not pieces:
        return label
    return f"{label.partition(' (')[0]}: {', '.join(pieces)}"


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
