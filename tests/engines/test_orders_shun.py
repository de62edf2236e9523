"""The scene order *shun* in every doctrine (RULES §1 "Scene orders", §5)."""

from __future__ import annotations

from typing import NamedTuple

import pytest

from engines.doctrines import (
    DoctrineSettings,
    Enemy,
    Situation,
    deck_activate,
    horde_decide,
    priority_decide,
    procedure,
)
from engines.enums import Action, Doctrine, HordeMode
from engines.orders import Hunt, Shun, holding, order_from_data
from engines.orders.table import order_questions
from tests.engines.scripted import ScriptedRandom, deck_with

ARAGORN = Shun(target="Aragorn", condition="Aragorn holds a brand")
ALWAYS = Shun(target="Aragorn")


def foe(id: str, distance: float, **fields) -> Enemy:
    return Enemy(id=id, distance=distance, **fields)


ARAGORN_NEAR = foe("Aragorn", 3)
SAM_FAR = foe("Sam", 5)


def with_(*orders) -> DoctrineSettings:
    return DoctrineSettings(orders=orders)


class Case(NamedTuple):
    situation: Situation
    orders: tuple
    step: str
    action: Action
    target: str | None
    faces: tuple[int, ...] = ()


PRIORITY = {
    "step 6 charges the next, not the shunned nearest": Case(
        Situation(enemies=(ARAGORN_NEAR, SAM_FAR), move=6),
        (ARAGORN,),
        "6",
        Action.MOVE_INTO_MELEE,
        "Sam",
    ),
    "without the order step 6 charges the nearest": Case(
        Situation(enemies=(ARAGORN_NEAR, SAM_FAR), move=6),
        (),
        "6",
        Action.MOVE_INTO_MELEE,
        "Aragorn",
    ),
    "step 6 with only the shunned within move: step 8 moves toward the next": Case(
        Situation(enemies=(ARAGORN_NEAR, foe("Sam", 20)), move=6),
        (ALWAYS,),
        "8",
        Action.MOVE_TOWARD_ENEMY,
        "Sam",
    ),
    "step 8 with only the shunned in sight: nothing to move toward": Case(
        Situation(enemies=(foe("Aragorn", 20),), move=6),
        (ALWAYS,),
        "9",
        Action.HOLD,
        None,
    ),
    "shots are not affected: step 3 shoots the shunned nearest": Case(
        Situation(enemies=(ARAGORN_NEAR, SAM_FAR), shooting_range=12),
        (ALWAYS,),
        "3",
        Action.SHOOT,
        "Aragorn",
    ),
    "in melee with the shunned alone, it fights on": Case(
        Situation(enemies=(foe("Aragorn", 0, in_contact=True),)),
        (ALWAYS,),
        "2",
        Action.CONTINUE_MELEE,
        "Aragorn",
    ),
    "among several in contact it passes over the shunned, no roll": Case(
        Situation(
            enemies=(
                foe("Aragorn", 0, in_contact=True),
                foe("Sam", 0, in_contact=True),
            )
        ),
        (ALWAYS,),
        "2",
        Action.CONTINUE_MELEE,
        "Sam",
    ),
    "among three in contact the roll numbers the other two": Case(
        Situation(
            enemies=(
                foe("Aragorn", 0, in_contact=True),
                foe("Sam", 0, in_contact=True),
                foe("Merry", 0, in_contact=True),
            )
        ),
        (ALWAYS,),
        "2",
        Action.CONTINUE_MELEE,
        "Merry",
        (3, 2),
    ),
    "a hunt of the shunned: the shun passes it over": Case(
        Situation(enemies=(ARAGORN_NEAR, SAM_FAR), move=6),
        (ALWAYS, Hunt(target="Aragorn")),
        "6",
        Action.MOVE_INTO_MELEE,
        "Sam",
    ),
}


@pytest.mark.parametrize("case", PRIORITY.values(), ids=PRIORITY.keys())
def test_priority_passes_over_the_shunned(case: Case) -> None:
    rng = ScriptedRandom(*case.faces)
    decision = priority_decide(case.situation, rng=rng, settings=with_(*case.orders))
    assert (decision.step, decision.action, decision.target) == (
        case.step,
        case.action,
        case.target,
    )
    assert rng.done


def test_a_decision_the_shun_changed_names_the_order() -> None:
    decision = priority_decide(
        Situation(enemies=(ARAGORN_NEAR, SAM_FAR), move=6),
        rng=ScriptedRandom(),
        settings=with_(ARAGORN),
    )
    assert decision.order == ARAGORN.label


def test_the_deck_moves_toward_the_next_not_the_shunned() -> None:
    """♠ otherwise: full move toward the nearest enemy — not the shunned."""
    decision = deck_activate(
        Situation(enemies=(ARAGORN_NEAR, SAM_FAR)),
        deck=deck_with("2S"),
        settings=with_(ALWAYS),
    )
    assert (decision.action, decision.target) == (Action.MOVE_TOWARD_ENEMY, "Sam")


@pytest.mark.parametrize("doctrine", ["deck", "horde"])
def test_in_melee_with_several_it_fights_the_other(doctrine) -> None:
    situation = Situation(
        enemies=(foe("Aragorn", 0, in_contact=True), foe("Sam", 0, in_contact=True))
    )
    if doctrine == "deck":
        decision = deck_activate(situation, deck=deck_with(), settings=with_(ALWAYS))
    else:
        decision = horde_decide(situation, rng=ScriptedRandom(), settings=with_(ALWAYS))
    assert (decision.step, decision.target) == ("pre-melee", "Sam")


def test_a_frenzied_horde_charges_the_next_not_the_shunned() -> None:
    decision = horde_decide(
        Situation(enemies=(ARAGORN_NEAR, SAM_FAR), mode=HordeMode.FRENZY),
        rng=ScriptedRandom(6),
        settings=with_(ALWAYS),
    )
    assert decision.target == "Sam"


def test_the_order_is_taken_only_while_the_players_say_its_condition_holds():
    orders = (ARAGORN, ALWAYS.__class__(target="Sam"))
    assert holding(orders, lambda order: False) == orders[1:]
    assert holding(orders, lambda order: True) == orders


def test_the_condition_is_asked_as_a_yes_no_question() -> None:
    questions = order_questions(
        (ARAGORN,), character="Witch-king", doctrine=Doctrine.PRIORITY
    )
    assert [(q.key, q.text) for q in questions] == [
        ("order-0-condition", "Aragorn holds a brand?")
    ]
    assert (
        order_questions((ALWAYS,), character="Witch-king", doctrine=Doctrine.PRIORITY)
        == ()
    )


@pytest.mark.parametrize(
    ("order", "words"),
    [
        (
            ARAGORN,
            "Shuns Aragorn while Aragorn holds a brand (never into base contact)",
        ),
        (
            Shun(target="Aragorn", characters=("Khamul", "Witch-king")),
            "Khamul and Witch-king shun Aragorn (never into base contact)",
        ),
    ],
)
def test_its_words(order, words) -> None:
    assert order.words() == words


def test_it_survives_its_plain_data() -> None:
    assert order_from_data(ARAGORN.to_data()) == ARAGORN


def test_a_shun_names_its_character() -> None:
    with pytest.raises(ValueError, match="names the character"):
        Shun(target="")


# --- the card -------------------------------------------------------------------------

CARD_WORDS = [
    (
        Doctrine.PRIORITY,
        "6",
        "Move into melee with the closest. Scene order — never Aragorn while "
        "Aragorn holds a brand: the next one instead.",
    ),
    (
        Doctrine.PRIORITY,
        "8",
        "Move toward the nearest. Scene order — never Aragorn while Aragorn "
        "holds a brand: the next one instead.",
    ),
    (
        Doctrine.HORDE,
        "frenzy-2",
        'Charge D6+4" toward the nearest enemy. Scene order — never Aragorn '
        "while Aragorn holds a brand: the next one instead.",
    ),
]


@pytest.mark.parametrize(("doctrine", "step", "words"), CARD_WORDS)
def test_the_card_prints_it_at_the_steps_it_changes(doctrine, step, words) -> None:
    card = procedure(doctrine, with_(ARAGORN))
    assert card.step(step).then == words


def test_the_card_leaves_the_shots_alone() -> None:
    plain = procedure(Doctrine.PRIORITY, with_())
    card = procedure(Doctrine.PRIORITY, with_(ARAGORN))
    assert card.step("3").then == plain.step("3").then


def test_the_card_prints_it_among_several_in_contact() -> None:
    card = procedure(Doctrine.PRIORITY, with_(ARAGORN))
    assert card.step("2").then.endswith(
        "Scene order — among several in contact, not Aragorn while Aragorn holds "
        "a brand (alone in contact with Aragorn, it fights on)."
    )


def test_the_card_lists_it_among_the_limits_on_moving() -> None:
    card = procedure(Doctrine.PRIORITY, with_(ARAGORN))
    limits = next(s for s in card.sections if s.id == "orders-limits")
    assert limits.notes == (
        "Shuns Aragorn while Aragorn holds a brand (never into base contact).",
    )
