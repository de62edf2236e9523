"""The printed procedure of a doctrine, as data (RULES §5).

A doctrine is one :class:`Procedure`: sections of numbered :class:`Step` rows,
each with its condition and its action in words, and sub-tables (D6 bands, card
suits) as :class:`Table` rows. The AI reference card prints it; the doctrine's
decision function walks the same steps, in the same order, calling the step's
``rule``. So the card a player reads and the code that decides cannot differ.

``rule`` is the one field a card does not print (it is left out of
:meth:`Procedure.to_data`, comparisons and ``repr``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engines.enums import Action, Doctrine


@dataclass(frozen=True)
class Row:
    """One row of a sub-table: what is rolled or drawn, and what it means.

    ``low``/``high`` bound the dice totals the row covers (``None``: no bound),
    for tables the code reads; a row only printed leaves both at ``None``.
    """

    roll: str
    result: str
    low: int | None = None
    high: int | None = None
    action: Action | None = None

    def covers(self, value: int) -> bool:
        if self.low is None and self.high is None:
            return False
        return (self.low is None or value >= self.low) and (
            self.high is None or value <= self.high
        )

    def to_data(self) -> dict[str, Any]:
        return {"roll": self.roll, "result": self.result}


def band(low: int, high: int | None, result: str, action: Action | None = None) -> Row:
    """A row for the totals ``low``–``high`` (``high`` None: ``low`` and above)."""
    if high is None:
        roll = f"{low}+"
    elif low == high:
        roll = str(low)
    else:
        roll = f"{low}–{high}"
    return Row(roll=roll, result=result, low=low, high=high, action=action)


@dataclass(frozen=True)
class Table:
    """A sub-table of a step: a heading, column names and rows."""

    title: str
    rows: tuple[Row, ...]
    columns: tuple[str, str] = ("D6", "Result")

    def read(self, value: int) -> Row:
        """The row covering a total (the table must cover it)."""
        for row in self.rows:
            if row.covers(value):
                return row
        raise ValueError(f"{self.title}: no row for {value}")

    def to_data(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "columns": list(self.columns),
            "rows": [row.to_data() for row in self.rows],
        }


Rule = Callable[..., Any]


@dataclass(frozen=True)
class Step:
    """One numbered line of a procedure.

    ``id`` is what a decision reports as the step that fired; ``label`` is the
    number printed (``3``, ``♠1``, ``J Q K``). ``when`` is the condition (empty
    for "otherwise"), ``then`` the action.
    """

    id: str
    label: str
    when: str
    then: str
    tables: tuple[Table, ...] = ()
    rule: Rule | None = field(default=None, compare=False, repr=False)

    @property
    def text(self) -> str:
        """The step as one printed line: 'In melee → continue the melee.'"""
        return f"{self.when} → {self.then}" if self.when else self.then

    def to_data(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "label": self.label,
            "when": self.when,
            "then": self.then,
            "text": self.text,
            "tables": [table.to_data() for table in self.tables],
        }


@dataclass(frozen=True)
class Section:
    """A titled group of steps (pre-activation, a suit, a mode, end of round)."""

    id: str
    title: str
    steps: tuple[Step, ...] = ()
    intro: str = ""
    notes: tuple[str, ...] = ()

    def to_data(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "title": self.title,
            "intro": self.intro,
            "steps": [step.to_data() for step in self.steps],
            "notes": list(self.notes),
        }


PRE_ACTIVATION = "pre"
"""The id of every procedure's pre-activation section."""


@dataclass(frozen=True)
class Procedure:
    """A doctrine's AI reference card: what the site prints, what the code walks."""

    doctrine: Doctrine | None
    title: str
    source: str
    summary: str
    sections: tuple[Section, ...]
    tables: tuple[Table, ...] = ()
    """Reference tables printed beside the steps (trigger distances, pursuit dice)."""
    notes: tuple[str, ...] = ()

    def section(self, section_id: str) -> Section:
        for section in self.sections:
            if section.id == section_id:
                return section
        raise KeyError(section_id)

    @property
    def pre_activation(self) -> Section | None:
        """The printed pre-activation section, if the doctrine has one."""
        return next((s for s in self.sections if s.id == PRE_ACTIVATION), None)

    def steps(self) -> Iterator[Step]:
        """Every step of every section, in printed order."""
        for section in self.sections:
            yield from section.steps

    def step(self, step_id: str) -> Step:
        for step in self.steps():
            if step.id == step_id:
                return step
        raise KeyError(step_id)

    def step_ids(self) -> tuple[str, ...]:
        return tuple(step.id for step in self.steps())

    def to_data(self) -> dict[str, Any]:
        """Plain data for a template or JSON: everything printed, no code."""
        return {
            "doctrine": None if self.doctrine is None else self.doctrine.value,
            "title": self.title,
            "source": self.source,
            "summary": self.summary,
            "sections": [section.to_data() for section in self.sections],
            "tables": [table.to_data() for table in self.tables],
            "notes": list(self.notes),
        }
