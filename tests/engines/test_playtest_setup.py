"""The abstract table of a battlefield (RULES §1, §7)."""

from __future__ import annotations

from engines.battlefield import Feature, ObjectiveMark
from engines.battlefield.table import Battlefield
from engines.enums import Cover, ObjectiveKind, Shape, TerrainKind
from engines.playtest.setup import board_for, markers_for
from engines.playtest.table import Marker

FIELD = Battlefield(
    width=48,
    depth=36,
    forces=(),
    features=(
        Feature(
            name="Tower",
            shape=Shape.CIRCLE,
            x=24,
            y=18,
            radius=3,
            cover=Cover.HARD,
            terrain=TerrainKind.BUILDING,
            objective=True,
        ),
    ),  # fmt: skip
    objectives=(
        ObjectiveMark(name="Chest", kind=ObjectiveKind.CARRIABLE, x=5, y=6),
        ObjectiveMark(name="Ring", kind=ObjectiveKind.CARRIABLE, carrier="Frodo"),
    ),
    sight_limit=12,
)


def test_the_board_has_the_battlefields_size_sight_and_terrain():
    g = board_for(FIELD, lit={"Tower": 3}).ground
    assert (g.width, g.depth, g.sight_limit, len(g.obstacles), len(g.lit)) == (
        48, 36, 12, 1, 1,
    )  # fmt: skip


def test_the_markers_are_the_placed_objectives_and_objective_features():
    assert markers_for(FIELD) == (
        Marker(name="Chest", at=(5, 6), kind=ObjectiveKind.CARRIABLE),
        Marker(name="Tower", at=(24, 18), kind=ObjectiveKind.FIXED),
    )
