"""One source for a doctrine's question order: the table asks an activation's
questions in the order of the doctrine's own Step table (each flow module of
engines/table walks its own card's steps). A test double of a doctrine's card
with two steps swapped asks its questions in the swapped order — one test per
doctrine."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.doctrines.deck import card as deck_card
from engines.doctrines.horde import card as horde_card
from engines.doctrines.priority import card
from engines.doctrines.pursuit import card as pursuit_card
from engines.doctrines.settings import DoctrineSettings
from engines.doctrines.steps import Procedure
from engines.enums import Doctrine, Side
from engines.table import flow_deck, flow_horde, flow_priority, flow_pursuit
from engines.table.flow_priority import PRIORITY_STEPS
from engines.table.flows import activation_walk
from engines.table.moves import BeginRound, ChooseFirst, TellTap, action_take
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


# --- the deck, the horde and the pursuit: each walks its own card ---------------------


def card_swapped(build, section_id: str, first: str, second: str):
    """A test double of a doctrine's card with two steps of a section swapped."""

    def double(settings: DoctrineSettings | None = None) -> Procedure:
        procedure = build(settings)
        sections = []
        for section in procedure.sections:
            if section.id == section_id:
                steps = list(section.steps)
                ids = [s.id for s in steps]
                i, j = ids.index(first), ids.index(second)
                steps[i], steps[j] = steps[j], steps[i]
                section = replace(section, steps=tuple(steps))
            sections.append(section)
        return replace(procedure, sections=tuple(sections))

    return double


def first_activation(doctrine: Doctrine, seed: int = 5, taps=()) -> tuple:
    """A battle of ``doctrine`` at its first AI activation (after ``taps``,
    each made from the state and the activating character's key)."""
    log = Log(battle_context(doctrine, seed=seed))
    log.add(lambda c, s: action_take(c, s, BeginRound()))
    if log.state.question().phase == "choose":
        log.add(lambda c, s: action_take(c, s, ChooseFirst(first=Side.AI.value)))
    key = log.state.question().key
    for tap in taps:
        log.add(lambda c, s, tap=tap: action_take(c, s, tap(s, key)))
    state = log.state
    return log.context, state, log.context.fighter(key, state)


def asked_names(context, state, fighter, prefer, numbers) -> list[str]:
    """The activation's questions by name, answered from ``prefer`` (else yes,
    else the first choice) and ``numbers`` (else 10")."""
    answers: dict[str, str] = {}
    walk = activation_walk(context, state, fighter, answers)
    while walk.question is not None:
        question = walk.question
        if question.ask == NUMBER:
            answers[question.name] = numbers.get(question.name, "10")
        else:
            values = [c.value for c in question.choices]
            preferred = prefer.get(question.name, "yes")
            answers[question.name] = preferred if preferred in values else values[0]
        walk = activation_walk(context, state, fighter, answers)
    return [asked.question.name for asked in walk.asked]


DECK_PREFER = {"melee": "no", "seen": "none", "furthest": "no"}
"""Not in melee, no enemy in sight (nothing within trigger), not in the
furthest cover: a ♦ asks ♦2's question, then ♦3's."""


def deck_diamond() -> tuple:
    """The first deck battle whose first activation draws a ♦."""
    for seed in range(1, 80):
        context, state, fighter = first_activation(Doctrine.DECK, seed=seed)
        if "furthest" in asked_names(context, state, fighter, DECK_PREFER, {}):
            return context, state, fighter
    raise AssertionError("no seed draws a diamond first")


def test_the_deck_asks_its_drawn_suits_steps_in_the_cards_order(monkeypatch):
    context, state, fighter = deck_diamond()
    before = asked_names(context, state, fighter, DECK_PREFER, {})
    assert before.index("furthest") < before.index("cover_away")
    monkeypatch.setattr(
        flow_deck,
        "deck_card",
        card_swapped(deck_card, "diamonds", "diamonds-2", "diamonds-3"),
    )
    after = asked_names(context, state, fighter, DECK_PREFER, {})
    assert "furthest" not in after and "cover_away" in after


def wound(key_of):
    return lambda state, key: TellTap(tap="wound", key=key_of(state, key))


def friend(state, key: str) -> str:
    """Another AI character on the table."""
    return next(k for k in ("p5", "p6", "p7") if k != key)


HURT_BESIDE_A_WOUNDED_FRIEND = (
    wound(friend),
    wound(friend),
    wound(lambda state, key: key),
)
"""A friend wounded (both its slots filled) and the character hurt this round."""
HORDE_PREFER = {"melee": "no", "wounded_friend": "no"}


def test_the_horde_asks_its_modes_steps_in_the_cards_order(monkeypatch):
    context, state, fighter = first_activation(
        Doctrine.HORDE, taps=HURT_BESIDE_A_WOUNDED_FRIEND
    )
    before = asked_names(context, state, fighter, HORDE_PREFER, {})
    assert before.index("wounded_friend") < before.index("rally")
    monkeypatch.setattr(
        flow_horde,
        "horde_card",
        card_swapped(horde_card, "normal", "normal-1", "normal-2"),
    )
    after = asked_names(context, state, fighter, HORDE_PREFER, {})
    assert "rally" in after and "wounded_friend" not in after


PURSUIT_PREFER = {"melee": "behind:yes", "contact": "none"}
"""Not in melee and behind your rearmost model (one answer: issue 33)."""


def test_the_pursuit_asks_its_steps_in_the_cards_order(monkeypatch):
    context, state, fighter = first_activation(Doctrine.PURSUIT)
    before = asked_names(context, state, fighter, PURSUIT_PREFER, {})
    assert before.index("quarry_in") < before.index("behind")
    monkeypatch.setattr(
        flow_pursuit,
        "pursuit_card",
        card_swapped(pursuit_card, "steps", "distance", "lever"),
    )
    after = asked_names(context, state, fighter, PURSUIT_PREFER, {})
    assert after != before
    assert after.index("behind") < after.index("quarry_in")
