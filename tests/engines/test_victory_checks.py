"""The builder's checks on a scene's ways to win (issue 31, item 7): each bad
input refused or resolved with a clear message."""

from __future__ import annotations

import pytest

from engines.enums import Edge, Side
from engines.victory import (
    Condition,
    ConditionKind,
    HoldWhen,
    SceneNames,
    Victory,
    WayToWin,
    condition_problem,
    victory_notices,
    way_problem,
)

K = ConditionKind
SCENE = SceneNames(
    characters={"Frodo": "The Fellowship"},
    companies={"The Fellowship": Side.PLAYER, "The Ringwraiths": Side.AI},
    objectives={"The One Ring": True, "The boats": False},
    features=frozenset({"The East Gate"}),
)


@pytest.mark.parametrize(
    ("condition", "field", "message"),
    [
        (
            Condition(K.LEAVE),
            "character",
            "Name the character, or the company, who leave.",
        ),
        (
            Condition(K.LEAVE, company="The Fellowship"),
            "count",
            "Say how many of the company: at least N, or half.",
        ),
        (Condition(K.CARRY_OFF), "objective", "Name the objective carried off."),
        (
            Condition(K.FELL),
            "character",
            "Name the character, or the company, that falls.",
        ),
        (
            Condition(K.HOLD, objective="The boats"),
            "side",
            "Name the side, or the character, that holds it.",
        ),
        (
            Condition(K.HOLD_OUT),
            "side",
            "Name the side, or the character, that holds out.",
        ),
        (Condition(K.ROUT), "side", "Name the side, or the company, that routs."),
        (
            Condition(K.FELL, character="Boromir"),
            "character",
            "Boromir is not in this scene's companies.",
        ),
        (
            Condition(K.LEAVE, character="Frodo", feature="The Last Bridge"),
            "feature",
            "The Last Bridge is not one of this scene's features.",
        ),
        (
            Condition(K.HOLD, side=Side.PLAYER, objective="The One Ring"),
            "objective",
            "The One Ring is carried, not held: name a fixed one.",
        ),
        (
            Condition(K.CARRY_OFF, objective="The boats"),
            "objective",
            "The boats is fixed: it cannot be carried.",
        ),
        (
            Condition(
                K.HOLD,
                side=Side.PLAYER,
                objective="The boats",
                when=HoldWhen.ROUND,
                round=7,
            ),
            "round",
            "Round 7 is past the battle's end: it lasts 6 rounds.",
        ),
        (
            Condition(K.LEAVE, character="Frodo", edge=Edge.CENTRE),
            "edge",
            "Name a table edge, not the centre.",
        ),
    ],
)
def test_a_bad_condition_is_refused_with_its_message(condition, field, message):
    assert condition_problem(condition, battle_length=6, scene=SCENE) == (
        field,
        message,
    )


def test_a_sound_condition_passes():
    condition = Condition(K.LEAVE, character="Frodo", feature="The East Gate")
    assert condition_problem(condition, battle_length=6, scene=SCENE) == ("", "")


def test_an_empty_and_is_refused():
    assert "at least one condition" in way_problem(WayToWin(Side.PLAYER, ()))


def test_a_way_only_of_nots_cannot_end_the_battle_at_once():
    way = WayToWin(
        Side.PLAYER, (Condition(K.FELL, character="Frodo", negated=True),), at_once=True
    )
    assert "cannot end the battle at once" in way_problem(way)


def test_two_ways_at_once_for_opposite_sides_say_the_first_listed_wins():
    fell = Condition(K.FELL, character="Frodo")
    victory = Victory(
        ways=(
            WayToWin(Side.AI, (fell,), at_once=True),
            WayToWin(Side.PLAYER, (Condition(K.ROUT, side=Side.AI),), at_once=True),
        ),
        battle_length=6,
    )
    assert victory_notices(victory) == (
        "Ways 1 and 2 both end the battle at once, for opposite sides: if one "
        "event meets both, the first listed (way 1, the AI side) wins.",
    )


def test_a_side_without_a_way_is_flagged():
    victory = Victory(
        ways=(WayToWin(Side.PLAYER, (Condition(K.ROUT, side=Side.AI),)),),
        battle_length=6,
    )
    assert victory_notices(victory) == ("No way to win for the AI side.",)
