"""Lit features (RULES §1 "The battlefield as data"): a character within N" of a
lit feature can be seen from any distance, whatever the sight limit."""

from __future__ import annotations

import pytest

from engines.battlefield.features import Feature
from engines.doctrines import (
    DoctrineSettings,
    Enemy,
    Situation,
    priority_decide,
    procedure,
)
from engines.enums import Action, Doctrine, Shape
from engines.sight import Lit, sight_line
from tests.engines.scripted import ScriptedRandom

CAMPFIRE = Lit(feature="The campfire", within=6)
NIGHT = DoctrineSettings(sight_limit=12, lit=(CAMPFIRE,))


@pytest.mark.parametrize(
    ("enemy", "in_sight"),
    [
        (Enemy(id="Sam", distance=20), False),
        (Enemy(id="Sam", distance=20, lit=True), True),
        (Enemy(id="Sam", distance=10), True),
        (Enemy(id="Sam", distance=20, lit=True, in_sight=False), False),
    ],
    ids=["beyond the limit", "lit beyond the limit", "within", "lit, no line"],
)
def test_a_lit_enemy_is_seen_from_any_distance(enemy, in_sight):
    (seen,) = NIGHT.seen(Situation(enemies=(enemy,))).enemies
    assert seen.in_sight is in_sight


def test_the_robot_moves_toward_a_lit_enemy_beyond_the_limit():
    """Step 8: an enemy in sight — the lit one 20" away is."""
    decision = priority_decide(
        Situation(enemies=(Enemy(id="Sam", distance=20, lit=True),)),
        rng=ScriptedRandom(),
        settings=NIGHT,
    )
    assert (decision.step, decision.action, decision.target) == (
        "8",
        Action.MOVE_TOWARD_ENEMY,
        "Sam",
    )


def test_the_card_s_sight_line_says_the_lit_exception():
    card = procedure(Doctrine.PRIORITY, NIGHT)
    assert (
        'Nobody sees further than 12" in this battle: nothing further away is '
        'in sight, but a character within 6" of the campfire (lit) can be seen '
        "from any distance."
    ) in card.notes


def test_without_a_limit_there_is_no_sight_line():
    assert sight_line(None, (CAMPFIRE,)) == ""


def test_a_feature_is_lit_within_its_inches():
    fire = Feature(
        name="The campfire", shape=Shape.CIRCLE, x=18, y=21, radius=1, lit_within=6
    )
    assert (fire.lit, Feature.from_data(fire.to_data())) == (CAMPFIRE, fire)


def test_a_lit_feature_lights_a_positive_distance():
    with pytest.raises(ValueError, match="positive"):
        Lit(feature="The campfire", within=0)


def test_the_settings_carry_the_lit_features_in_their_data():
    assert NIGHT.to_data()["lit"] == [{"feature": "The campfire", "within": 6}]
