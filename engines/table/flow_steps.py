"""Walking a doctrine's own Step table to ask an activation's questions: each
step asks what its condition needs (its entry in the flow's table of asks), in
the card's order, and the first step that applies ends the questions. So the
order of the questions has one source, the card, and reordering the card's
steps reorders the questions (:mod:`engines.table.flow_priority` and its
siblings)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TypeVar

from engines.doctrines.steps import Step
from engines.table.questions import Walker

Known = TypeVar("Known")

Ask = Callable[[Walker, Known], bool]
"""What one step asks; True: the step applies (no later step is asked)."""


def steps_walk(
    steps: Iterable[Step],
    asks: Mapping[str, Callable[[Walker, Known], bool]],
    w: Walker,
    known: Known,
) -> Step | None:
    """Ask each step's questions in the card's order, up to the first step
    that applies (returned; None: none did). A step with nothing to ask is
    passed over."""
    for step in steps:
        ask = asks.get(step.id)
        if ask is not None and ask(w, known):
            return step
    return None


__all__ = ["Ask", "steps_walk"]
