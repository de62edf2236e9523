"""One source for a doctrine's question order: the table asks an activation's
questions in the order of the doctrine's own Step table (engines/table/flows.py
walks the priority card's steps). A test double of the card with two steps
swapped asks its questions in the swapped order."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.doctrines.priority import card
from engines.doctrines.settings import DoctrineSettings
from engines.doctrines.steps import Procedure
from engines.enums import Doctrine, Side
from engines.table import flow_priority
from engines.table.flow_priority import PRIORITY_STEPS
from engines.table.flows import activation_walk
from engines.table.moves import BeginRound, ChooseFirst, action_take
from engines.table.questions import NUMBER
from tests.engines.table_battles import Log, battle_context

PREFER = {
    "melee": "no",
    "near_seen": "no",
    "seen": "none",
    "objective": "Well",
    "near_free": "no",
    "free": "none",
}
NUMBERS = {"near_in": "4", "objective_in": "20"}
"""The nearest enemy 4" away, unseen and engaged, no other free; the objective
20" away: neither step 3, 5 nor 6 applies, so steps 5 and 6 both ask."""


def questions_asked() -> list[str]:
    """The Witch-king's activation, answered as above: its questions by name."""
    context = battle_context(Doctrine.PRIORITY, fixed_objectives=("Well",))
    log = Log(context)
    log.add(lambda c, s: action_take(c, s, BeginRound()))
    if log.state.question().phase == "choose":
        log.add(lambda c, s: action_take(c, s, ChooseFirst(first=Side.AI.value)))
    state = log.state
    fighter = context.fighter(state.question().key, state)
    answers: dict[str, str] = {}
    walk = activation_walk(context, state, fighter, answers)
    while walk.question is not None:
        question = walk.question
        if question.ask == NUMBER:
            answers[question.name] = NUMBERS[question.name]
        else:
            values = [c.value for c in question.choices]
            preferred = PREFER.get(question.name, "yes")
            answers[question.name] = preferred if preferred in values else values[0]
        walk = activation_walk(context, state, fighter, answers)
    return [asked.question.name for asked in walk.asked]


def swapped(first: str, second: str):
    """The priority card with two of its numbered steps swapped."""

    def double(settings: DoctrineSettings | None = None) -> Procedure:
        procedure = card(settings)
        sections = []
        for section in procedure.sections:
            if section.id == PRIORITY_STEPS:
                steps = list(section.steps)
                ids = [s.id for s in steps]
                i, j = ids.index(first), ids.index(second)
                steps[i], steps[j] = steps[j], steps[i]
                section = replace(section, steps=tuple(steps))
            sections.append(section)
        return replace(procedure, sections=tuple(sections))

    return double


def test_the_questions_follow_the_cards_steps() -> None:
    asked = questions_asked()
    assert asked.index("objective") < asked.index("near_free")


def test_two_steps_swapped_on_the_card_swap_their_questions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    before = questions_asked()
    monkeypatch.setattr(flow_priority, "priority_card", swapped("5", "6"))
    after = questions_asked()
    assert after != before
    assert after.index("near_free") < after.index("objective")
