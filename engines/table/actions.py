"""What a table page's form asks for: the entry an action makes with the
form's inputs, and where to go back to if the input is refused (the same
question again). The app reads its POST into these (``Fields``: anything with
``get``, ``getlist`` and ``keys``, as Django's QueryDict)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol

from engines.table.draft import Draft
from engines.table.errors import TableRefused
from engines.table.horde_end import round_end
from engines.table.page import answers_from, candidates
from engines.table.round_orders import answers_read, round_orders_end
from engines.table.state import Context, State
from engines.table.taps import battle_end, tap_record
from engines.table.turns import (
    activation_decide,
    defence_draw,
    first_choose,
    random_select,
    round_begin,
)


class Fields(Protocol):
    def get(self, name: str, default: str = ...) -> str: ...
    def getlist(self, name: str) -> list[str]: ...
    def keys(self) -> Iterable[str]: ...


Maker = Callable[[Context, State], Draft]

NAME_LENGTH = 40
"""A character an event brings in: its name is kept to this many characters."""
PURPOSE_LENGTH = 60
"""A random selection's purpose is kept to this many characters."""

ACTION_FIELDS = frozenset({"action", "version", "csrfmiddlewaretoken"})
"""The form's own fields; the rest are an activation's answers."""


def action_back(action: str, data: Fields) -> dict[str, str]:
    """After a refused question's answer: the same question again."""
    if action in ("activate", "defend"):
        query = {"do": "act" if action == "activate" else "defend"}
        query["who"] = data.get("who", "")
        if data.get("follow") == "1":
            query["follow"] = "1"
        if data.get("asked"):
            query["asked"] = data.get("asked", "")
        return query | answers_from(_answers(data))
    if action in ("select", "end"):
        return {"do": action}
    return {}


def _answers(data: Fields) -> dict[str, list[str]]:
    """The POST's answers alone (the activation's hidden fields)."""
    return {
        name: data.getlist(name) for name in data.keys() if name not in ACTION_FIELDS
    }


def action_maker(
    action: str, data: Fields, *, isolate: Callable[[str], str] = str
) -> Maker | None:
    """The table service an action calls, with the POST's inputs."""
    match action:
        case "begin":
            keys = data.getlist("fighter")
            seeing = set(data.getlist("sees"))
            sightings = {
                key: {"sees": key in seeing, "distance": data.get(f"near-{key}", "")}
                for key in keys
            }
            orders = _orders(data)
            return lambda c, s: round_begin(c, s, sightings=sightings, orders=orders)
        case "first":
            first = data.get("first", "")
            return lambda c, s: _checked(first_choose, c, s, first=first)
        case "activate":
            key, follow = data.get("who", ""), data.get("follow") == "1"
            answers = answers_from(_answers(data))
            return lambda c, s: activation_decide(
                c, s, key=key, answers=answers, follow_up=follow
            )
        case "defend":
            key = data.get("who", "")
            answers = answers_from(_answers(data))
            return lambda c, s: defence_draw(c, s, key=key, answers=answers)
        case "select":
            keys, purpose = data.getlist("pick"), data.get("purpose", "")
            purpose = " ".join(purpose.split())[:PURPOSE_LENGTH]
            purpose = isolate(purpose) if purpose else ""
            if data.get("everyone") == "1":
                # One card to every character on the table, in one tap.
                return lambda c, s: random_select(
                    c, s, keys=[key for key, *_ in candidates(c, s)], purpose=purpose
                )
            return lambda c, s: random_select(c, s, keys=keys, purpose=purpose)
        case "tap":
            tap, key, side = data.get("tap", ""), data.get("key", ""), data.get("side")
            if tap == "joined":
                # Someone an event brings in: its name as typed, isolated.
                name = " ".join(data.get("name", "").split())[:NAME_LENGTH]
                key = isolate(name) if name else ""
            company, objective = data.get("company"), data.get("objective", "")
            return lambda c, s: tap_record(
                c,
                s,
                tap=tap,
                key=key,
                company=int(company) if company and company.isdigit() else None,
                side=side or "",
                objective=objective,
            )
        case "end_round":
            lurkers = [k for v in data.getlist("lurker") for k in v.split(",") if k]
            placed = {k: data.get(k) for k in data.keys() if k.startswith("placed-")}
            return lambda c, s: round_end(c, s, lurkers=lurkers, placed=placed)
        case "round_orders":
            orders = _orders(data)
            return lambda c, s: round_orders_end(c, s, answers=orders)
        case "end":
            reason, _, side = data.get("reason", "").partition(":")
            return lambda c, s: battle_end(c, s, reason=reason, side=side)
    return None


def _orders(data: Fields) -> dict:
    """The answers to the due scene orders' questions."""
    return answers_read({name: data.getlist(name) for name in data.keys()})


def _checked(function, context: Context, state: State, **inputs) -> Draft:
    """A service whose input names a choice: a bad one is a refused input."""
    try:
        return function(context, state, **inputs)
    except ValueError as error:
        raise TableRefused("Choose one of the answers offered.") from error
