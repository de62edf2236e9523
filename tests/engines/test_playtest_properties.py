"""The abstract table's moves, over random tables (RULES §7).

Whatever the buildings and walls, a route never runs through what stops
movement, is never shorter than the straight line, and a walk along it never
spends more than its move (and stops short only when it is spent).
"""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from engines.battlefield import Feature
from engines.enums import Cover, Shape, TerrainKind
from engines.playtest.paths import path_length, walk
from engines.playtest.table import Board
from engines.playtest.terrain import ground

coordinate = st.floats(min_value=1, max_value=35, allow_nan=False)


@st.composite
def features(draw):
    found = []
    for n in range(draw(st.integers(min_value=0, max_value=5))):
        kind = draw(st.sampled_from([TerrainKind.BUILDING, TerrainKind.WALL]))
        if draw(st.booleans()):
            found.append(
                Feature(
                    name=f"f{n}",
                    shape=Shape.CIRCLE,
                    x=draw(coordinate),
                    y=draw(coordinate),
                    radius=draw(st.floats(0.5, 4)),
                    terrain=kind,
                    cover=Cover.HARD,
                )  # fmt: skip
            )
        else:
            found.append(
                Feature(
                    name=f"f{n}",
                    shape=Shape.RECTANGLE,
                    x=draw(coordinate),
                    y=draw(coordinate),
                    width=draw(st.floats(0.5, 8)),
                    depth=draw(st.floats(0.5, 8)),
                    terrain=kind,
                    cover=Cover.HARD,
                )  # fmt: skip
            )
    return tuple(found)


@settings(max_examples=150, deadline=None)
@given(features(), coordinate, coordinate, coordinate, coordinate, st.floats(1, 12))
def test_a_route_goes_round_what_stops_movement(found, x0, y0, x1, y1, move):
    nav = Board(ground(found, width=36, depth=36)).navigator()
    start, goal = (x0, y0), (x1, y1)
    path = nav.route(start, goal)
    if path is None:
        return
    blocking = nav.blocking(start, goal)
    legs = list(zip(path, path[1:], strict=False))
    assert all(area.clip(a, b) is None for a, b in legs for area in blocking)
    assert path_length(path) >= math.dist(start, goal) - 1e-6
    walked = walk(path, move)
    assert walked.inches <= move + 1e-6
    assert walked.reached or walked.inches >= move - 1e-6
