"""Scene orders over many random situations (RULES §5): with any orders, every
decision is one the card printed with those orders prints; an order made it
only if it binds the character; orders for someone else change nothing."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.cards import Deck
from engines.dice import Dice
from engines.doctrines import (
    DoctrineSettings,
    deck_activate,
    horde_decide,
    priority_decide,
    procedure,
)
from engines.enums import Doctrine, Edge
from engines.orders import (
    Hunt,
    IgnoreTerrain,
    KeepOut,
    NoEnemyInSight,
    Place,
    PlaceKind,
    RoutToward,
    StayWithin,
    TargetKind,
)
from tests.engines.test_doctrine_properties import (
    assert_on_the_card,
    seeds,
    situations,
)

RUNS = settings(max_examples=200, deadline=None, database=None)

places = st.one_of(
    st.builds(Place, kind=st.just(PlaceKind.CHARACTER), name=st.just("frodo")),
    st.builds(Place, kind=st.just(PlaceKind.OBJECTIVE), name=st.just("ring")),
    st.builds(Place, kind=st.just(PlaceKind.EDGE), name=st.just("west")),
)
who = st.sampled_from([(), ("orc",), ("troll",)])
rounds = st.sampled_from([(None, None), (2, None), (None, 2), (1, 3)])
orders = st.lists(
    st.one_of(
        st.builds(
            lambda w, r, target, shot, unseen, mod: Hunt(
                target=target,
                shooting_only=shot,
                out_of_sight=unseen,
                attack_modifier=mod,
                characters=w,
                from_round=r[0],
                until_round=r[1],
            ),
            who,
            rounds,
            st.sampled_from(["sam", "frodo", "merry"]),
            st.booleans(),
            st.booleans(),
            st.integers(-2, 2),
        ),
        st.builds(
            lambda w, place: NoEnemyInSight(place=place, characters=w),
            who,
            st.one_of(st.none(), places),
        ),
        st.builds(lambda w: RoutToward(edge=Edge.SOUTH, characters=w), who),
        st.just(IgnoreTerrain()),
        st.just(KeepOut(area=Place(kind=PlaceKind.FEATURE, name="stream"))),
        st.just(StayWithin(distance=8, place=Place(kind=PlaceKind.FEATURE, name="x"))),
        st.just(Hunt(target="ring", target_kind=TargetKind.CARRIER)),
    ),
    max_size=4,
).map(tuple)
round_numbers = st.sampled_from([None, 1, 2, 3, 4])


def decide(doctrine: Doctrine, situation, choice, seed):
    if doctrine is Doctrine.DECK:
        deck = Deck(dice=Dice(random.Random(seed)))
        return deck_activate(situation, deck=deck, settings=choice)
    rng = random.Random(seed)
    if doctrine is Doctrine.HORDE:
        return horde_decide(situation, rng=rng, settings=choice)
    return priority_decide(situation, rng=rng, settings=choice)


DOCTRINES = st.sampled_from([Doctrine.PRIORITY, Doctrine.DECK, Doctrine.HORDE])


@RUNS
@given(
    doctrine=DOCTRINES,
    situation=situations,
    given_orders=orders,
    round_number=round_numbers,
    seed=seeds,
)
def test_decisions_with_orders_are_printed_on_the_card_with_orders(
    doctrine, situation, given_orders, round_number, seed
):
    """The card with the orders prints every step and action decided."""
    situation = replace(situation, round=round_number)
    choice = DoctrineSettings(orders=given_orders)
    decision = decide(doctrine, situation, choice, seed)
    assert_on_the_card(decision, procedure(doctrine, choice))
    if decision.order:
        binding = [
            o
            for o in given_orders
            if o.binds(situation.id) and o.holds_in(round_number)
        ]
        assert decision.order in {o.label for o in binding}


@RUNS
@given(doctrine=DOCTRINES, situation=situations, given_orders=orders, seed=seeds)
def test_orders_for_someone_else_change_nothing(
    doctrine, situation, given_orders, seed
):
    """Orders that bind only other characters leave the decision as it was."""
    others = tuple(replace(o, characters=("troll",)) for o in given_orders)
    with_others = decide(doctrine, situation, DoctrineSettings(orders=others), seed)
    without = decide(doctrine, situation, DoctrineSettings(), seed)
    assert replace(with_others, reason="") == replace(without, reason="")
