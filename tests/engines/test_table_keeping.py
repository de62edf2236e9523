"""*Keep out* decided at the table where the answers can decide it (RULES §5:
a limit on every move; distances go round the area): a move that would end
beside its target asks whether the target stands in the area; if it does, the
move cannot end there and goes toward it only. A stay-within's charge at an
enemy beyond the limit stops short the same way."""

from __future__ import annotations

import pytest

from engines.doctrines import Decision, DoctrineSettings
from engines.enums import Action, Doctrine, Side
from engines.orders import KeepOut, Place, PlaceKind, StayWithin
from engines.table.flows import activation_walk
from engines.table.keeping import (
    KEEP_KEY,
    keep_kept,
    keep_needed,
    keep_question,
    kept_area,
    limits_kept,
)
from engines.table.staying import STAY_KEY
from engines.table.turns import activation_decide, first_choose, round_begin
from tests.engines.table_battles import Log, battle_context
from tests.engines.test_table_orders import doctrine_settings
from tests.engines.test_table_properties import play

STREAM = KeepOut(area=Place(kind=PlaceKind.FEATURE, name="stream"))
BRIDGED = KeepOut(
    area=Place(kind=PlaceKind.FEATURE, name="stream"), except_through="bridge"
)
EDGE = KeepOut(area=Place(kind=PlaceKind.EDGE, name="north"), widen=2)


def charge(order=STREAM, action=Action.MOVE_INTO_MELEE, target="Frodo"):
    return Decision(
        action=action,
        step="6",
        steps=("6",),
        reason="An unengaged enemy within move: move into melee.",
        detail=f"charges {target}",
        target=target,
        inches=4,
        limits=(order.words(),),
    )


@pytest.mark.parametrize(
    ("order", "area"),
    [
        (STREAM, "the stream"),
        (BRIDGED, "the stream (not on the bridge)"),
        (EDGE, 'the 2" along the north edge'),
    ],
)
def test_the_area_in_words(order, area):
    assert kept_area(order) == area
    assert keep_question((order,), charge(order)) == f"Is Frodo in {area}?"


def test_several_areas_are_asked_at_once():
    """Bree's wraiths keep out of the Pony and the Houses: one question."""
    pony = KeepOut(area=Place(kind=PlaceKind.FEATURE, name="Pony"))
    keeps = (pony, STREAM)
    assert keep_question(keeps, charge(pony)) == "Is Frodo in the Pony or the stream?"
    made = keep_kept(charge(pony), keeps, {KEEP_KEY: "yes"})
    assert made.action is Action.MOVE_TOWARD_ENEMY
    assert made.limits == (
        f"{pony.words()}: Frodo stands in the Pony or the stream, so the move "
        "cannot end beside it: it stops at the edge",
    )


@pytest.mark.parametrize(
    ("action", "needed"),
    [
        (Action.MOVE_INTO_MELEE, True),
        (Action.MOVE_TO_OBJECTIVE, True),
        # A move toward someone does not end beside it: the distance asked
        # along a path its limits allow already decides it.
        (Action.MOVE_TOWARD_ENEMY, False),
        (Action.FLEE, False),
    ],
)
def test_asked_only_of_a_move_that_ends_beside_its_target(action, needed):
    assert keep_needed((STREAM,), charge(action=action)) is needed


@pytest.mark.parametrize(
    ("inside", "action", "words"),
    [
        ("yes", Action.MOVE_TOWARD_ENEMY, "Frodo stands in the stream, so the"),
        ("no", Action.MOVE_INTO_MELEE, "Frodo stands outside the stream; the"),
    ],
)
def test_a_target_in_the_area_is_moved_toward_not_reached(inside, action, words):
    made = keep_kept(charge(), (STREAM,), {KEEP_KEY: inside})
    assert made.action is action
    assert made.limits[0].startswith(f"{STREAM.words()}: {words}")


def test_stopped_short_says_where():
    made = keep_kept(charge(), (STREAM,), {KEEP_KEY: "yes"})
    assert made.detail == "charges Frodo; it stops at the edge of the stream"


def test_an_objective_in_the_area_is_moved_toward():
    made = keep_kept(
        charge(action=Action.MOVE_TO_OBJECTIVE, target="beacon"),
        (STREAM,),
        {KEEP_KEY: "yes"},
    )
    assert made.action is Action.MOVE_TOWARD_OBJECTIVE


def test_a_stay_within_charge_beyond_the_limit_moves_toward_instead():
    stay = StayWithin(distance=3, place=Place(kind=PlaceKind.FEATURE, name="tower"))
    decision = Decision(
        action=Action.MOVE_INTO_MELEE,
        step="6",
        steps=("6",),
        reason="",
        target="Frodo",
        inches=5,
        limits=(stay.words(),),
    )
    made = limits_kept(decision, (stay,), {STAY_KEY: "1"})
    assert made.action is Action.MOVE_TOWARD_ENEMY
    assert "the limit stops it short" in made.detail


@pytest.mark.parametrize("answers", [{}, {KEEP_KEY: "maybe"}])
def test_no_answer_leaves_the_decision(answers):
    assert keep_kept(charge(), (STREAM,), answers) == charge()


def _log(orders):
    context = battle_context(
        Doctrine.PRIORITY, settings=DoctrineSettings(orders=tuple(orders))
    )
    log = Log(context)
    sightings = {
        f.key: {"sees": True, "distance": "5"}
        for f in context.fighters
        if f.side is Side.AI
    }
    log.add(lambda c, s: round_begin(c, s, sightings=sightings))
    if log.state.question().phase == "choose":
        log.add(lambda c, s: first_choose(c, s, first=Side.AI.value))
    return log


def test_a_charge_asks_whether_its_enemy_stands_in_the_area():
    """Frodo 4" away, seen and free: the rider charges him; the walk asks
    whether Frodo is in the stream, and "yes" makes it move toward him."""
    log = _log([STREAM])
    rider = next(f for f in log.context.fighters if f.name == "Second Rider")
    frodo = next(f for f in log.context.fighters if f.name == "Frodo")
    answers = {
        "melee": "no",
        "near": frodo.key,
        "near_in": "4",
        "near_seen": "yes",
        "near_free": "yes",
    }
    walk = activation_walk(log.context, log.state, rider, answers)
    assert walk.question is not None and walk.question.name == KEEP_KEY
    assert walk.question.text == "Is Frodo in the stream?"
    answers[KEEP_KEY] = "yes"
    draft = activation_decide(log.context, log.state, key=rider.key, answers=answers)
    assert draft.data["decision"]["action"] == Action.MOVE_TOWARD_ENEMY.value


@pytest.mark.parametrize("doctrine", [Doctrine.PRIORITY, Doctrine.DECK, Doctrine.HORDE])
def test_page_and_engine_agree_on_a_kept_out_target(doctrine):
    """The differential test with a keep-out: the page asks whether the target
    stands in the area, and decides as the engine does on the whole truth."""
    asked = []
    for seed in range(10):
        player = play(doctrine, seed, settings=doctrine_settings(doctrine, (STREAM,)))
        asked += [names for names in player.asked if KEEP_KEY in names]
    assert asked
