"""A Skirmish scored as the result form scores it (RULES §3.12): a character
that leaves by the opposing side's entry edge has left the battle — it scores
1 VP for its side, is not lost, and a side with nobody left on the table
because its characters left that way ends the battle, the VP deciding."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engines.battlefield import Battlefield
from engines.battlefield.generated import generated_battlefield
from engines.battlefield.specs import ForceSpec, TableSpec
from engines.battlefield.zones import edge_zone
from engines.enums import Edge, Outcome, Scenario, Side
from engines.orders import NoEnemyInSight, Place, PlaceKind
from engines.playtest.battle import play
from engines.playtest.fight import battle_of
from engines.playtest.scoring import points
from engines.roles import Role
from tests.engines.test_playtest_battle import _rect, sam_by_the_south_edge

TOWARD_THE_SOUTH = NoEnemyInSight(place=Place(kind=PlaceKind.EDGE, name="south"))
LENGTH = 10


def orc_heads_south(*, exits_score: bool):
    """Sam in the south-west corner, the Orc by the north edge's east end;
    nobody sees further than 1", so the Orc's order walks it to the middle of
    the players' (south) edge, well clear of Sam."""
    spec = sam_by_the_south_edge(length=LENGTH)
    field = spec.battlefield
    sam, orc = field.forces
    field = replace(
        field,
        forces=(
            replace(sam, zone=_rect(1, 20)),
            replace(orc, zone=_rect(22, 1), orders=(TOWARD_THE_SOUTH,)),
        ),
        sight_limit=1,
        exits_score=exits_score,
        scores_victory_points=True,
        generated=True,
    )
    return replace(spec, battlefield=field)


def test_a_character_that_reaches_the_edge_it_scores_at_leaves_and_scores():
    state = play(orc_heads_south(exits_score=True), rng=random.Random(1))
    (exit,) = state.exits
    assert (exit.character, exit.edge) == ("Orc", Edge.SOUTH)
    assert (points(state, Side.AI), points(state, Side.PLAYER)) == (1, 0)
    # The AI side has nobody left: the battle ends then, the VP decide.
    battle = battle_of(state)
    assert battle.rounds < LENGTH
    assert (battle.outcome, battle.way) == (Outcome.DEFEAT, "VP")


def test_without_a_skirmish_the_edge_is_only_an_edge():
    state = play(orc_heads_south(exits_score=False), rng=random.Random(1))
    assert state.exits == []
    battle = battle_of(state)
    assert battle.rounds == LENGTH
    assert (battle.outcome, battle.way) == (Outcome.DRAW, "VP")


def _forces():
    return [
        ForceSpec(key="1", name="Fellowship", side=Side.PLAYER,
                  entry_edge=Edge.SOUTH, zone=edge_zone(Edge.SOUTH)),
        ForceSpec(key="2", name="Orcs", side=Side.AI, entry_edge=Edge.NORTH,
                  zone=edge_zone(Edge.NORTH)),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("scenario", "scores"),
    [(Scenario.SKIRMISH, True), (Scenario.PITCHED_BATTLE, False)],
)
def test_only_a_skirmish_scores_leaving_by_the_edge(scenario, scores):
    field = generated_battlefield(
        scenario,
        roles={Side.PLAYER: Role.ATTACKER, Side.AI: Role.DEFENDER},
        table=TableSpec(width=48, depth=36),
        forces=_forces(),
    )
    assert field.exits_score is scores
    assert Battlefield.from_data(field.to_data()) == field
