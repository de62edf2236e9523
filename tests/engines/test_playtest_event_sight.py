"""The playtest applies an event's sight limit as the table page does (RULES
§5.2, one rulebook): in the round a fog is drawn nobody sees further than its
8", the doctrines' settings say 8" too; the next round is the battle's again."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engines.enums import Side
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
