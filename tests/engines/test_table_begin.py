"""The start of a round as the table asks it (RULES §4): only what can change
who goes first; the AI's order picked as the round goes (§5)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.enums import Side
from engines.table.begin import (
    ai_choices,
    arrivals,
    begin_walk,
    pursuit_position,
)
from engines.table.moves import Activate, BeginRound, action_legal, action_take
from engines.table.taps import tap_record
from engines.table.turns import round_begin
from tests.engines.table_battles import Log, battle_context

RIDERS = ("p5", "p6", "p7")


def winner_seed(side: Side) -> int:
    """A seed whose round 1 initiative goes to ``side``."""
    for seed in range(1, 200):
        log = Log(battle_context("priority", seed=seed))
        draft = round_begin(log.context, log.state, sightings={}, picked=True)
        if draft.data["initiative"]["winner"] == side.value:
            return seed
    raise AssertionError(side)


def test_humans_winning_the_initiative_asks_nothing():
    """The humans choose who goes first: what the AI sees changes nothing."""
    log = Log(battle_context("priority", seed=winner_seed(Side.PLAYER)))
    walk = begin_walk(log.context, log.state)
    assert walk.ready and walk.sightings == {}
    assert "humans" in walk.why


def test_a_fixed_first_activation_asks_nothing():
    log = Log(battle_context("priority", first_activation=Side.AI))
    walk = begin_walk(log.context, log.state)
    assert walk.ready and walk.why == "the scenario says who goes first"


def test_a_pursuer_on_the_table_asks_nothing():
    """A pursuer always sees its quarry: the AI goes first if it wins."""
    for seed in range(1, 100):
        log = Log(battle_context("pursuit", seed=seed))
        draft = round_begin(log.context, log.state, sightings={}, picked=True)
        if draft.data["initiative"]["winner"] == Side.AI.value:
            break
    walk = begin_walk(log.context, log.state)
    assert walk.ready and "quarry" in walk.why


@pytest.mark.parametrize(
    ("seen", "ask"),
    [
        ({}, "p5"),
        ({"p5": False}, "p6"),
        ({"p5": False, "p6": False}, "p7"),
        ({"p5": True}, None),
        ({"p5": False, "p6": True}, None),
        ({"p5": False, "p6": False, "p7": False}, None),
    ],
)
def test_the_ai_winning_asks_one_at_a_time_and_stops_at_the_first_yes(seen, ask):
    log = Log(battle_context("priority", seed=winner_seed(Side.AI)))
    walk = begin_walk(log.context, log.state, seen=seen)
    assert (None if walk.ask is None else walk.ask.key) == ask
    assert len(walk.seen) == len(seen)


@pytest.mark.parametrize(("seen", "first"), [({"p5": True}, "ai"), ({}, "player")])
def test_the_answers_give_the_ai_s_choice(seen, first):
    log = Log(battle_context("priority", seed=winner_seed(Side.AI)))
    answers = {"p5": False, "p6": False, "p7": False} | seen
    walk = begin_walk(log.context, log.state, seen=answers)
    draft = log.add(
        lambda c, s: round_begin(c, s, sightings=walk.sightings, picked=True)
    )
    assert draft.data["initiative"]["first"] == first


def test_a_picked_round_stores_no_order_and_offers_every_rider():
    """§5's order is picked as the round goes: any AI character still to act."""
    log = Log(battle_context("priority", first_activation=Side.AI))
    log.add(lambda c, s: round_begin(c, s, sightings={}, picked=True))
    state = log.state
    assert state.order == []
    assert [f.key for f in ai_choices(log.context, state)] == list(RIDERS)
    assert action_legal(log.context, state, Activate(key="p7"))
    log.add(lambda c, s: tap_record(c, s, tap="activated", key="p7"))
    assert [f.key for f in ai_choices(log.context, log.state)] == ["p5", "p6"]
    assert not action_legal(log.context, log.state, Activate(key="p7"))


def test_a_stored_order_offers_only_its_next():
    log = Log(battle_context("priority", first_activation=Side.AI))
    log.add(lambda c, s: round_begin(c, s, sightings={}))
    assert len(ai_choices(log.context, log.state)) == 1
    assert not action_legal(log.context, log.state, Activate(key="p7"))


def test_a_picked_pursuer_s_position_counts_the_pursuers_before_it():
    log = Log(battle_context("pursuit", first_activation=Side.AI))
    log.add(lambda c, s: action_take(c, s, BeginRound(picked=True)))
    context = log.context
    assert pursuit_position(context, log.state, context.fighter("p6")) == 1
    state = log.state
    state.activated.update({"p5", "p7"})
    assert pursuit_position(context, state, context.fighter("p6")) == 3


def test_arrivals_are_listed_with_where_before_anything_is_asked():
    context = battle_context("priority")
    late = replace(context.fighters[-1], arrives=2)
    company = replace(context.companies[1], arrival="Placed at the north edge.")
    context = replace(
        context,
        fighters=(*context.fighters[:-1], late),
        companies=(context.companies[0], company),
        first_activation=Side.AI,
    )
    log = Log(context)
    assert arrivals(context, log.state) == ()
    log.add(lambda c, s: round_begin(c, s, sightings={}, picked=True))
    came = arrivals(context, log.state)
    assert [(a.label, a.where) for a in came] == [
        ("Third Rider", "Placed at the north edge.")
    ]


def test_a_picked_round_keeps_only_the_sight_answers_given():
    """One not asked is not known: its activation's "can see" box starts
    ticked, as the page's default, not as a "No" nobody said."""
    log = Log(battle_context("priority", first_activation=Side.AI))
    log.add(
        lambda c, s: round_begin(c, s, sightings={"p6": {"sees": False}}, picked=True)
    )
    assert set(log.state.sightings) == {"p6"}
