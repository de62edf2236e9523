"""A playtest's report (RULES §7, SITE.md's JSON shape)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engines.enums import Outcome
from engines.playtest.report import ROBOT, Battle, report, report_text, wilson

WIN = Battle(outcome=Outcome.VICTORY, rounds=3, way="VP")
LOSS = Battle(outcome=Outcome.DEFEAT, rounds=5, way="routed", fell=("Sam",))


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [(0, 10, 0.0, 0.2775), (5, 10, 0.2366, 0.7634), (10, 10, 0.7225, 1.0)],
)
def test_the_interval_is_wilsons(k, n, low, high):
    assert wilson(k, n) == pytest.approx((low, high), abs=1e-4)


def test_the_report_has_sites_json_shape_and_sums_to_one():
    data = report([WIN, LOSS, LOSS], seed=4, characters=["Sam", "Frodo"]).to_data()
    assert set(data) >= {
        "battles", "seed", "victory", "draw", "defeat", "interval", "rounds",
        "characters", "ends", "warnings",
    }  # fmt: skip
    assert data["victory"] + data["draw"] + data["defeat"] == 1
    assert data["characters"] == {
        "Sam": {"fell": pytest.approx(2 / 3), "wounded": 0.0},
        "Frodo": {"fell": 0.0, "wounded": 0.0},
    }
    assert (data["rounds"], data["ends"]) == ({"3": 1, "5": 2}, {"routed": 2, "VP": 1})


@pytest.mark.parametrize(
    ("battles", "warning"),
    [
        (
            [LOSS, LOSS],
            "The players never won in 2 battles: the commonest end, “routed” "
            "(2 of 2); Sam fell in 2 of 2.",
        ),
        (
            [WIN, WIN, replace(WIN, way="Frodo leaves by the gate")],
            "The players won every one of 3 battles: the commonest end, “VP” (2 of 3).",
        ),
    ],
)
def test_never_and_always_won_are_warned(battles, warning):
    assert report(battles, seed=1).warnings == (warning,)


def test_an_unfinished_battle_names_its_cause():
    stuck = Battle(
        outcome=Outcome.DRAW,
        rounds=6,
        way="",
        unfinished="the East Gate cannot be reached: the keep-out order around "
        "the Houses covers it",
    )
    assert report([WIN, stuck], seed=1).warnings == (
        "1 of 2 battles could not be played to the end: the East Gate cannot be "
        "reached: the keep-out order around the Houses covers it",
    )


def test_the_words_say_the_seed_the_odds_and_the_robot():
    text = report_text(report([WIN, LOSS], seed=9))
    assert "2 battles, seed 9." in text and "Victory: 50.0 %" in text
    assert text.endswith(ROBOT)
