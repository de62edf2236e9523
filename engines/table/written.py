"""A log entry as the table writes it: a frozen dataclass per kind of entry
holding everything the entry keeps (the player's inputs, the engine's answer,
every roll and draw), and :func:`entry_json`, the one place that turns it into
the stored JSON.

The stored format is the one the log has always had (logs written before the
entries were typed replay to the very same JSON, key for key); reading it back
for the fold is :func:`engines.table.entries.entry_parse`. The page reads the
stored JSON, so nothing here is asked of it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from engines.dice import DiceLog
from engines.enums import Doctrine, EndReason, HordeMode, Side
from engines.table.entries import Initiative, Newcomer, OrderWound, RoundEvent, Sighting
from engines.table.kinds import EntryKind, TapKind


class Plain(Protocol):
    """An engine record that says itself as plain data (a doctrine's decision)."""

    def to_data(self) -> Mapping[str, Any]: ...


# --- the parts of an entry ------------------------------------------------------------


@dataclass(frozen=True)
class OrdersGiven:
    """The players' answers to the due orders' questions, as the entry keeps
    them: ``holds``, the ids of the orders whose condition holds; ``chosen``,
    each order id's chosen characters (their keys)."""

    holds: tuple[str, ...] = ()
    chosen: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @classmethod
    def from_answers(cls, answers: Mapping[str, Any]) -> OrdersGiven:
        """The page's answers cleaned (ids and keys as strings, holds sorted)."""
        chosen = answers.get("chosen", {})
        return cls(
            holds=tuple(sorted({str(i) for i in answers.get("holds", ())})),
            chosen={str(i): tuple(str(k) for k in keys) for i, keys in chosen.items()},
        )


@dataclass(frozen=True)
class OrderDone:
    """What one each-round scene order did: its words, the wounds it dealt
    (each with the company its rout check routed) and the notes it adds."""

    id: str
    company: str
    order: str
    acted: bool
    detail: str
    wounded: tuple[str, ...]
    wounds: tuple[OrderWound, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True)
class PrintedStep:
    """The printed step that fired, as the AI card prints it."""

    section: str
    label: str
    short: str
    text: str


@dataclass(frozen=True)
class Reorganized:
    """The decision of a disorganized character's first activation."""

    action: str
    label: str
    step: str
    reason: str
    detail: str

    def to_data(self) -> Mapping[str, Any]:
        return {
            "action": self.action,
            "label": self.label,
            "step": self.step,
            "steps": [self.step],
            "reason": self.reason,
            "detail": self.detail,
            "target": None,
            "inches": None,
            "follow_up": False,
            "log": [],
        }


@dataclass(frozen=True)
class RoutRolled:
    """An AI company's rout check at a fall, as rolled."""

    due: bool
    routs: bool
    reason: str
    log: DiceLog = ()


@dataclass(frozen=True)
class Arrived:
    """A reinforcement the horde's end of round brought, and its point."""

    newcomer: Newcomer
    near: str
    inches: float
    clock: int


@dataclass(frozen=True)
class HordeDone:
    """One horde company's end of round."""

    company: int
    mode_before: HordeMode
    mode: HordeMode
    bled: tuple[str, ...]
    removed: tuple[str, ...]
    arrivals: tuple[Arrived, ...]
    fallen_so_far: int
    steps: tuple[str, ...]
    log: DiceLog


# --- the entries ----------------------------------------------------------------------


@dataclass(frozen=True)
class RoundWritten:
    kind: ClassVar[EntryKind] = EntryKind.ROUND
    sightings_given: Mapping[str, Mapping[str, Any]]
    orders_given: OrdersGiven | None
    round: int
    arrived: tuple[str, ...]
    event: RoundEvent | None
    scene_orders: tuple[OrderDone, ...]
    initiative: Initiative
    sees: bool
    order: tuple[str, ...]
    positions: Mapping[str, int]
    sightings: Mapping[str, Sighting]
    log: DiceLog
    picked: bool = False
    """The AI's order picked as the round goes (table/begin.py)."""


@dataclass(frozen=True)
class FirstWritten:
    kind: ClassVar[EntryKind] = EntryKind.FIRST
    first: Side


@dataclass(frozen=True)
class ActivationWritten:
    kind: ClassVar[EntryKind] = EntryKind.ACTIVATION
    answers: Mapping[str, str]
    follow_up: bool
    decision: Plain
    printed: PrintedStep
    asked: tuple[tuple[str, str], ...]
    doctrine: Doctrine


@dataclass(frozen=True)
class DefenceWritten:
    kind: ClassVar[EntryKind] = EntryKind.DEFENCE
    answers: Mapping[str, str]
    decision: Plain
    printed: PrintedStep


@dataclass(frozen=True)
class SelectionWritten:
    kind: ClassVar[EntryKind] = EntryKind.SELECTION
    keys: tuple[str, ...]
    purpose: str
    winner: str
    dealt: tuple[tuple[str, str], ...]
    log: DiceLog


@dataclass(frozen=True)
class CompanyRoutedWritten:
    kind: ClassVar[EntryKind] = EntryKind.TAP
    company: int


@dataclass(frozen=True)
class SideRoutedWritten:
    kind: ClassVar[EntryKind] = EntryKind.TAP
    side: Side


@dataclass(frozen=True)
class FighterTapWritten:
    """A tap on one character (a wound, a fall, a rout, an objective…)."""

    kind: ClassVar[EntryKind] = EntryKind.TAP
    tap: TapKind
    key: str
    falls: bool
    objective: str | None = None
    """The objective it carried off (a carried-off tap)."""
    rout_check: RoutRolled | None = None


@dataclass(frozen=True)
class PickedUpWritten:
    kind: ClassVar[EntryKind] = EntryKind.TAP
    key: str
    objective: str


@dataclass(frozen=True)
class JoinedWritten:
    kind: ClassVar[EntryKind] = EntryKind.TAP
    name: str
    """The name as the players gave it."""
    joiner: Newcomer


@dataclass(frozen=True)
class EndRoundWritten:
    kind: ClassVar[EntryKind] = EntryKind.END_ROUND
    lurkers: tuple[str, ...]
    placed: Mapping[str, str]
    hordes: tuple[HordeDone, ...]


@dataclass(frozen=True)
class OrdersWritten:
    kind: ClassVar[EntryKind] = EntryKind.ORDERS
    orders: OrdersGiven
    scene_orders: tuple[OrderDone, ...]
    log: DiceLog


@dataclass(frozen=True)
class EndWritten:
    kind: ClassVar[EntryKind] = EntryKind.END
    reason: EndReason
    side: Side | None
    beyond: int | None = None
    """In a River Crossing: the attacker's characters beyond the river."""


Written = (
    RoundWritten
    | FirstWritten
    | ActivationWritten
    | DefenceWritten
    | SelectionWritten
    | CompanyRoutedWritten
    | SideRoutedWritten
    | FighterTapWritten
    | PickedUpWritten
    | JoinedWritten
    | EndRoundWritten
    | OrdersWritten
    | EndWritten
)


__all__ = [
    "ActivationWritten",
    "Arrived",
    "CompanyRoutedWritten",
    "DefenceWritten",
    "EndRoundWritten",
    "EndWritten",
    "FighterTapWritten",
    "FirstWritten",
    "HordeDone",
    "JoinedWritten",
    "OrderDone",
    "OrdersGiven",
    "OrdersWritten",
    "PickedUpWritten",
    "Plain",
    "PrintedStep",
    "Reorganized",
    "RoundWritten",
    "RoutRolled",
    "SelectionWritten",
    "SideRoutedWritten",
    "Written",
]
