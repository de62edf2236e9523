"""What a table page's POST asks for: the action it names, the log version the
page showed, the typed engine action it makes with the POST's inputs
(:mod:`engines.table.moves`), and where to go back to if the input is refused
(the same question again). Names typed in are isolated from the page's text."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from campaigns.bidi import isolated
from campaigns.presenters.table_end import beyond_from
from campaigns.presenters.table_page import answers_from
from engines.table.moves import (
    Action,
    Activate,
    BeginRound,
    ChooseFirst,
    Defend,
    EndBattle,
    EndRound,
    RollRoundOrders,
    SelectAtRandom,
    TellTap,
)


class Fields(Protocol):
    """A POST's fields (Django's QueryDict, or anything like it)."""

    def get(self, key: str, default: Any = ...) -> Any: ...
    def getlist(self, key: str) -> list[Any]: ...
    def keys(self) -> Iterable[str]: ...


NAME_LENGTH = 40
"""A character an event brings in: its name is kept to this many characters."""
PURPOSE_LENGTH = 60
"""A random selection's purpose is kept to this many characters."""

BEGUN = ("seen-", "holds-", "chosen-", "orders")
"""A round's start: the answers given so far."""
ACTION_FIELDS = frozenset({"action", "version", "csrfmiddlewaretoken"})
"""The form's own fields; the rest are an activation's answers."""


@dataclass(frozen=True)
class TableAction:
    """One POST of the table page, read."""

    action: str
    version: int | None
    """The log version the page showed (None: missing or not a number)."""
    move: Action | None
    """The engine action it asks for (None: not an action that adds an entry)."""
    back: dict[str, str]
    """The query string of the question to show again when refused."""
    then: dict[str, str]
    """The query string to go on to once written (a fall told, its follow-up)."""


def table_action(data: Fields) -> TableAction:
    """Read a table page's POST."""
    action = data.get("action", "")
    raw = data.get("version", "")
    version = int(raw) if raw.isdigit() else None
    return TableAction(
        action=action,
        version=version,
        move=action_read(action, data),
        back=action_back(action, data),
        then={"do": "act", "who": data.get("who", ""), "follow": "1"}
        if action == "tap" and data.get("then") == "follow"
        else {},
    )


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
    back = {"skip": "1"} if data.get("skip") == "1" else {}
    if action == "begin":  # the answers so far: the page asks the next question
        return back | {k: data.get(k) for k in data.keys() if k.startswith(BEGUN)}
    if action in ("end_round", "round_orders"):
        return back
    return {}


def _answers(data: Fields) -> dict[str, list[str]]:
    """The POST's answers alone (the activation's hidden fields)."""
    return {
        name: data.getlist(name) for name in data.keys() if name not in ACTION_FIELDS
    }


def action_read(action: str, data: Fields) -> Action | None:
    """The engine action a POST asks for, with its inputs (None: no such)."""
    skipping = data.get("skip") == "1"
    match action:
        case "begin":  # only the sight answers the AI's choice needs
            seen = [k for k in data.keys() if k.startswith("seen-")]
            sightings = {k[5:]: {"sees": data.get(k) == "yes"} for k in seen}
            orders = _orders(data)
            return BeginRound(sightings, orders, skipping, picked=True)
        case "first":
            return ChooseFirst(first=data.get("first", ""))
        case "activate":
            return Activate(
                key=data.get("who", ""),
                answers=answers_from(_answers(data)),
                follow_up=data.get("follow") == "1",
            )
        case "defend":
            return Defend(key=data.get("who", ""), answers=answers_from(_answers(data)))
        case "select":
            purpose = " ".join(data.get("purpose", "").split())[:PURPOSE_LENGTH]
            return SelectAtRandom(
                keys=tuple(data.getlist("pick")),
                purpose=isolated(purpose) if purpose else "",
                everyone=data.get("everyone") == "1",
            )
        case "tap":
            return _tap(data)
        case "end_round":
            lurkers = [k for v in data.getlist("lurker") for k in v.split(",") if k]
            placed = {k: data.get(k) for k in data.keys() if k.startswith("placed-")}
            return EndRound(lurkers=tuple(lurkers), placed=placed, skipping=skipping)
        case "round_orders":
            return RollRoundOrders(answers=_orders(data), skipping=skipping)
        case "end":
            reason, _, side = data.get("reason", "").partition(":")
            return EndBattle(reason=reason, side=side, beyond=beyond_from(data))
    return None


def _tap(data: Fields) -> TellTap:
    tap, key = data.get("tap", ""), data.get("key", "")
    if tap == "joined":
        # Someone an event brings in: its name as typed, isolated.
        name = " ".join(data.get("name", "").split())[:NAME_LENGTH]
        key = isolated(name) if name else ""
    company = data.get("company")
    return TellTap(
        tap=tap,
        key=key,
        company=int(company) if company and company.isdigit() else None,
        side=data.get("side") or "",
        objective=data.get("objective", ""),
    )


def _orders(data: Fields) -> dict[str, Any]:
    """The answers to the due scene orders' questions."""
    return answers_read({name: data.getlist(name) for name in data.keys()})


def answers_read(fields: Mapping[str, Sequence[str]]) -> dict[str, Any]:
    """The answers from a form's fields: ``holds-<id>`` "yes" where an order's
    condition holds, ``chosen-<id>`` the characters chosen for it."""
    holds = [
        name.removeprefix("holds-")
        for name, values in fields.items()
        if name.startswith("holds-") and "yes" in values
    ]
    chosen = {
        name.removeprefix("chosen-"): list(keys)
        for name, keys in fields.items()
        if name.startswith("chosen-") and keys
    }
    return {"holds": holds, "chosen": chosen}
