"""The abstract table (RULES §7): distances, contact, sight, cover, moves."""

from __future__ import annotations

import math

import pytest

from engines.battlefield import Feature
from engines.enums import Cover, Shape, Side, TerrainKind
from engines.playtest.paths import walk
from engines.playtest.table import Board, Piece, Table
from engines.playtest.terrain import ground


def feature(name, kind, x, y, w=None, d=None, r=None, cover=Cover.NONE):
    shape = Shape.CIRCLE if r is not None else Shape.RECTANGLE
    return Feature(
        name=name, shape=shape, x=x, y=y, width=w, depth=d, radius=r,
        cover=cover, terrain=kind,
    )  # fmt: skip


HOUSE = feature("House", TerrainKind.BUILDING, 10, 10, 6, 4, cover=Cover.HARD)
WALL = feature("Wall", TerrainKind.WALL, 20, 26, 6, 1, cover=Cover.HARD)
WOOD = feature("Wood", TerrainKind.WOODS, 25, 8, r=3, cover=Cover.SOFT)
HILL = feature("Hill", TerrainKind.HILL, 8, 30, r=4)
RIVER = feature("River", TerrainKind.WATER, 0, 20, 36, 3)
FORD = feature("Ford", TerrainKind.ROAD, 30, 19, 3, 5)


def table(*features, sight_limit=None, lit=None, pieces=()):
    board = Board(
        ground(features, width=36, depth=36, sight_limit=sight_limit, lit=lit)
    )
    return Table(board=board, pieces=tuple(pieces))


def piece(key, x, y, side=Side.PLAYER):
    return Piece(key=key, side=side, company=side.value, at=(x, y))


@pytest.mark.parametrize(
    ("a", "b", "gap"),
    [((0, 0), (3, 4), 4.0), ((0, 0), (1, 0), 0.0), ((0, 0), (0.5, 0), 0.0)],
)
def test_distance_is_between_base_edges(a, b, gap):
    t = table(pieces=(piece("a", *a), piece("b", *b, side=Side.AI)))
    assert t.gap(t.piece("a"), t.piece("b")) == pytest.approx(gap)


def test_bases_one_inch_apart_at_the_centres_are_in_contact():
    t = table(pieces=(piece("a", 5, 5), piece("b", 6, 5, side=Side.AI)))
    assert t.in_contact(t.piece("a"), t.piece("b")) and t.engaged(t.piece("a"))


@pytest.mark.parametrize(
    ("features", "a", "b", "blocked"),
    [
        ((HOUSE,), (13, 5), (13, 18), True),  # through the building
        ((HOUSE,), (5, 5), (5, 18), False),  # beside it
        ((WALL,), (23, 22), (23, 30), True),  # over the wall
        ((WOOD,), (20, 8), (30, 8), True),  # 6" of woods
        ((WOOD,), (22.5, 5.5), (25, 5.2), False),  # under 2" of woods
        ((HILL,), (2, 30), (14, 30), True),  # across the crest
        ((HILL,), (6, 30), (14, 30), False),  # one stands on the hill
        ((HILL,), (2, 25.5), (14, 25.5), False),  # past the crest
    ],
)
def test_sight_is_blocked_as_section_7_says(features, a, b, blocked):
    assert table(*features).ground.blocks_sight(a, b) is blocked


def test_the_sight_limit_hides_the_far_unless_near_a_lit_feature():
    fire = feature("Campfire", TerrainKind.OTHER, 30, 30, r=1)
    pieces = (piece("a", 2, 2), piece("b", 30, 28.5, side=Side.AI))
    dark = table(fire, sight_limit=12, pieces=pieces)
    lit = table(fire, sight_limit=12, lit={"Campfire": 2}, pieces=pieces)
    a, b = dark.piece("a"), dark.piece("b")
    assert (dark.sees(a, b), lit.sees(a, b)) == (False, True)


@pytest.mark.parametrize(
    ("at", "cover"),
    [((13, 12), Cover.HARD), ((13, 9.6), Cover.HARD), ((13, 9), Cover.NONE)],
)
def test_cover_is_the_features_it_stands_in_or_touches(at, cover):
    t = table(HOUSE, pieces=(piece("a", *at),))
    assert t.cover(t.piece("a")) is cover


def test_a_clear_move_is_straight():
    path = table(HOUSE).board.navigator().route((2, 2), (30, 2))
    assert path == ((2, 2), (30, 2))


def test_a_move_goes_round_a_building_by_the_shortest_way():
    nav = table(HOUSE).board.navigator()
    path = nav.route((13, 5), (13, 18))
    # round the west side: the house grown by half a base runs 9.5–16.5 east.
    west = math.dist((13, 5), (9.5, 9.5)) + 5 + math.dist((9.5, 14.5), (13, 18))
    assert len(path) == 4 and nav.length((13, 5), (13, 18)) == pytest.approx(
        west, abs=1e-3
    )


def test_water_is_crossed_only_at_its_crossing():
    nav = table(RIVER, FORD).board.navigator()
    path = nav.route((5, 15), (5, 30))
    assert all(x >= 30 - 1e-3 for x, y in path if 19 <= y <= 24)


def test_water_without_a_crossing_cannot_be_crossed():
    assert table(RIVER).board.navigator().route((5, 15), (5, 30)) is None


def test_keep_out_areas_are_gone_round():
    from engines.playtest.geometry import rectangle

    nav = table().board.navigator(keep_out=(rectangle(10, 0, 2, 20),))
    assert nav.route((5, 5), (20, 5))[1][1] > 20


def test_ignore_terrain_walks_through_the_building():
    nav = table(HOUSE).board.navigator(ignore_terrain=True)
    assert nav.route((13, 5), (13, 18)) == ((13, 5), (13, 18))


def test_difficult_ground_is_crossed_at_half_speed():
    t = table(WOOD)
    walked = walk(((20, 8), (32, 8)), 6, slow=t.ground.difficult)
    # 2" to the wood's edge, then 4" of move buys 2" inside it.
    assert walked.end[0] == pytest.approx(24, abs=0.05)


def _fresh(t):
    """The same table built afresh (nothing handed on)."""
    return Table(board=t.board, pieces=t.pieces, markers=t.markers)


def test_a_table_handed_on_by_its_changes_is_one_built_afresh():
    import random

    from engines.playtest.table import Marker

    rng = random.Random(3)
    pieces = [
        Piece(
            key=f"{side.value}{i}", side=side, company=side.value,
            at=(rng.uniform(5, 10), rng.uniform(5, 10)), card_order=rng.randrange(9),
        )
        for side in Side
        for i in range(4)
    ]  # fmt: skip
    t = Table(
        board=Board(ground((), width=36, depth=36)),
        pieces=tuple(pieces),
        markers=(Marker(name="Ring", at=(7.0, 7.0)),),
    )
    t.engaged_keys()
    for step in range(60):
        key = rng.choice(t.pieces).key
        match step % 6:
            case 0:
                t = t.without(key)
            case 1:
                t = t.picked_up(key, "Ring") if t.markers else t.dropped(key)
            case _:
                t = t.moved(key, (rng.uniform(5, 10), rng.uniform(5, 10)))
        fresh = _fresh(t)
        assert t.contacts() == fresh.contacts()
        assert t.engaged_keys() == fresh.engaged_keys()
        for side in Side:
            assert t.of_side(side) == fresh.of_side(side)
        assert all(t.piece(p.key) is p for p in t.pieces)
        if len(t.pieces) < 3:
            break


def test_a_moved_piece_is_the_piece_replaced_at_its_new_place():
    """A move changes where the character stands and nothing else of it."""
    from engines.playtest.table import Marker

    orc = Piece(
        key="orc", side=Side.AI, company="orcs", at=(5.0, 5.0), card_order=3,
        move=5.0, shooting_range=12.0, carrying="Ring",
    )  # fmt: skip
    t = Table(
        board=Board(ground((), width=24, depth=24)),
        pieces=(orc,),
        markers=(Marker(name="Gate", at=(1.0, 1.0)),),
    )
    assert t.moved("orc", (9.0, 4.0)).piece("orc") == Piece(
        key="orc", side=Side.AI, company="orcs", at=(9.0, 4.0), card_order=3,
        move=5.0, shooting_range=12.0, carrying="Ring",
    )  # fmt: skip
    assert t.moved("orc", (9.0, 4.0)).piece("orc") != orc


def test_a_piece_is_a_read_only_record_with_its_equality():
    """Equal by every field, hashable, carried objectives changed by a new piece."""
    a = Piece(key="orc", side=Side.AI, company="orcs", at=(1.0, 2.0))
    same = Piece("orc", Side.AI, "orcs", (1.0, 2.0))
    assert a == same and hash(a) == hash(same) and len({a, same}) == 1
    assert a != Piece(key="orc", side=Side.AI, company="orcs", at=(1.0, 2.0), move=5)
    assert a != Piece(key="orc", side=Side.PLAYER, company="orcs", at=(1.0, 2.0))
    carrying = a.carries("Ring")
    assert carrying.carrying == "Ring" and a.carrying is None
    assert carrying.carries(None) == a
    assert "orc" in repr(a) and "Ring" in repr(carrying)
