"""Dice and the dice log.

Chance is an explicit step: every roll goes through a :class:`Dice` built on an
injected random source (``random.Random(seed)`` in the site), and every roll is
recorded as a :class:`LogEntry` with its purpose, the dice, the modifiers, the
total and the outcome read from the rule table. The same seed and inputs give
the same rolls in the same order, and therefore the same log.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

Modifier = tuple[str, int]

DIRECTION = "direction"
"""The ``kind`` of a direction roll's log entry (§5.3: D6, then D6; even adds 6)."""
TERRAIN = "terrain"
"""The ``kind`` of a rolled terrain piece's entry (§3.13): its kind die (two for
a wall or hedge), then its column and row dice; the outcome "kind; sector"."""


class RandomSource(Protocol):
    """What the engine needs of a random source (``random.Random`` fits)."""

    def randint(self, a: int, b: int) -> int: ...

    def shuffle(self, x: list[Any]) -> None: ...


@dataclass(frozen=True)
class LogEntry:
    """One roll or card draw: purpose, dice or card, modifiers, total, outcome."""

    purpose: str
    dice: tuple[int, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    total: int | None = None
    outcome: str = ""
    card: str | None = None
    kind: str = ""
    """What sort of entry: "" for a plain roll, ``DIRECTION`` for a direction roll."""

    @property
    def natural(self) -> int | None:
        """The face of a single die before modifiers (None for several dice, a card)."""
        return self.dice[0] if len(self.dice) == 1 else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "purpose": self.purpose,
            "dice": list(self.dice),
            "modifiers": [[reason, value] for reason, value in self.modifiers],
            "total": self.total,
            "outcome": self.outcome,
            "card": self.card,
        } | ({"kind": self.kind} if self.kind else {})

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> LogEntry:
        return cls(
            purpose=str(data["purpose"]),
            dice=tuple(int(d) for d in data.get("dice", ())),
            modifiers=tuple(
                (str(reason), int(value)) for reason, value in data.get("modifiers", ())
            ),
            total=None if data.get("total") is None else int(data["total"]),
            outcome=str(data.get("outcome", "")),
            card=data.get("card"),
            kind=str(data.get("kind") or ""),
        )

    def describe(self) -> str:
        """One line a player can read: 'AI stance: D6 4, Rash +1 = 5 → attack'."""
        if self.kind == DIRECTION and len(self.dice) == 2:
            return self._describe_direction()
        if self.kind == TERRAIN and len(self.dice) >= 3:
            return self._describe_terrain()
        parts = [self.purpose + ":"]
        if self.card is not None:
            parts.append(self.card)
        terms = []
        if self.dice:
            label = "D6" if len(self.dice) == 1 else f"{len(self.dice)}D6"
            terms.append(f"{label} {'+'.join(str(d) for d in self.dice)}")
        terms.extend(f"{reason} {value:+d}" for reason, value in self.modifiers)
        if terms:
            parts.append(", ".join(terms))
        if (
            self.dice
            and (self.modifiers or len(self.dice) > 1)
            and self.total is not None
        ):
            parts.append(f"= {self.total}")
        if self.outcome:
            # Nothing rolled or drawn (a shuffle): the outcome is the whole line.
            parts.append(f"→ {self.outcome}" if len(parts) > 1 else self.outcome)
        return " ".join(parts)

    def _describe_terrain(self) -> str:
        """'Terrain 2: 4, 6 → wall; 3, 1 → N (NW taken)'."""
        kind = ", ".join(str(d) for d in self.dice[:-2])
        column, row = self.dice[-2:]
        piece, _, where = self.outcome.partition("; ")
        return f"{self.purpose}: {kind} → {piece}; {column}, {row} → {where}"

    def _describe_direction(self) -> str:
        """'objective direction: 5, 2 (even, +6) → 11 o'clock'."""
        first, second = self.dice
        parity = "odd" if second % 2 else "even, +6"
        text = f"{self.purpose}: {first}, {second} ({parity})"
        return f"{text} → {self.outcome}" if self.outcome else text


DiceLog = tuple[LogEntry, ...]


def log_to_data(log: Iterable[LogEntry]) -> list[dict[str, Any]]:
    return [entry.to_dict() for entry in log]


def log_from_data(data: Iterable[dict[str, Any]]) -> DiceLog:
    return tuple(LogEntry.from_dict(item) for item in data)


Reader = Callable[[tuple[int, ...], int], str]


class Dice:
    """Rolls dice from an injected random source and logs every roll (a plain
    class: one is made at every decision, and the compiled engine compiles a
    class's own ``__init__``)."""

    def __init__(self, rng: RandomSource, log: list[LogEntry] | None = None) -> None:
        self.rng = rng
        self.log: list[LogEntry] = [] if log is None else log
        self._bits: Callable[[int], int] | None = (
            rng.getrandbits if type(rng) is random.Random else None
        )

    def face(self) -> int:
        """One D6: ``rng.randint(1, 6)``. On Python's own ``random.Random`` it
        draws as ``randint`` does (three random bits, again while they make 6
        or 7), without its three Python calls: the same face from the same
        seed (``tests/engines/test_dice.py`` holds it so), a tenth of the time."""
        bits = self._bits
        if bits is None:
            return self.rng.randint(1, 6)
        face = bits(3)
        while face >= 6:
            face = bits(3)
        return face + 1

    def __repr__(self) -> str:
        return f"Dice({self.rng!r}, {len(self.log)} rolls logged)"

    def roll(
        self,
        purpose: str,
        count: int = 1,
        *,
        modifiers: Sequence[Modifier] = (),
        outcome: Reader | str | None = None,
    ) -> LogEntry:
        """Roll ``count`` D6, add the modifiers, read the outcome, log and return it.

        ``outcome`` is either a fixed text or a function of (dice, total) that reads
        the rule table, so the log says what the roll meant.
        """
        if count == 1:
            dice: tuple[int, ...] = (self.face(),)
        else:
            dice = tuple([self.face() for _ in range(count)])
        if modifiers:
            mods = tuple((reason, value) for reason, value in modifiers if value)
            total = sum(dice) + sum(value for _, value in mods)
        else:
            mods, total = (), sum(dice)
        if callable(outcome):
            text = outcome(dice, total)
        else:
            text = outcome or ""
        entry = LogEntry(
            purpose=purpose, dice=dice, modifiers=mods, total=total, outcome=text
        )
        self.log.append(entry)
        return entry

    def d6(
        self,
        purpose: str,
        *,
        modifiers: Sequence[Modifier] = (),
        outcome: Reader | str | None = None,
    ) -> LogEntry:
        return self.roll(purpose, 1, modifiers=modifiers, outcome=outcome)

    def two_d6(
        self,
        purpose: str,
        *,
        modifiers: Sequence[Modifier] = (),
        outcome: Reader | str | None = None,
    ) -> LogEntry:
        return self.roll(purpose, 2, modifiers=modifiers, outcome=outcome)

    def direction(self, purpose: str) -> LogEntry:
        """The direction roll (001): D6, then a second D6; an even second adds 6.

        The total is a clock direction 1–12 (12 = north, 3 = east, 6 = south).
        """
        first = self.face()
        second = self.face()
        clock = first + 6 if second % 2 == 0 else first
        entry = LogEntry(
            purpose=purpose,
            dice=(first, second),
            total=clock,
            outcome=f"{clock} o'clock",
            kind=DIRECTION,
        )
        self.log.append(entry)
        return entry

    def record(self, entry: LogEntry) -> LogEntry:
        """Append an entry made elsewhere (a card draw) to this log."""
        self.log.append(entry)
        return entry

    def entries(self) -> DiceLog:
        return tuple(self.log)


@dataclass(frozen=True)
class RolledDistance:
    """A distance rolled in inches: ``count`` D6 plus ``plus`` (D6", D6+4").

    The horde's moves (RULES §5.3) are rolled, not the character's move.
    """

    count: int = 1
    plus: int = 0

    @property
    def low(self) -> int:
        return self.count + self.plus

    @property
    def high(self) -> int:
        return 6 * self.count + self.plus

    @property
    def text(self) -> str:
        """As a card prints it: D6", 2D6", D6+4"."""
        dice = "D6" if self.count == 1 else f"{self.count}D6"
        return f'{dice}+{self.plus}"' if self.plus else f'{dice}"'

    def roll(self, dice: Dice, purpose: str) -> LogEntry:
        """Roll it on ``dice`` (logged with ``purpose``); the total is in inches."""
        return dice.roll(
            purpose,
            self.count,
            modifiers=[("inches", self.plus)],
            outcome=lambda _dice, total: f'{total}"',
        )
