"""The table page's start of a round: the arrivals to place first, then only
what can change who goes first (``engines.table.begin``), one question at a
time; and while the AI's order is picked as the round goes, whom it may
activate next.

The answers so far travel in the query string (``seen-<key>``, the start
orders' ``holds-<id>`` / ``chosen-<id>``, ``orders=1`` once those are given)
and in the begin form's hidden fields, so a "No" that leaves another
question comes back to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.table.begin import PICK_RULE, ai_choices, arrivals, begin_ready, picking
from engines.table.round_orders import order_asks
from engines.table.state import Context, State

PREFIXES = ("seen-", "holds-", "chosen-")


def _fields(query: Mapping[str, Any]) -> dict[str, list[str]]:
    getlist = getattr(query, "getlist", None)
    return {
        name: [str(v) for v in (getlist(name) if getlist else [query[name]])]
        for name in query
        if name.startswith(PREFIXES)
    }


def begin_values(
    context: Context, state: State, query: Mapping[str, Any]
) -> dict[str, Any]:
    """The begin screen: the arrivals, the start orders' questions until they
    are answered, then the next "Does X see an enemy?" (or none)."""
    from campaigns.forms.table_actions import answers_read

    fields = _fields(query)
    came = arrivals(context, state)
    asks = order_asks(context, state, phase="begin")
    given = query.get("orders") == "1" or not asks
    seen = {
        name.removeprefix("seen-"): values[-1] == "yes"
        for name, values in fields.items()
        if name.startswith("seen-")
    }
    walk = begin_ready(context, state, orders=answers_read(fields), seen=seen)
    ask = walk.ask if given and walk is not None else None
    hidden = [(name, value) for name, values in fields.items() for value in values]
    return {
        "arrivals": came,
        "sight_ask": ask,
        "sight_told": tuple((f.label, sees) for f, sees in walk.seen) if walk else (),
        "begin_hidden": tuple(hidden) if ask is not None else (),
        "order_asks": () if ask is not None else asks,
    }


def choices_values(context: Context, state: State) -> dict[str, Any]:
    """While the AI's order is picked: every AI character it may activate next."""
    choices = ai_choices(context, state)
    if not picking(state) or len(choices) < 2:
        return {}
    return {"choices": tuple((f.key, f.label) for f in choices), "pick_rule": PICK_RULE}
