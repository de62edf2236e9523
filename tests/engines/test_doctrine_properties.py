"""RULES §4, §5: what holds for every decision, over many random situations.

For every doctrine: the decision is one of the actions its card prints (and one
the steps it passed through print), every step it reports is on the card, a
follow-up never moves further than half the move, and a horde's rolled distance
is always within its dice's range.
"""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.cards import Deck
from engines.dice import Dice, RolledDistance
from engines.doctrines import (
    Decision,
    DoctrineSettings,
    Edges,
    Procedure,
    Pursuer,
    PursuitDecision,
    deck_activate,
    deck_defend,
    horde_decide,
    priority_decide,
    procedure,
    pursuit_decide,
)
from engines.doctrines.horde import (
    CHARGE,
    FLEE,
    FLEE_HURT,
    SCATTER,
    WANDER,
    WEAK_CHARGE,
)
from engines.doctrines.rules import FOLLOW_UP_SHARE
from engines.doctrines.situation import Enemy, Friend, Objective, Situation
from engines.enums import Action, Cover, Doctrine, HordeMode, ObjectiveKind

RUNS = settings(max_examples=300, deadline=None, database=None)

DISTANCES = (FLEE, FLEE_HURT, CHARGE, WEAK_CHARGE, WANDER, SCATTER)

inches = st.integers(min_value=0, max_value=80).map(lambda half: half / 2)
seeds = st.integers(min_value=0, max_value=2**32 - 1)

enemies = st.lists(
    st.builds(
        Enemy,
        id=st.sampled_from(["sam", "merry", "pippin", "frodo"]),
        distance=inches,
        in_sight=st.booleans(),
        in_contact=st.booleans(),
        engaged=st.booleans(),
        hurt_me=st.booleans(),
    ),
    max_size=4,
).map(tuple)

edges = st.one_of(
    st.none(),
    st.builds(Edges, north=inches, east=inches, south=inches, west=inches),
)

situations = st.builds(
    Situation,
    id=st.just("orc"),
    move=st.sampled_from([3, 4, 5, 6, 8, 10]),
    shooting_range=st.sampled_from([None, 6, 12, 18, 24]),
    enemies=enemies,
    objectives=st.lists(
        st.builds(
            Objective,
            id=st.sampled_from(["ring", "crown"]),
            distance=inches,
            in_sight=st.booleans(),
            kind=st.sampled_from(list(ObjectiveKind)),
        ),
        max_size=2,
    ).map(tuple),
    friends=st.lists(
        st.builds(Friend, id=st.just("b"), distance=inches, wounded=st.booleans()),
        max_size=3,
    ).map(tuple),
    cover_toward=st.sampled_from(list(Cover)),
    cover_away=st.sampled_from(list(Cover)),
    in_furthest_cover=st.booleans(),
    carrying=st.sampled_from([None, "ring"]),
    wounded=st.booleans(),
    hurt_this_round=st.booleans(),
    attacked_before_activating=st.just(True),
    routing=st.booleans(),
    follow_up=st.booleans(),
    mode=st.sampled_from(list(HordeMode)),
    edges=edges,
    edge_away=st.one_of(st.none(), inches),
)

doctrine_settings = st.one_of(
    st.none(),
    st.builds(
        DoctrineSettings,
        sight_limit=st.one_of(st.none(), st.integers(min_value=4, max_value=24)),
        pursuit_lever=st.sampled_from([0, 2, 4]),
    ),
)


def assert_on_the_card(decision: Decision, card: Procedure) -> None:
    """Every step reported is printed; the last fired; its action is printed there."""
    assert set(decision.steps) <= set(card.step_ids())
    assert decision.steps[-1] == decision.step
    printed = {a for step in decision.steps for a in card.step(step).actions}
    assert decision.action in printed
    assert decision.action in card.actions()


def assert_half_at_most(decision: Decision, situation: Situation) -> None:
    """A follow-up never moves further than half the move."""
    if situation.follow_up and decision.inches is not None:
        assert decision.follow_up
        assert decision.inches <= situation.move * FOLLOW_UP_SHARE


@RUNS
@given(situation=situations, choice=doctrine_settings, seed=seeds)
def test_priority_decisions_are_printed_and_halved_in_a_follow_up(
    situation: Situation, choice: DoctrineSettings | None, seed: int
) -> None:
    decision = priority_decide(situation, rng=random.Random(seed), settings=choice)
    assert_on_the_card(decision, procedure(Doctrine.PRIORITY, choice))
    assert_half_at_most(decision, situation)


@RUNS
@given(situation=situations, choice=doctrine_settings, seed=seeds)
def test_deck_decisions_are_printed_and_halved_in_a_follow_up(
    situation: Situation, choice: DoctrineSettings | None, seed: int
) -> None:
    deck = Deck(dice=Dice(random.Random(seed)))
    card = procedure(Doctrine.DECK, choice)
    for _ in range(4):
        decision = deck_activate(situation, deck=deck, settings=choice)
        assert_on_the_card(decision, card)
        assert_half_at_most(decision, situation)
    defence = deck_defend(situation, attacker="sam", deck=deck, settings=choice)
    assert_on_the_card(defence, card)


def distance_rolled(decision: Decision) -> RolledDistance:
    """The distance a horde decision rolled, read from its last log entry."""
    entry = decision.log[-1]
    (found,) = (
        d
        for d in set(DISTANCES)
        if entry.purpose.endswith(f" {d.text}")
        and entry.modifiers in ((), (("inches", d.plus),))
    )
    return found


@RUNS
@given(situation=situations, choice=doctrine_settings, seed=seeds)
def test_horde_decisions_are_printed_and_roll_within_their_dice(
    situation: Situation, choice: DoctrineSettings | None, seed: int
) -> None:
    decision = horde_decide(situation, rng=random.Random(seed), settings=choice)
    assert_on_the_card(decision, procedure(Doctrine.HORDE, choice))
    if decision.rolled_inches is None:
        assert decision.action not in (Action.FLEE, Action.WANDER, Action.SCATTER)
        return
    rolled = distance_rolled(decision)
    assert rolled.low <= decision.rolled_inches <= rolled.high
    assert decision.log[-1].total == decision.rolled_inches
    share = FOLLOW_UP_SHARE if situation.follow_up else 1
    assert decision.inches is not None
    assert decision.inches <= decision.rolled_inches * share
    if decision.leaves_battle:
        assert decision.action in (Action.FLEE, Action.SCATTER)
    if decision.stops_at_edge:
        assert situation.edges is not None and decision.direction is not None
        assert decision.inches == situation.edges.along(decision.direction)


pursuers = st.builds(
    Pursuer,
    id=st.just("wraith"),
    distance=inches,
    card_order=st.integers(0, 5),
    room_wide=inches,
    room_in=inches,
    behind_rearmost=st.booleans(),
    quarry=st.just("frodo"),
    offset=inches,
    in_melee=st.booleans(),
    routing=st.booleans(),
)


@RUNS
@given(
    pursuer=pursuers,
    position=st.integers(1, 8),
    choice=doctrine_settings,
    seed=seeds,
)
def test_pursuit_decisions_are_printed_and_halved_in_a_follow_up(
    pursuer: Pursuer, position: int, choice: DoctrineSettings | None, seed: int
) -> None:
    card = procedure(Doctrine.PURSUIT, choice)
    full = pursuit_decide(
        pursuer, position=position, rng=random.Random(seed), settings=choice
    )
    half = pursuit_decide(
        replace(pursuer, follow_up=True),
        position=position,
        rng=random.Random(seed),
        settings=choice,
    )
    assert_on_the_card(full, card)
    assert_on_the_card(half, card)
    if full.inches is not None:
        assert isinstance(half, PursuitDecision) and half.inches is not None
        # The dice's distance is halved; the table edge still turns drift forward.
        whole = full.forward + full.drift
        assert half.forward + half.drift == whole * FOLLOW_UP_SHARE
        assert half.inches <= whole * FOLLOW_UP_SHARE


@RUNS
@given(situation=situations, seed=seeds)
def test_a_decision_is_plain_data(situation: Situation, seed: int) -> None:
    """What a page stores or shows: JSON-ready, with its step, numbers and log."""
    import json

    decision = horde_decide(situation, rng=random.Random(seed))
    data = json.loads(json.dumps(decision.to_data()))
    assert (data["step"], data["inches"], len(data["log"])) == (
        decision.step,
        decision.inches,
        len(decision.log),
    )
