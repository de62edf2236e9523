"""*Stay within* decided at the table (RULES §5 "Scene orders in every doctrine":
a limit on every move): the walk asks the one distance the limit needs, how far
the character stands from the place, only when its decision moves it; the
decision then says how far the move may go and where it must stop."""

from __future__ import annotations

import pytest

from engines.doctrines import Decision, DoctrineSettings
from engines.enums import Action, Doctrine, Side
from engines.orders import NoEnemyInSight, Place, PlaceKind, StayWithin
from engines.table.flows import activation_walk
from engines.table.staying import STAY_KEY, stay_kept, stay_needed, stay_words
from engines.table.turns import (
    activation_decide,
    defence_draw,
    first_choose,
    round_begin,
)
from tests.engines.table_battles import Log, battle_context
from tests.engines.test_table_flow import WITCH, started
from tests.engines.test_table_orders import doctrine_settings
from tests.engines.test_table_properties import play

TOWER = Place(kind=PlaceKind.FEATURE, name="tower")
STAY = StayWithin(distance=6, place=TOWER)


def moving(action=Action.MOVE_TOWARD_ENEMY, inches=6.0, target="Frodo"):
    return Decision(
        action=action,
        step="8",
        steps=("8",),
        reason="An enemy in sight: move toward the nearest.",
        target=target,
        inches=inches,
        limits=(STAY.words(),),
    )


@pytest.mark.parametrize(
    ("away", "action", "inches", "said"),
    [
        # Room enough for the whole move: the limit cannot stop it.
        (1, Action.MOVE_TOWARD_ENEMY, 4, 'so its move of 4" cannot take it past 6"'),
        (0, Action.MOVE_TOWARD_ENEMY, 6, 'so its move of 6" cannot take it past 6"'),
        # Less room than its move: free so far, then it stops at the limit.
        (4, Action.MOVE_TOWARD_ENEMY, 6, 'after 2" it goes on only while it stays'),
        (4, Action.MOVE_INTO_MELEE, 5, "stopping where it would leave it"),
        # A charge at an enemy further from the place than the limit allows.
        (2, Action.MOVE_INTO_MELEE, 9, "it cannot end beside Frodo within the limit"),
        # At or beyond the limit already: no further away.
        (6, Action.MOVE_TOWARD_ENEMY, 6, "its move may take it no further away"),
        (7, Action.FLEE, 3, "its move may take it no further away"),
    ],
)
def test_where_the_move_must_stop(away, action, inches, said):
    words = stay_words(STAY, moving(action, inches), away=away)
    assert words.startswith(f'{STAY.words()}: it stands {away}" from there')
    assert said in words


def test_a_charge_within_the_limit_is_not_said_to_fail():
    words = stay_words(STAY, moving(Action.MOVE_INTO_MELEE, 7), away=2)
    assert "cannot end beside" not in words


@pytest.mark.parametrize(
    ("decision", "needed"),
    [
        (moving(), True),
        # Not a move: the decision carries no limit.
        (
            Decision(action=Action.SHOOT, step="3", steps=("3",), reason="", limits=()),
            False,
        ),
        # Toward the place itself: the move never takes it away.
        (moving(Action.MOVE_TOWARD, target="tower"), False),
    ],
)
def test_asked_only_when_the_move_could_take_it_past(decision, needed):
    assert stay_needed(STAY, decision) is needed


def test_the_decision_carries_where_its_move_stops():
    made = stay_kept(moving(), (STAY,), {STAY_KEY: "4"})
    assert made.limits == (stay_words(STAY, moving(), away=4),)
    assert made.action is Action.MOVE_TOWARD_ENEMY and made.inches == 6


@pytest.mark.parametrize(
    ("orders", "answers"),
    [((), {STAY_KEY: "4"}), ((STAY,), {}), ((STAY,), {STAY_KEY: "far"})],
)
def test_no_order_or_no_answer_leaves_the_decision(orders, answers):
    assert stay_kept(moving(), orders, answers) == moving()


def _battle(orders, sees=True):
    context = battle_context(
        Doctrine.PRIORITY, settings=DoctrineSettings(orders=tuple(orders))
    )
    log = Log(context)
    sightings = {
        f.key: {"sees": sees, "distance": "5"}
        for f in context.fighters
        if f.side is Side.AI
    }
    log.add(lambda c, s: round_begin(c, s, sightings=sightings))
    if log.state.question().phase == "choose":
        log.add(lambda c, s: first_choose(c, s, first=Side.AI.value))
    return log


def _rider(log):
    """A rider that cannot shoot (everyone but the Witch-king)."""
    return next(f for f in log.context.fighters if f.name == "Second Rider")


ANSWERS = {"melee": "no", "near_in": "10", "near_seen": "yes", "near_free": "yes"}


def _walk(log, answers):
    rider = _rider(log)
    near = next(f for f in log.context.fighters if f.name == "Frodo")
    answers = {"near": near.key, **answers}
    return rider, answers, activation_walk(log.context, log.state, rider, answers)


def test_the_walk_asks_how_far_it_stands_from_the_place_once_it_moves():
    """Frodo 10" away, seen and free: it moves toward him, so the walk asks the
    one distance the limit needs, with the order's words."""
    log = _battle([STAY])
    _rider_, _answers, walk = _walk(log, ANSWERS)
    assert walk.question is not None and walk.question.name == STAY_KEY
    assert walk.question.text == "How far is Second Rider from the tower?"
    assert STAY.words() in walk.question.help


def test_no_stay_order_no_question():
    log = _battle([])
    _rider_, _answers, walk = _walk(log, ANSWERS)
    assert walk.ready


def test_a_move_toward_the_place_itself_asks_nothing_more():
    """Seeing no enemy it moves toward the tower: the limit cannot bind."""
    toward = NoEnemyInSight(place=TOWER)
    log = _battle([STAY, toward], sees=False)
    answers = {**ANSWERS, "near_seen": "no", "seen": "none"}
    _rider_, _answers, walk = _walk(log, answers)
    assert walk.ready, walk.question


def test_the_activation_says_where_its_move_stops():
    log = _battle([STAY])
    rider, answers, _walk_ = _walk(log, {**ANSWERS, STAY_KEY: "4"})
    draft = activation_decide(log.context, log.state, key=rider.key, answers=answers)
    decision = draft.data["decision"]
    assert decision["action"] == Action.MOVE_TOWARD_ENEMY.value
    assert decision["limits"] == [
        f'{STAY.words()}: it stands 4" from there; after 2" it goes on only '
        'while it stays within 6", stopping where it would leave it'
    ]


@pytest.mark.parametrize("doctrine", [Doctrine.PRIORITY, Doctrine.DECK, Doctrine.HORDE])
def test_page_and_engine_agree_on_where_the_move_stops(doctrine):
    """The differential test with a stay-within: the page asks how far the
    character stands from the place, and its decision (where the move stops
    included) is the engine's on the whole truth."""
    stay = StayWithin(distance=8, place=TOWER)
    decided, asked = [], []
    for seed in range(10):
        player = play(doctrine, seed, settings=doctrine_settings(doctrine, (stay,)))
        decided += [
            mine
            for mine, _ in player.compared
            if any("it stands" in limit for limit in mine["limits"])
        ]
        asked += [names for names in player.asked if STAY_KEY in names]
    assert decided and asked


def _returning_fire_within(orders):
    """A deck battle whose riders stay within 6" of the tower, in which one not
    yet activated drew ♠ or ♥ when Sam attacked it: it returns fire now."""
    settings = DoctrineSettings(orders=tuple(orders))
    for seed in range(1, 400):
        log = started("deck", seed=seed, settings=settings)
        rider = next(
            (k for k in log.state.order if k not in log.state.activated and k != WITCH),
            None,
        )
        if rider is None:
            continue
        draft = log.add(
            lambda c, s, r=rider: defence_draw(c, s, key=r, answers={"attacker": "p2"})
        )
        if draft.data["decision"]["action"] == "return_fire":
            return log, rider
    raise AssertionError("no ♠ or ♥ defensive draw")


def test_a_return_fire_charge_is_limited_like_any_move():
    """Its attacker 4" away, within its move: it charges — and the stay-within
    limits that move as any other, so the page asks how far it stands from the
    tower and the decision says where the charge must stop."""
    log, rider = _returning_fire_within([STAY])
    fighter = log.context.fighter(rider)
    walk = activation_walk(log.context, log.state, fighter, {"attacker_in": "4"})
    assert walk.question is not None and walk.question.name == STAY_KEY
    answers = {"attacker_in": "4", STAY_KEY: "5"}
    draft = activation_decide(log.context, log.state, key=rider, answers=answers)
    decision = draft.data["decision"]
    assert (decision["action"], decision["target"]) == ("move_into_melee", "Sam")
    assert decision["limits"] == [
        f'{STAY.words()}: it stands 5" from there; after 1" it goes on only '
        'while it stays within 6", stopping where it would leave it'
    ]


def test_a_return_fire_that_stays_put_asks_nothing_of_the_limit():
    log, rider = _returning_fire_within([STAY])
    fighter = log.context.fighter(rider)
    walk = activation_walk(log.context, log.state, fighter, {"attacker_in": "20"})
    assert walk.ready, walk.question
