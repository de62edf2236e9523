"""The abstract table's moves, over random tables (RULES §7).

Whatever the buildings and walls, a route never runs through what stops
movement, is never shorter than the straight line, and a walk along it never
spends more than its move (and stops short only when it is spent).
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engines.battlefield import Feature
from engines.enums import Cover, Shape, TerrainKind
from engines.playtest.paths import Navigator, path_length, walk
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


def _plain_shortest(nav, start, goal):
    """Dijkstra over the whole visibility graph (every clear segment), for
    checking the reduced graph's answer."""
    import heapq

    areas = nav.blocking(start, goal)
    points = [
        start,
        goal,
        *Navigator(nav.width, nav.depth, areas).nodes,
    ]

    def clear(a, b):
        return all(area.clip(a, b) is None for area in areas)

    best = {0: 0.0}
    queue = [(0.0, 0)]
    while queue:
        cost, i = heapq.heappop(queue)
        if i == 1:
            return cost
        if cost > best.get(i, math.inf):
            continue
        for j in range(len(points)):
            if j != i and clear(points[i], points[j]):
                total = cost + math.dist(points[i], points[j])
                if total < best.get(j, math.inf):
                    best[j] = total
                    heapq.heappush(queue, (total, j))
    return None


@settings(max_examples=80, deadline=None)
@given(features(), coordinate, coordinate, coordinate, coordinate)
def test_the_reduced_graph_finds_the_shortest_way(found, x0, y0, x1, y1):
    nav = Board(ground(found, width=36, depth=36)).navigator()
    start, goal = (x0, y0), (x1, y1)
    path = nav.route(start, goal)
    plain = _plain_shortest(nav, start, goal)
    if plain is None:
        assert path is None
    else:
        assert path is not None and path_length(path) == pytest.approx(plain, abs=1e-6)
