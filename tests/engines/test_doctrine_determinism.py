"""RULES §5: the same seed and situation give the same decisions and the same logs."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.cards import Deck
from engines.dice import Dice
from engines.doctrines import (
    DECK,
    HORDE,
    PRIORITY,
    PURSUIT,
    Decision,
    DoctrineSettings,
    HordeMember,
    HordeRound,
    PlayerModel,
    Point,
    Procedure,
    Pursuer,
    deck_activate,
    deck_defend,
    horde_decide,
    horde_end_of_round,
    priority_decide,
    pursuit_round,
)
from engines.doctrines.situation import Enemy, Friend, Objective, Situation
from engines.enums import Cover, HordeMode, ObjectiveKind

RUNS = settings(max_examples=150, deadline=None, database=None)

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

situations = st.builds(
    Situation,
    id=st.just("orc"),
    move=st.sampled_from([4, 5, 6, 8]),
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
    carrying=st.sampled_from([None, "ring"]),
    wounded=st.booleans(),
    hurt_this_round=st.booleans(),
    attacked_before_activating=st.just(True),
    routing=st.booleans(),
    follow_up=st.booleans(),
    mode=st.sampled_from(list(HordeMode)),
)


def assert_printed(decision: Decision, card: Procedure) -> None:
    """Every step a decision reports is printed; the last is the one that fired."""
    assert set(decision.steps) <= set(card.step_ids())
    assert decision.steps[-1] == decision.step


@RUNS
@given(situation=situations, seed=seeds)
def test_priority_same_seed_same_decision(situation: Situation, seed: int) -> None:
    first = priority_decide(situation, rng=random.Random(seed))
    assert priority_decide(situation, rng=random.Random(seed)) == first
    assert_printed(first, PRIORITY)


@RUNS
@given(situation=situations, seed=seeds)
def test_deck_same_seed_same_cards_and_decisions(
    situation: Situation, seed: int
) -> None:
    def play() -> tuple[list[Decision], tuple[object, ...]]:
        deck = Deck(dice=Dice(random.Random(seed)))
        decisions = [deck_activate(situation, deck=deck) for _ in range(6)]
        decisions.append(deck_defend(situation, attacker="sam", deck=deck))
        return decisions, deck.dice.entries()

    first = play()
    assert play() == first
    for decision in first[0]:
        assert_printed(decision, DECK)


@RUNS
@given(situation=situations, seed=seeds)
def test_horde_same_seed_same_decision(situation: Situation, seed: int) -> None:
    first = horde_decide(situation, rng=random.Random(seed))
    assert horde_decide(situation, rng=random.Random(seed)) == first
    assert_printed(first, HORDE)


horde_rounds = st.builds(
    HordeRound,
    mode=st.sampled_from(list(HordeMode)),
    members=st.lists(
        st.builds(
            HordeMember,
            id=st.sampled_from(["b1", "b2", "b3", "b4"]),
            wounded=st.booleans(),
            nearest_enemy=st.one_of(st.none(), inches),
        ),
        max_size=6,
        unique_by=lambda m: m.id,
    ).map(tuple),
    fallen_so_far=st.integers(min_value=0, max_value=12),
    players=st.lists(
        st.builds(
            PlayerModel,
            id=st.sampled_from(["sam", "merry"]),
            position=st.builds(Point, inches, inches),
        ),
        max_size=3,
    ).map(tuple),
)


horde_settings = st.builds(
    DoctrineSettings,
    reinforcements=st.booleans(),
    reinforcement_cap=st.integers(min_value=1, max_value=6),
)


@RUNS
@given(horde=horde_rounds, settings=horde_settings, seed=seeds)
def test_horde_end_of_round_same_seed_same_result(
    horde: HordeRound, settings: DoctrineSettings, seed: int
) -> None:
    first = horde_end_of_round(horde, rng=random.Random(seed), settings=settings)
    assert (
        horde_end_of_round(horde, rng=random.Random(seed), settings=settings) == first
    )
    assert set(first.steps) <= set(HORDE.step_ids())
    assert horde.mode != HordeMode.SCATTER or first.mode == HordeMode.SCATTER


@RUNS
@given(
    distances=st.lists(inches, min_size=1, max_size=8),
    room=inches,
    lever=st.sampled_from([0, 2, 4]),
    seed=seeds,
)
def test_pursuit_same_seed_same_moves(
    distances: list[float], room: float, lever: int, seed: int
) -> None:
    pursuers = [
        Pursuer(id=f"w{n}", distance=d, card_order=n, room_wide=room, room_in=room)
        for n, d in enumerate(distances)
    ]
    settings = DoctrineSettings(pursuit_lever=lever)
    first = pursuit_round(pursuers, settings=settings, rng=random.Random(seed))
    assert pursuit_round(pursuers, settings=settings, rng=random.Random(seed)) == first
    for decision in first:
        assert_printed(decision, PURSUIT)
        assert decision.speed is not None and decision.speed >= decision.position
