"""The table page and the order *shun* and *lit* features (RULES §1, §5): it asks
a shun's condition and applies the answer, asks of the shunned apart and finds
the next candidate, and its sight question says the lit exception."""

from __future__ import annotations

from engines.doctrines import DoctrineSettings
from engines.enums import Action
from engines.orders import Shun
from engines.sight import Lit
from engines.table.flows import activation_walk
from engines.table.state import state_start
from engines.table.turns import activation_decide
from tests.engines.table_battles import battle_context

BRAND = Shun(target="Frodo", condition="Frodo holds a brand")
CAMPFIRE = Lit(feature="The campfire", within=6)


def started(**context):
    ctx = battle_context("priority", **context)
    state = state_start(ctx)
    state.round = 1
    return ctx, state


def walk(ctx, state, answers):
    return activation_walk(ctx, state, ctx.fighter("p5"), answers)


def test_the_page_first_asks_the_shun_s_condition():
    ctx, state = started(settings=DoctrineSettings(orders=(BRAND,)))
    asked = walk(ctx, state, {}).question
    assert (asked.name, asked.text) == ("shun_0", "Frodo holds a brand?")


NEAR_FRODO = {
    "melee": "no",
    "near": "p1",
    "near_in": "3",
    "near_seen": "yes",
    "near_free": "yes",
}


def test_while_the_condition_does_not_hold_the_robot_charges_the_shunned():
    ctx, state = started(settings=DoctrineSettings(orders=(BRAND,)))
    draft = activation_decide(
        ctx, state, key="p5", answers={"shun_0": "no", **NEAR_FRODO}
    )
    decision = draft.data["decision"]
    assert (decision["action"], decision["target"]) == (
        Action.SHOOT.value,
        "Frodo",
    )


def test_while_it_holds_the_page_asks_of_the_shunned_and_then_of_the_others():
    ctx, state = started(settings=DoctrineSettings(orders=(BRAND,)))
    answers = {
        "shun_0": "yes",
        "melee": "no",
        "shunned_in": "3",
        "shunned_seen": "no",
        "shunned_free": "yes",
    }
    asked = walk(ctx, state, answers).question
    assert asked.name == "near"
    assert "Frodo" not in {choice.label for choice in asked.choices}
    answers |= {"near": "p2", "near_in": "5", "near_seen": "no", "seen": "none"}
    answers["near_free"] = "yes"
    draft = activation_decide(ctx, state, key="p5", answers=answers)
    decision = draft.data["decision"]
    assert (decision["action"], decision["target"], decision["order"]) == (
        Action.MOVE_INTO_MELEE.value,
        "Sam",
        BRAND.label,
    )


def test_the_sight_question_says_the_lit_exception_and_is_asked_at_any_distance():
    ctx, state = started(sight_limit=12, lit=(CAMPFIRE,))
    answers = {"melee": "no", "near": "p2", "near_in": "20"}
    asked = walk(ctx, state, answers).question
    assert (asked.name, asked.help) == (
        "near_seen",
        'Nobody sees further than 12" in this battle, but a character within 6" '
        "of the campfire (lit) can be seen from any distance.",
    )


def test_without_a_lit_feature_nothing_beyond_the_limit_is_asked_about_sight():
    ctx, state = started(sight_limit=12)
    answers = {"melee": "no", "near": "p2", "near_in": "20"}
    question = walk(ctx, state, answers).question
    assert question is None or question.name != "near_seen"
