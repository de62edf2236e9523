"""A log entry, typed: the stored JSON read once, at the fold's door, into a
frozen dataclass per kind (what the entry changed), so the fold never indexes a
dict nor compares a kind as a string.

The stored format is unchanged: :func:`entry_parse` reads a row (or a draft)
as today's code writes it, and logs written before the log was typed (kept as
fixtures in the tests) parse and fold to the same state. Only what folding
reads is typed here; the rest of an entry's data (the dice, the words, the
answers asked) stays in the row for the page.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from engines.enums import EndReason, HordeMode, Side
from engines.table.kinds import EntryKind, TapKind


class Stored(Protocol):
    """A row of the log as the app keeps it (or a draft, or a fixture)."""

    kind: str
    subject: str
    data: Any
    draws: int
    deck: Any


@dataclass(frozen=True)
class Initiative:
    winner: Side | None
    first: Side | None
    fixed: bool = False
    reason: str = ""
    roll: int | None = None


@dataclass(frozen=True)
class RoundEvent:
    """The round's random event, as its card and the table name it."""

    card: str
    step: Any
    reason: str
    title: str
    text: str
    sight_limit: float | None = None
    """The event's sight limit for this round (None: it does not change sight)."""
    toward_last_seen: bool = False
    """This round an AI character that sees no enemy moves toward the nearest
    enemy it last saw, or holds."""


@dataclass(frozen=True)
class Sighting:
    sees: bool
    distance: float | None


@dataclass(frozen=True)
class OrderWound:
    """A wound a scene order dealt: its character, whether it fell, and the
    company it routed (None: none)."""

    key: str
    falls: bool
    routs: int | None = None


@dataclass(frozen=True)
class Newcomer:
    """A character come on during the battle: a reinforcement or a joiner."""

    key: str
    name: str
    label: str
    side: Side
    company: int
    move: float
    shooting_range: float | None
    free_slots: int


@dataclass(frozen=True)
class HordeResult:
    company: int
    bled: tuple[str, ...]
    removed: tuple[str, ...]
    mode: HordeMode
    arrivals: tuple[Newcomer, ...]


@dataclass(frozen=True)
class Decision:
    """What folding reads of the engine's decision."""

    action: str
    target: str
    follow_up: bool
    counts_as_activated: bool


@dataclass(frozen=True)
class RoundData:
    round: int
    initiative: Initiative
    order: tuple[str, ...]
    positions: Mapping[str, int]
    sightings: Mapping[str, Sighting]
    event: RoundEvent | None
    wounds: tuple[OrderWound, ...]


@dataclass(frozen=True)
class FirstData:
    first: Side


@dataclass(frozen=True)
class DecisionData:
    """An activation's or a defensive draw's decision."""

    decision: Decision


@dataclass(frozen=True)
class TapData:
    tap: TapKind
    falls: bool = False
    company: int | None = None
    side: Side | None = None
    joiner: Newcomer | None = None
    objective: str = ""
    routs: bool = False
    """Its rout check routed the character's company."""


@dataclass(frozen=True)
class EndRoundData:
    hordes: tuple[HordeResult, ...]


@dataclass(frozen=True)
class OrdersData:
    wounds: tuple[OrderWound, ...]


@dataclass(frozen=True)
class EndData:
    reason: EndReason
    side: Side | None
    beyond: int | None = None
    """River Crossing: the attacker's characters standing beyond the river at
    the end, as the players counted them (None: not asked)."""


@dataclass(frozen=True)
class Nothing:
    """An entry that changes nothing folding reads (a random selection)."""


EntryData = (
    RoundData
    | FirstData
    | DecisionData
    | TapData
    | EndRoundData
    | OrdersData
    | EndData
    | Nothing
)


@dataclass(frozen=True)
class Entry:
    """One entry of the log, typed."""

    kind: EntryKind
    subject: str
    data: EntryData
    draws: int
    deck: Mapping[str, Any] | None


# --- reading the stored JSON ----------------------------------------------------------


def entry_parse(row: Stored) -> Entry:
    """The entry a stored row holds (read once: the fold takes it typed)."""
    kind = EntryKind(row.kind)
    return Entry(
        kind=kind,
        subject=row.subject,
        data=_data(kind, row.data or {}),
        draws=row.draws,
        deck=row.deck or None,
    )


def _data(kind: EntryKind, data: Mapping[str, Any]) -> EntryData:
    match kind:
        case EntryKind.ROUND:
            return _round(data)
        case EntryKind.FIRST:
            return FirstData(first=Side(data["first"]))
        case EntryKind.ACTIVATION | EntryKind.DEFENCE:
            return DecisionData(decision=_decision(data["decision"]))
        case EntryKind.TAP:
            return _tap(data)
        case EntryKind.END_ROUND:
            return EndRoundData(hordes=tuple(_horde(h) for h in data.get("hordes", ())))
        case EntryKind.ORDERS:
            return OrdersData(wounds=_order_wounds(data))
        case EntryKind.END:
            side = data.get("side") or None
            beyond = data.get("beyond")
            return EndData(
                reason=EndReason(data["reason"]),
                side=None if side is None else Side(side),
                beyond=None if beyond is None else int(beyond),
            )
    return Nothing()


def _side(value: Any) -> Side | None:
    return Side(value) if value else None


def _round(data: Mapping[str, Any]) -> RoundData:
    ini = data["initiative"]
    event = data.get("event")
    return RoundData(
        round=int(data["round"]),
        initiative=Initiative(
            winner=_side(ini.get("winner")),
            first=_side(ini.get("first")),
            fixed=bool(ini.get("fixed")),
            reason=str(ini.get("reason", "")),
            roll=ini.get("roll"),
        ),
        order=tuple(data.get("order", ())),
        positions=dict(data.get("positions", {})),
        sightings={
            key: Sighting(sees=bool(seen.get("sees")), distance=seen.get("distance"))
            for key, seen in data.get("sightings", {}).items()
        },
        event=None
        if event is None
        else RoundEvent(
            card=event["card"],
            step=event.get("step"),
            reason=event.get("reason", ""),
            title=event.get("title", ""),
            text=event.get("text", ""),
            sight_limit=event.get("sight_limit"),
            toward_last_seen=bool(event.get("toward_last_seen")),
        ),
        wounds=_order_wounds(data),
    )


def _order_wounds(data: Mapping[str, Any]) -> tuple[OrderWound, ...]:
    return tuple(
        OrderWound(
            key=wound["key"],
            falls=bool(wound["falls"]),
            routs=int(wound["routs"]) if "routs" in wound else None,
        )
        for done in data.get("scene_orders", ())
        for wound in done.get("wounds", ())
    )


def _decision(decision: Mapping[str, Any]) -> Decision:
    return Decision(
        action=str(decision["action"]),
        target=decision.get("target") or "",
        follow_up=bool(decision.get("follow_up")),
        counts_as_activated=bool(decision.get("counts_as_activated")),
    )


def _newcomer(data: Mapping[str, Any], *, side: Side, company: int) -> Newcomer:
    return Newcomer(
        key=data["key"],
        name=data["name"],
        label=data["label"],
        side=side,
        company=company,
        move=data["move"],
        shooting_range=data["shooting_range"],
        free_slots=data["free_slots"],
    )


def _tap(data: Mapping[str, Any]) -> TapData:
    tap = TapKind(data["tap"])
    joiner = data.get("joiner")
    rout = data.get("rout_check")
    return TapData(
        tap=tap,
        falls=bool(data.get("falls")),
        company=int(data["company"]) if tap is TapKind.COMPANY_ROUTED else None,
        side=_side(data.get("side")),
        joiner=None
        if joiner is None
        else _newcomer(
            joiner, side=Side(joiner["side"]), company=int(joiner["company"])
        ),
        objective=data.get("objective") or "",
        routs=bool(rout and rout.get("routs")),
    )


def _horde(result: Mapping[str, Any]) -> HordeResult:
    company = int(result["company"])
    return HordeResult(
        company=company,
        bled=tuple(result["bled"]),
        removed=tuple(result["removed"]),
        mode=HordeMode(result["mode"]),
        arrivals=tuple(
            _newcomer(a, side=Side.AI, company=company) for a in result["arrivals"]
        ),
    )


__all__ = [
    "Decision",
    "DecisionData",
    "EndData",
    "EndRoundData",
    "Entry",
    "EntryData",
    "FirstData",
    "HordeResult",
    "Initiative",
    "Newcomer",
    "Nothing",
    "OrderWound",
    "OrdersData",
    "RoundData",
    "RoundEvent",
    "Sighting",
    "Stored",
    "TapData",
    "entry_parse",
]
