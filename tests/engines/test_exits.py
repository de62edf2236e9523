"""RULES §3.12: a character that leaves by the scoring edge has left the
battle; a side with nobody left on the table ends it."""

from __future__ import annotations

import pytest

from engines.battlefield.exits import Whereabouts as W
from engines.battlefield.exits import scores_exits, side_end
from engines.enums import Scenario


@pytest.mark.parametrize(
    ("whereabouts", "ends", "loses"),
    [
        ((W.ON_TABLE,), False, False),
        ((W.FALLEN, W.ON_TABLE), False, False),
        ((W.FALLEN, W.TO_COME), False, False),
        ((W.LEFT, W.TO_COME), False, False),
        ((W.FALLEN, W.FALLEN), True, True),
        ((W.FALLEN, W.ROUTED_OFF, W.SCATTERED_OFF), True, True),
        ((W.LEFT, W.LEFT), True, False),
        ((W.LEFT, W.FALLEN), True, False),
        ((W.LEFT, W.ABSENT), True, False),
        ((W.ABSENT, W.FALLEN), True, True),
    ],
)
def test_a_side_with_nobody_left_on_the_table_ends_the_battle(whereabouts, ends, loses):
    end = side_end(whereabouts)
    assert (end.ends, end.loses) == (ends, loses)


def test_the_end_says_why():
    assert "the VP decide" in side_end(["left", "fallen"]).reason


@pytest.mark.parametrize("scenario", list(Scenario))
def test_only_a_skirmish_scores_exits(scenario):
    assert scores_exits(scenario) is (scenario is Scenario.SKIRMISH)
