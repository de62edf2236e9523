"""Fewer taps, nothing less asked (issue 33: ``table_taps_median`` ≤ 3): a
distance of ½″ is a quick chip; the battle's one objective is ticked beside the
nearest enemy's distance; a ♣ or ♦ reads the nearest enemy the melee question
named before it asks for the nearest seen; a pursuer's melee question also says
whether it is behind your rearmost model, and its drift's room is ticked beside
the quarry's distance; whether the nearest enemy stands in an area a keep-out
names is ticked beside its distance. Each is counted as
:func:`tests.engines.table_player.taps` counts taps, and answers given the
older way are still read."""

from __future__ import annotations

import pytest

from engines.enums import Doctrine, Side
from engines.table.flows import activation_walk
from engines.table.moves import BeginRound, ChooseFirst, action_take
from engines.table.questions import NUMBER
from engines.table.turns import activation_decide
from tests.engines.table_battles import Log, battle_context
from tests.engines.table_player import taps
from tests.engines.test_table_keeping import STREAM
from tests.engines.test_table_keeping import _log as keeping_log


def first_activation(doctrine: Doctrine, seed: int = 5, **context) -> tuple:
    """A battle of ``doctrine`` at its first AI activation, every AI character
    seeing an enemy as the round began."""
    log = Log(battle_context(doctrine, seed=seed, **context))
    ai = [f.key for f in log.context.fighters if f.side is Side.AI]
    sees = {key: {"sees": True} for key in ai}
    log.add(lambda c, s: action_take(c, s, BeginRound(sightings=sees)))
    if log.state.question().phase == "choose":
        log.add(lambda c, s: action_take(c, s, ChooseFirst(first=Side.AI.value)))
    state = log.state
    return log.context, state, log.context.fighter(state.question().key, state)


TICKED = {"near_seen": "yes", "near_free": "yes"}
"""The boxes beside the nearest enemy's distance, as they are at first."""


# --- a quick chip for ½″ ------------------------------------------------------------


def test_an_enemy_half_an_inch_away_is_one_tap_on_its_chip():
    """The nearest enemy ½″ away, seen and free: open, the melee question
    (naming the nearest), the ½″ chip — three taps."""
    context, state, fighter = first_activation(Doctrine.PRIORITY)
    answers = {"melee": "near:p1", "near_in": "0.5", **TICKED}
    walk = activation_walk(context, state, fighter, answers)
    distance = next(a for a in walk.asked if a.question.name == "near_in")
    assert (walk.ready, 0.5 in distance.question.quick, taps(walk)) == (True, True, 3)


# --- the priority list: the battle's one objective ------------------------------------


@pytest.mark.parametrize(("seen", "count"), [("no", 3), ("yes", 5)])
def test_the_one_objective_is_ticked_beside_the_nearest_enemys_distance(seen, count):
    """With one objective on the table, whether it is seen is a tick box on
    the nearest enemy's distance screen (unticked at first): seeing none
    takes no tap; seeing it, a tick and its distance (24″, beyond its move)."""
    context, state, fighter = first_activation(
        Doctrine.PRIORITY, fixed_objectives=("Well",)
    )
    answers = {"melee": "near:p1", "near_in": "24", "objective": seen, **TICKED}
    walk = activation_walk(context, state, fighter, answers)
    if seen == "yes":
        assert walk.question.name == "objective_in"
        walk = activation_walk(
            context, state, fighter, answers | {"objective_in": "24"}
        )
    distance = next(a for a in walk.asked if a.question.name == "near_in")
    box = ("objective", f"{fighter.label} can see Well", False)
    assert box in distance.question.also
    assert (walk.ready, taps(walk)) == (True, count)


def test_with_several_objectives_which_is_nearest_is_still_asked():
    context, state, fighter = first_activation(
        Doctrine.PRIORITY, fixed_objectives=("Well", "Tower")
    )
    walk = activation_walk(
        context, state, fighter, {"melee": "near:p1", "near_in": "24", **TICKED}
    )
    assert [c.value for c in walk.question.choices] == ["Well", "Tower", "none"]


# --- the deck: ♣ and ♦ read the nearest enemy told ------------------------------------


def clubs_or_diamonds() -> tuple:
    """The first deck battle whose first activation draws a ♣ or a ♦."""
    for seed in range(1, 80):
        context, state, fighter = first_activation(Doctrine.DECK, seed=seed)
        walk = activation_walk(context, state, fighter, {"melee": "near:p1"})
        if any("♣" in line or "♦" in line for line in walk.preview):
            return context, state, fighter, walk
    raise AssertionError("no seed draws a club or a diamond first")


def test_a_club_or_diamond_asks_the_told_nearest_enemys_distance_with_its_sight():
    """The melee question named Frodo nearest: a ♣ or ♦ asks how far he is,
    with "can see" ticked beside it; seen, he is the nearest seen, and the
    nearest seen is not asked again."""
    context, state, fighter, walk = clubs_or_diamonds()
    assert walk.question.name == "near_in"
    given = {"melee": "near:p1", "near_in": "10", "near_seen": "yes"}
    walk = activation_walk(context, state, fighter, given)
    assert "seen" not in [a.question.name for a in walk.asked]


def test_a_club_or_diamond_answered_the_older_way_is_read_as_it_was():
    """Answers of a log written before (the nearest seen asked outright) still
    make the activation, with the same questions."""
    context, state, fighter, _ = clubs_or_diamonds()
    given = {"melee": "near:p1", "seen": "p2", "seen_in": "5", "cover": "none"}
    given |= {"cover_away": "none", "furthest": "no"}
    walk = activation_walk(context, state, fighter, given)
    asked = [a.question.name for a in walk.asked]
    assert (walk.ready, asked[:3]) == (True, ["melee", "seen", "seen_in"])


# --- the pursuit: melee and the rearmost model, the drift's room ----------------------


def pursuit_answers(walk_of, answers: dict[str, str]):
    """Answer the walk, first choices and 12″ where ``answers`` says nothing."""
    walk = walk_of(answers)
    while walk.question is not None:
        question = walk.question
        answers[question.name] = (
            "12" if question.ask == NUMBER else question.choices[-1].value
        )
        walk = walk_of(answers)
    return walk


def test_a_pursuers_melee_question_also_asks_whether_it_is_behind():
    """One tap says "not in melee, behind your rearmost model"; the quarry's
    distance screen then asks it no more."""
    context, state, fighter = first_activation(Doctrine.PURSUIT)
    walk = activation_walk(context, state, fighter, {})
    assert walk.question.name == "melee"
    assert [c.value for c in walk.question.choices][-2:] == [
        "behind:yes",
        "behind:no",
    ]
    walk = activation_walk(context, state, fighter, {"melee": "behind:yes"})
    assert walk.question.name == "quarry_in"
    assert "behind" not in [name for name, *_ in walk.question.also]


def pursuer_that_drifts(**answers) -> tuple:
    """The first pursuit battle whose first pursuer's dice drift it."""
    for seed in range(1, 80):
        context, state, fighter = first_activation(Doctrine.PURSUIT, seed=seed)
        walk = activation_walk(context, state, fighter, dict(answers))
        if "room_ok" in [name for name, *_ in walk.question.also]:
            return context, state, fighter, walk
    raise AssertionError("no seed drifts the first pursuer")


def test_a_pursuers_room_to_drift_is_ticked_beside_the_quarrys_distance():
    """Its dice are shown before the distance, so whether its drift keeps it
    on the table is a box there, ticked at first; left ticked, it is not
    asked again: melee (with "behind"), the distance, whom it ends touching
    and the opening tap make four."""
    context, state, fighter, walk = pursuer_that_drifts(melee="behind:no")
    room = next(also for also in walk.question.also if also[0] == "room_ok")
    assert room[1].startswith(f"{fighter.label} can drift ") and room[2] is True
    answers = {"melee": "behind:no", "quarry_in": "24", "room_ok": "yes"}
    done = pursuit_answers(
        lambda a: activation_walk(context, state, fighter, a), answers
    )
    names = [a.question.name for a in done.asked]
    assert names[:4] == ["melee", "quarry_in", "behind", "room_ok"]
    assert taps(done) == 1 + len(names) - 2


def test_a_pursuer_answered_the_older_way_is_read_as_it_was():
    """A plain "no" (a log written before) is still an answer: the melee
    question is the plain one, and "behind" is asked beside the distance."""
    context, state, fighter = first_activation(Doctrine.PURSUIT)
    walk = activation_walk(context, state, fighter, {"melee": "no"})
    melee = walk.asked[0]
    assert (melee.question.text, melee.shown) == (
        f"Is {fighter.label} in base contact with an enemy?",
        "No",
    )
    assert "behind" in [name for name, *_ in walk.question.also]


# --- a keep-out: whether the nearest enemy stands in the area -------------------------


@pytest.mark.parametrize(
    ("inside", "action"), [("no", "move_into_melee"), ("yes", "move_toward_enemy")]
)
def test_whether_the_nearest_stands_in_a_kept_out_area_is_ticked_beside_it(
    inside, action
):
    """Frodo, named nearest on the melee screen, 4″ away, seen and free: the
    rider charges him. Whether he stands in the stream is a box beside his
    distance (unticked at first), so no screen is added: three taps; ticked,
    the rider moves toward him instead (its move cannot end beside him)."""
    log = keeping_log([STREAM])
    rider = next(f for f in log.context.fighters if f.name == "Second Rider")
    answers = {"melee": "near:p1", "near_in": "4", **TICKED, "near_kept": inside}
    walk = activation_walk(log.context, log.state, rider, answers)
    distance = next(a for a in walk.asked if a.question.name == "near_in")
    assert ("near_kept", "Frodo stands in the stream", False) in distance.question.also
    assert (walk.ready, taps(walk)) == (True, 3 + (inside == "yes"))
    draft = activation_decide(log.context, log.state, key=rider.key, answers=answers)
    assert draft.data["decision"]["action"] == action
