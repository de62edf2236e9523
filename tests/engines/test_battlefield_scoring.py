"""§3.12: what a battle's objectives are worth together (objective_points):
every objective piece, and the features that are objectives; a feature that is
not an objective scores nothing, whatever VP it carries."""

from __future__ import annotations

import pytest

from engines.battlefield import objective_points
from engines.battlefield.features import Feature, ObjectiveMark
from engines.battlefield.scoring import side_victory_points
from engines.battlefield.table import Battlefield
from engines.enums import ObjectiveKind, Shape


def feature(name: str, *, objective: bool, vp: int) -> Feature:
    return Feature(
        name=name,
        shape=Shape.CIRCLE,
        x=10,
        y=10,
        radius=2,
        objective=objective,
        victory_points=vp,
    )


def field_of(*features: Feature, pieces: tuple[int, ...] = ()) -> Battlefield:
    return Battlefield(
        width=36,
        depth=36,
        forces=(),
        features=features,
        objectives=tuple(
            ObjectiveMark(
                name=f"Piece {n}", kind=ObjectiveKind.FIXED, victory_points=vp
            )
            for n, vp in enumerate(pieces)
        ),
    )


@pytest.mark.parametrize(
    ("battlefield", "points"),
    [
        (field_of(), 0),
        (field_of(pieces=(3, 2)), 5),
        (field_of(feature("Tower", objective=True, vp=4)), 4),
        (field_of(feature("Hedge", objective=False, vp=4)), 0),
        (
            field_of(
                feature("Tower", objective=True, vp=4),
                feature("Hedge", objective=False, vp=7),
                pieces=(3,),
            ),
            7,
        ),
    ],
    ids=["none", "pieces", "objective feature", "plain feature", "all"],
)
def test_the_objectives_are_worth_their_pieces_and_objective_features(
    battlefield: Battlefield, points: int
) -> None:
    assert objective_points(battlefield) == points


@pytest.mark.parametrize(
    ("objectives", "lost", "scored", "vp"),
    [
        ((), 0, 0, 0),
        ((3,), 0, 0, 3),
        ((3, 3), 2, 0, 8),
        ((), 1, 2, 3),
        ((5,), 4, 1, 10),
    ],
)
def test_a_sides_victory_points_add_up(objectives, lost, scored, vp):
    """§3.12: the objectives' worth, 1 VP per enemy lost and per character
    scored off the opposing edge or beyond the river."""
    assert (
        side_victory_points(objectives=objectives, enemies_lost=lost, scored=scored)
        == vp
    )
