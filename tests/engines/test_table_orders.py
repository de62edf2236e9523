"""Scene orders at the table (RULES §5 "Scene orders in every doctrine"): whole
battles with random orders, played by a truthful player through the page's
own questions. Every decision the page makes from the answers alone is the
doctrine engine's decision on the whole table with the same orders applied,
the same cards and dice; a decision an order made names it in the log."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.doctrines import DoctrineSettings
from engines.enums import Doctrine, Edge, Side
from engines.orders import (
    EachRound,
    Hunt,
    IgnoreTerrain,
    KeepOut,
    Moment,
    NoEnemyInSight,
    Order,
    Place,
    PlaceKind,
    RoutToward,
    StayWithin,
    TargetKind,
)
from engines.orders.kinds import Victim
from engines.table.flows import activation_walk
from engines.table.moves import entry_compute
from engines.table.obeying import orders_shown, round_order_lines
from engines.table.state import state_start
from engines.table.turns import (
    activation_decide,
    first_choose,
    round_begin,
)
from tests.engines.table_battles import AI, PLAYERS, Log, battle_context
from tests.engines.table_oracle import Foe, Truth, walk_with
from tests.engines.test_table_properties import play

RUNS = settings(max_examples=20, deadline=None, database=None)
seeds = st.integers(min_value=0, max_value=2**31 - 1)


def random_orders(rng: random.Random) -> tuple[Order, ...]:
    """Up to four orders of any kind, for the whole company or one rider, some
    from or until a round."""

    def who() -> tuple[str, ...]:
        return rng.choice([(), (), (rng.choice(AI),)])

    def when() -> dict:
        start, end = rng.choice([(None, None), (None, None), (2, None), (None, 2)])
        return {"characters": who(), "from_round": start, "until_round": end}

    makers = [
        lambda: Hunt(
            target=rng.choice(PLAYERS),
            shooting_only=rng.random() < 0.2,
            out_of_sight=rng.random() < 0.5,
            attack_modifier=rng.choice([0, 1, -1]),
            **when(),
        ),
        lambda: Hunt(target="Fellowship", target_kind=TargetKind.COMPANY, **when()),
        lambda: NoEnemyInSight(
            place=rng.choice(
                [
                    None,
                    Place(kind=PlaceKind.CHARACTER, name=rng.choice(PLAYERS)),
                    Place(kind=PlaceKind.EDGE, name="west"),
                ]
            ),
            **when(),
        ),
        lambda: RoutToward(edge=Edge.SOUTH, **when()),
        lambda: EachRound(
            moment=rng.choice([Moment.START, Moment.BEFORE_FIRST, Moment.END]),
            attack_bonus=rng.choice([None, 2]),
            victim=rng.choice([Victim.CHARACTER, Victim.CHARACTER, Victim.CHOSEN]),
            victim_name=rng.choice(PLAYERS),
            condition=rng.choice(["", "", "Boromir stands"]),
            gate=rng.choice([None, 4]),
            effect="a black arrow",
            **when(),
        ),
        lambda: IgnoreTerrain(**when()),
        lambda: KeepOut(area=Place(kind=PlaceKind.FEATURE, name="stream"), **when()),
        lambda: StayWithin(
            distance=8, place=Place(kind=PlaceKind.FEATURE, name="tower"), **when()
        ),
    ]
    return tuple(rng.choice(makers)() for _ in range(rng.randint(1, 4)))


def doctrine_settings(doctrine: Doctrine, orders: tuple[Order, ...]):
    return DoctrineSettings(
        reinforcements=doctrine is Doctrine.HORDE,
        quarry=("Frodo",) if doctrine is Doctrine.PURSUIT else (),
        pursuit_lever=2 if doctrine is Doctrine.PURSUIT else 0,
        orders=orders,
    )


@pytest.mark.parametrize("doctrine", list(Doctrine))
@RUNS
@given(seed=seeds)
def test_the_page_decides_as_the_engine_with_random_orders(doctrine, seed):
    """With any orders, the page's decision from the truthful answers equals
    the engine's on the whole situation (``play`` compares every one)."""
    orders = random_orders(random.Random(seed))
    player = play(doctrine, seed, settings=doctrine_settings(doctrine, orders))
    assert player.log.entries


@pytest.mark.parametrize("doctrine", [Doctrine.PRIORITY, Doctrine.DECK, Doctrine.HORDE])
def test_orders_make_decisions_the_page_and_engine_agree_on(doctrine):
    """The comparison above is not empty: over a few battles the orders make
    decisions (named "scene order: …"), and the page agrees on each."""
    made = []
    for seed in range(12):
        orders = random_orders(random.Random(seed))
        player = play(doctrine, seed, settings=doctrine_settings(doctrine, orders))
        made += [mine for mine, _ in player.compared if mine.get("order")]
    assert made
    assert all(m["order"].startswith("scene order: ") for m in made)


def hunting_battle():
    """The Witch-king hunts Frodo even out of sight; Frodo is far and unseen,
    Sam near and seen."""
    hunt = Hunt(target="Frodo", out_of_sight=True, characters=("Witch-king",))
    context = battle_context(
        Doctrine.PRIORITY,
        settings=DoctrineSettings(orders=(hunt,)),
        players=("Frodo", "Sam"),
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
    king = next(f for f in context.fighters if f.name == "Witch-king")
    return log, king, hunt


def test_the_hunt_asks_where_its_target_is_before_the_doctrine():
    """A hunter's first questions after melee are the hunted target's
    distance, whether it sees it and whether it is free."""
    log, king, _ = hunting_battle()
    answers = {"melee": "no"}
    walk = activation_walk(log.context, log.state, king, answers)
    assert walk.question.text == "How far is Frodo from Witch-king?"
    assert [name for name, *_ in walk.question.also] == ["hunted_seen", "hunted_free"]


def test_a_hunt_out_of_sight_moves_toward_frodo_and_names_the_order():
    """Frodo unseen 10" away, Sam seen 20" away (beyond move and range), the
    Witch-king hunting Frodo even out of sight moves toward Frodo, not Sam:
    the page's decision names the hunt and the log line carries it as its
    step."""
    log, king, hunt = hunting_battle()
    state = log.state
    truth = Truth(
        foes=[
            Foe(label="Frodo", distance=10, seen=False, engaged=False),
            Foe(label="Sam", distance=20, seen=True, engaged=False),
        ]
    )
    keys = {f.key: f.label for f in state.all_fighters(log.context)}
    walk = walk_with(
        truth, lambda a: activation_walk(log.context, state, king, a), keys
    )
    draft = activation_decide(log.context, state, key=king.key, answers=walk.answers)
    decision = draft.data["decision"]
    assert decision["order"] == hunt.label
    assert hunt.label == "scene order: hunts Frodo, even out of sight"
    assert decision["target"] == "Frodo"
    assert draft.data["printed"]["short"] == hunt.label
    assert f"[{hunt.label}]" in draft.text


def test_every_activation_shows_the_orders_binding_it_and_the_notes():
    """The page shows the orders binding the character this round, in words,
    and the company's notes; an order for another rider is not shown."""
    log, king, hunt = hunting_battle()
    second = next(f for f in log.context.fighters if f.name == "Second Rider")
    shown = orders_shown(log.context, log.state, king)
    assert shown["walk_orders"] == (hunt.words(),)
    assert orders_shown(log.context, log.state, second)["walk_orders"] == ()


def test_each_round_orders_are_shown_at_their_moment():
    """As round 1 begins: the orders before round 1 and round 1's start ones
    (the table rolls them all, asking the condition); the end orders are not
    shown until the round's end; round 2's start orders as round 2 begins."""
    arrow = EachRound(moment=Moment.END, effect="a black arrow")
    stoop = EachRound(
        moment=Moment.BEFORE_FIRST, condition="Frodo is in the open", effect="stoop"
    )
    eagle = EachRound(moment=Moment.START, from_round=2, effect="an eagle stoops")
    context = battle_context(
        Doctrine.PRIORITY, settings=DoctrineSettings(orders=(arrow, stoop, eagle))
    )
    log = Log(context)
    assert round_order_lines(context, log.state, phase="begin") == (
        ("Before round 1", f"Nazgûl: {stoop.words()}"),
    )
    log.add(lambda c, s: round_begin(c, s, sightings={}))
    assert round_order_lines(context, log.state, phase="begin") == (
        ("Start of round 2, before its event", f"Nazgûl: {eagle.words()}"),
    )


def test_an_order_before_round_1_is_rolled_in_the_rounds_entry():
    """A stoop before round 1 (D6 + 3 against Frodo's defence) is rolled as
    round 1 begins, before its event: the entry says whether it wounds, keeps
    the roll, and is the same entry made again from its inputs."""
    stoop = EachRound(
        moment=Moment.BEFORE_FIRST,
        attack_bonus=3,
        victim_name="Frodo",
        effect="the fell beast's stoop",
    )
    eagle = EachRound(moment=Moment.START, from_round=2, gate=4, effect="an eagle")
    context = battle_context(
        Doctrine.PRIORITY, settings=DoctrineSettings(orders=(stoop, eagle))
    )
    log = Log(context)
    draft = log.add(lambda c, s: round_begin(c, s, sightings={}))
    done = draft.data["scene_orders"]
    assert [d["order"] for d in done] == [stoop.words()]
    assert done[0]["detail"].startswith("Frodo: ")
    assert f"Scene order — {stoop.words()}: {done[0]['detail']}." in draft.text
    purposes = [entry["purpose"] for entry in draft.data["log"]]
    # After the deck's shuffle at battle start, before the initiative roll.
    assert purposes.index("scene order: attack on Frodo") == 1
    assert len(purposes) == 3
    again = entry_compute(
        context, state_start(context), "round", draft.data["inputs"], None
    )
    assert again == draft


@pytest.mark.parametrize("doctrine", [Doctrine.PRIORITY, Doctrine.DECK])
def test_the_place_of_a_no_enemy_order_is_still_asked_as_the_nearest(doctrine):
    """A no-enemy-in-sight order toward Frodo lists him (far, unseen) so the
    engine knows he is on the table; told nearest, his distance and sight are
    still asked, not read from that placeholder (found by the differential
    test: the page charged Merry at 3" while Frodo stood seen at 1")."""
    order = NoEnemyInSight(place=Place(kind=PlaceKind.CHARACTER, name="Frodo"))
    ctx = battle_context(doctrine, settings=doctrine_settings(doctrine, (order,)))
    state = state_start(ctx)
    state.round = 1
    walk = activation_walk(ctx, state, ctx.fighter("p6"), {"melee": "near:p1"})
    question = walk.question
    assert question is not None
    # Its distance asked, or (a card that asks the nearest seen) Frodo offered.
    offered = [c.value for c in question.choices]
    assert question.name == "near_in" or "p1" in offered
