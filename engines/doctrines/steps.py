"""The printed procedure of a doctrine, as data (RULES §5).

A doctrine is one :class:`Procedure`: sections of numbered :class:`Step` rows,
each with its condition and its action in words, and sub-tables (D6 bands, card
suits) as :class:`Table` rows. The AI reference card prints it; the doctrine's
decision function walks the same steps, in the same order, calling the step's
``rule``. So the card a player reads and the code that decides cannot differ.

``rule`` is the one field a card does not print (it is left out of
:meth:`Procedure.to_data`, comparisons and ``repr``). ``source`` names the
source text a procedure adapts, for the code's readers: no card prints it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from engines.dice import RolledDistance
from engines.enums import Action, Doctrine

if TYPE_CHECKING:
    from engines.doctrines.situation import Decision, Turn


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
    distance: RolledDistance | None = None
    """The distance this row rolls (a horde's flee, charge, wander)."""

    def covers(self, value: int) -> bool:
        if self.low is None and self.high is None:
            return False
        return (self.low is None or value >= self.low) and (
            self.high is None or value <= self.high
        )

    def to_data(self) -> dict[str, Any]:
        return {
            "roll": self.roll,
            "result": self.result,
            "distance": None if self.distance is None else self.distance.text,
        }


def band(
    low: int,
    high: int | None,
    result: str,
    action: Action | None = None,
    distance: RolledDistance | None = None,
) -> Row:
    """A row for the totals ``low``–``high`` (``high`` None: ``low`` and above)."""
    if high is None:
        roll = f"{low}+"
    elif low == high:
        roll = str(low)
    else:
        roll = f"{low}–{high}"
    return Row(
        roll=roll, result=result, low=low, high=high, action=action, distance=distance
    )


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
    for "otherwise"), ``then`` the action. ``actions`` are the actions a
    decision that stops at this step can take (a step that only leads on, such
    as a joker or a pick-up, has none).
    """

    id: str
    label: str
    when: str
    then: str
    tables: tuple[Table, ...] = ()
    rule: Rule | None = field(default=None, compare=False, repr=False)
    actions: tuple[Action, ...] = ()

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
            "actions": [
                {"action": action.value, "label": action.label}
                for action in self.actions
            ],
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
    """The source text it adapts (for the code's readers; never printed)."""
    summary: str
    sections: tuple[Section, ...]
    tables: tuple[Table, ...] = ()
    """Reference tables printed beside the steps (trigger distances, pursuit dice)."""
    notes: tuple[str, ...] = ()
    order: str = ""
    """The doctrine's activation order, as the card prints it."""
    initiative: str = ""
    """The AI side's initiative choice, as the card prints it."""
    settings: Any = None
    """The battle's :class:`~engines.doctrines.settings.DoctrineSettings` the
    card prints, or None for the generic card."""

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

    def actions(self) -> tuple[Action, ...]:
        """Every action the card prints, in printed order, once each."""
        seen: dict[Action, None] = {}
        for step in self.steps():
            seen.update(dict.fromkeys(step.actions))
        return tuple(seen)

    def texts(self) -> Iterator[str]:
        """Every text the card prints (for checks of what players read)."""
        yield from (self.title, self.summary, self.order, self.initiative)
        yield from self.notes
        for table in self.tables:
            yield from _table_texts(table)
        for section in self.sections:
            yield from (section.title, section.intro, *section.notes)
            for step in section.steps:
                yield from (step.label, step.when, step.then)
                yield from (action.label for action in step.actions)
                for table in step.tables:
                    yield from _table_texts(table)

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
            "order": self.order,
            "initiative": self.initiative,
            "actions": [
                {"action": action.value, "label": action.label}
                for action in self.actions()
            ],
            "settings": None if self.settings is None else self.settings.to_data(),
        }


def _table_texts(table: Table) -> Iterator[str]:
    yield table.title
    yield from table.columns
    for row in table.rows:
        yield from (row.roll, row.result)


# --- walking the steps ----------------------------------------------------------------


def first(turn: Turn, steps: Iterable[Step]) -> Decision | None:
    """The decision of the first step whose rule applies, if one does."""
    for step in steps:
        assert step.rule is not None, f"step {step.id} has no rule"
        decision: Decision | None = step.rule(turn, step)
        if decision is not None:
            return decision
    return None


def walk(turn: Turn, steps: Iterable[Step]) -> Decision:
    """The first step whose rule applies decides (a list's last step always does)."""
    decision = first(turn, steps)
    if decision is None:
        raise AssertionError("a procedure's last step always applies")
    return decision
