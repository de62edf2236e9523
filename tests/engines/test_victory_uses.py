"""What a scene's pieces are for, read from its ways to win: a feature a
*leave* names is a way out; an objective carried off or held says so; a
negated condition names no purpose."""

from __future__ import annotations

from engines.enums import Side
from engines.victory import (
    Condition,
    ConditionKind,
    ObjectiveUse,
    Victory,
    WayToWin,
    victory_uses,
)


def way(*conditions: Condition, side: Side = Side.PLAYER) -> WayToWin:
    return WayToWin(side=side, conditions=conditions)


def test_bree_s_east_gate_is_a_way_out_and_the_ring_is_to_be_carried_off():
    victory = Victory(
        ways=(
            way(
                Condition(
                    ConditionKind.LEAVE,
                    character="Frodo Baggins",
                    feature="The East Gate",
                    objective="The One Ring",
                )
            ),
            way(
                Condition(ConditionKind.CARRY_OFF, objective="The One Ring"),
                side=Side.AI,
            ),
        ),
        battle_length=8,
    )
    uses = victory_uses(victory)
    assert (uses.exits, uses.objective("The One Ring")) == (
        frozenset({"The East Gate"}),
        ObjectiveUse.CARRY_OFF,
    )


def test_a_held_objective_is_to_be_held_and_a_negated_one_names_nothing():
    victory = Victory(
        ways=(
            way(Condition(ConditionKind.HOLD, side=Side.PLAYER, objective="The boats")),
            way(
                Condition(
                    ConditionKind.LEAVE,
                    negated=True,
                    character="Sam",
                    feature="The ford",
                    objective="The chest",
                )
            ),
        ),
        battle_length=6,
    )
    uses = victory_uses(victory)
    assert (uses.exits, uses.objective("The boats"), uses.objective("The chest")) == (
        frozenset(),
        ObjectiveUse.HOLD,
        None,
    )
