"""The playtest applies an event's sight limit as the table page does (RULES
§5.2, one rulebook): in the round a fog is drawn nobody sees further than its
8", the doctrines' settings say 8" too; the next round is the battle's again."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engines.enums import Action, Side
from engines.events import EVENT_KEYS, Event
from engines.playtest import battle, round_sight
from engines.playtest.battle import play
from engines.playtest.terrain import base_gap
from tests.engines.test_playtest_battle import sam_by_the_south_edge

FOG = tuple(
    Event(key=k, title="A Sudden Fog", text="Fog.", sight_limit=8) for k in EVENT_KEYS
)


@pytest.mark.parametrize(("limit", "other", "nearest"), [(8, 12, 8), (8, None, 8)])
def test_the_nearer_limit(limit, other, nearest):
    assert round_sight.nearer(limit, other) == nearest


def test_a_fog_limits_sight_for_its_round_in_the_playtest(monkeypatch):
    foggy = []

    def spy(state, limit):
        round_sight.sight_narrow(state, limit)
        table = state.table
        players, ai = table.of_side(Side.PLAYER), table.of_side(Side.AI)
        pairs = [(a, p) for a in ai for p in players]
        foggy.append(
            (
                table.ground.sight_limit,
                {s.sight_limit for s in state.settings.values()},
                [table.sees(a, p) for a, p in pairs if base_gap(a.at, p.at) > 8],
            )
        )

    monkeypatch.setattr(battle, "sight_narrow", spy)
    spec = replace(sam_by_the_south_edge(length=6), events=FOG)
    for seed in range(6):
        state = play(spec, rng=random.Random(seed))
        assert state.table.ground.sight_limit is None  # the battle's own again
    assert foggy
    assert all(limit == 8 and limits == {8} for limit, limits, _ in foggy)
    beyond = [sees for *_, seen in foggy for sees in seen]
    assert beyond and not any(beyond)


# --- "moves toward the nearest enemy it last saw, or holds" ---------------------------

LOST = tuple(
    Event(
        key=k, title="A Sudden Fog", text="Fog.", sight_limit=8, toward_last_seen=True
    )
    for k in EVENT_KEYS
)


@pytest.mark.parametrize(
    ("last", "action", "target"),
    [("Sam", Action.MOVE_TOWARD, "Sam"), (None, Action.HOLD, None)],
)
def test_the_unseeing_robot_moves_toward_the_enemy_it_last_saw(last, action, target):
    """After a clear round the Orc stands some 6" from Sam; in a fog of 4" it
    sees no enemy and takes the event's order, the same order the table's
    answer makes: toward the enemy it last saw, else it holds."""
    state = play(sam_by_the_south_edge(length=1), rng=random.Random(1))
    assert state.table.has("Sam") and state.table.has("Orc")
    round_sight.sight_narrow(state, 4)
    state.toward_last_seen = "A Sudden Fog"
    state.last_seen = {} if last is None else {"Orc": last}
    reading = battle.reading_of(state, "Orc")
    assert not reading.situation.in_sight
    with round_sight.last_seen_rule(state, "Orc"):
        decision = battle.decision_of(state, "Orc", reading.situation)
    assert (decision.action, decision.target) == (action, target)
    assert decision.order.startswith("A Sudden Fog: ")
    assert not state.settings["A"].orders  # the company's own orders again


def test_each_activation_remembers_whom_it_saw():
    state = play(sam_by_the_south_edge(length=1), rng=random.Random(1))
    assert state.last_seen == {"Orc": "Sam"}


def test_the_fog_s_rule_is_applied_in_its_rounds(monkeypatch):
    """Played through: in the fog's rounds every unseeing decision of the AI
    is the event's order (the players' robot has no such rule)."""
    made = []
    real = battle.decision_of

    def spy(state, key, situation):
        decision = real(state, key, situation)
        ai = state.character(key).side is Side.AI
        if ai and state.toward_last_seen and situation.enemies:
            if not situation.in_sight and not situation.in_melee:
                made.append(decision)
        return decision

    monkeypatch.setattr(battle, "decision_of", spy)
    spec = replace(sam_by_the_south_edge(length=6), events=LOST)
    for seed in range(10):
        play(spec, rng=random.Random(seed))
    assert made
    assert [d for d in made if not d.order.startswith("A Sudden Fog: ")] == []


def test_without_the_rule_no_event_order_is_taken(monkeypatch):
    made = []
    real = battle.decision_of

    def spy(state, key, situation):
        decision = real(state, key, situation)
        made.append(decision)
        return decision

    monkeypatch.setattr(battle, "decision_of", spy)
    spec = replace(sam_by_the_south_edge(length=6), events=FOG)
    for seed in range(4):
        play(spec, rng=random.Random(seed))
    assert made and not any(d.order.startswith("A Sudden Fog") for d in made if d)
