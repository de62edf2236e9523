"""The doctrines' input read off the abstract table, and decisions applied."""

from __future__ import annotations

import math
import random

import pytest

from engines.battlefield import Feature
from engines.doctrines import priority_decide
from engines.doctrines.situation import Decision
from engines.enums import (
    Action,
    Cover,
    Edge,
    HordeMode,
    ObjectiveKind,
    Shape,
    Side,
    TerrainKind,
)
from engines.orders.kinds import KeepOut, Place, PlaceKind, StayWithin
from engines.playtest.apply import apply
from engines.playtest.moves import limits_for, reach
from engines.playtest.situation import Standing, horde_round_for, situation_for
from engines.playtest.table import Board, Marker, Piece, Table
from engines.playtest.terrain import ground

HOUSE = Feature(
    name="House", shape=Shape.RECTANGLE, x=10, y=10, width=6, depth=4,
    cover=Cover.HARD, terrain=TerrainKind.BUILDING,
)  # fmt: skip
HEDGE = Feature(
    name="Hedge", shape=Shape.RECTANGLE, x=2, y=20, width=6, depth=1,
    cover=Cover.SOFT, terrain=TerrainKind.OTHER,
)  # fmt: skip


def piece(key, x, y, side=Side.AI, **kw):
    return Piece(key=key, side=side, company=side.value, at=(x, y), **kw)


def table(*pieces, features=(HOUSE, HEDGE), markers=()):
    board = Board(ground(features, width=36, depth=36))
    return Table(board=board, pieces=pieces, markers=markers)


def decision(action, **kw):
    return Decision(action=action, step="s", steps=("s",), reason="r", **kw)


def test_the_situation_holds_what_the_table_page_asks():
    t = table(
        piece("orc", 13, 5, shooting_range=12),
        piece("sam", 13, 18, side=Side.PLAYER),
        piece("frodo", 25, 5, side=Side.PLAYER),
        markers=(Marker(name="Ring", at=(30, 30), kind=ObjectiveKind.CARRIABLE),),
    )
    s = situation_for(
        t, "orc", standings={"orc": Standing(hurt_by=("frodo",))}
    ).situation
    facts = [(e.id, round(e.distance, 3), e.in_sight, e.hurt_me) for e in s.enemies]
    assert facts == [("sam", 12.0, False, False), ("frodo", 11.0, True, True)]
    assert (s.objectives[0].id, s.edges.north, s.shooting_range) == ("Ring", 4.5, 12)


def test_a_playtest_asks_the_same_decide_function():
    t = table(
        piece("orc", 13, 5, shooting_range=12),
        piece("sam", 13, 18, side=Side.PLAYER),
        piece("frodo", 25, 5, side=Side.PLAYER),
    )
    s = situation_for(t, "orc").situation
    d = priority_decide(s, rng=random.Random(1))
    assert (d.action, d.target) == (Action.SHOOT, "frodo")


def test_cover_toward_and_away_are_measured_spots():
    t = table(piece("orc", 5, 16), piece("sam", 5, 30, side=Side.PLAYER))
    reading = situation_for(t, "orc")
    assert reading.situation.cover_toward is Cover.SOFT
    assert reading.toward.at == pytest.approx((5, 19.5))


def test_a_charge_goes_round_the_house_and_ends_in_base_contact():
    t = table(piece("orc", 13, 8.5, move=14), piece("sam", 13, 15.5, side=Side.PLAYER))
    moved = apply(t, "orc", decision(Action.MOVE_INTO_MELEE, target="sam", inches=6))
    assert moved.contact == "sam" and math.dist(moved.end, (13, 15.5)) == pytest.approx(
        1
    )


def test_a_charge_beyond_its_move_stops_short():
    t = table(piece("orc", 2, 2), piece("sam", 30, 2, side=Side.PLAYER))
    moved = apply(t, "orc", decision(Action.MOVE_TOWARD_ENEMY, target="sam", inches=6))
    assert (moved.contact, moved.end) == (None, pytest.approx((8, 2)))


def test_a_follow_up_moves_half():
    t = table(piece("orc", 2, 2), piece("sam", 30, 2, side=Side.PLAYER))
    d = decision(Action.MOVE_TOWARD_ENEMY, target="sam", inches=3, follow_up=True)
    assert apply(t, "orc", d).end == pytest.approx((5, 2))


def test_a_rout_that_reaches_the_edge_leaves_the_table():
    t = table(piece("orc", 3, 30), piece("sam", 20, 30, side=Side.PLAYER))
    moved = apply(t, "orc", decision(Action.ROUT, inches=6))
    assert moved.left and moved.end == pytest.approx((0.5, 30))


def test_a_rout_toward_a_named_edge_goes_there():
    t = table(piece("orc", 3, 33), piece("sam", 20, 30, side=Side.PLAYER))
    moved = apply(t, "orc", decision(Action.ROUT, inches=6, target=Edge.NORTH.value))
    assert not moved.left and moved.end == pytest.approx((3, 27))


def test_a_wander_stops_at_the_table_edge():
    t = table(piece("gob", 33, 5), piece("sam", 5, 30, side=Side.PLAYER))
    d = decision(Action.WANDER, inches=6, rolled_inches=6, direction=3)
    moved = apply(t, "gob", d)
    assert not moved.left and moved.end == pytest.approx((35.5, 5))


def test_a_base_never_ends_on_another():
    t = table(
        piece("orc", 2, 2), piece("uruk", 8, 2), piece("sam", 30, 2, side=Side.PLAYER)
    )
    moved = apply(t, "orc", decision(Action.MOVE_TOWARD_ENEMY, target="sam"))
    assert math.dist(moved.end, (8, 2)) >= 1 - 1e-6


def test_keep_out_and_stay_within_orders_limit_the_move():
    t = table(piece("orc", 2, 8), piece("sam", 30, 8, side=Side.PLAYER))
    keep = KeepOut(area=Place(kind=PlaceKind.EDGE, name="north"), widen=8)
    stay = StayWithin(distance=3, place=Place(kind=PlaceKind.POINT, x=2, y=10))
    assert limits_for(t, [keep], character="orc").allows((5, 5)) is False
    limits = limits_for(t, [stay], character="orc")
    d = decision(Action.MOVE_TOWARD_ENEMY, target="sam", inches=6)
    end = apply(t, "orc", d, limits=limits).end
    assert math.dist(end, (2, 10)) - 0.5 == pytest.approx(3, abs=0.01)


def test_the_horde_round_is_read_off_the_table():
    t = table(piece("bug", 5, 5), piece("sam", 5, 10, side=Side.PLAYER))
    horde = horde_round_for(
        t, "ai", mode=HordeMode.NORMAL, fallen_so_far=1,
        standings={"bug": Standing(wounded=True)},
    )  # fmt: skip
    assert (horde.members[0].wounded, horde.members[0].nearest_enemy) == (True, 4.0)
    assert horde.players[0].position.x == 5


TOWER = Feature(
    name="Tower", shape=Shape.CIRCLE, x=18, y=18, radius=3,
    cover=Cover.HARD, terrain=TerrainKind.BUILDING,
)  # fmt: skip


@pytest.mark.parametrize("feature", [HOUSE, TOWER], ids=["square", "round"])
def test_hard_cover_against_a_building_can_be_reached(feature):
    """The spot against a building is where a base may stand, and it gives
    the building's cover."""
    t = table(
        piece("orc", 20, 11), piece("sam", 2, 34, side=Side.PLAYER),
        features=(feature,),
    )  # fmt: skip
    reading = situation_for(t, "orc")
    moved = t.moved("orc", reading.toward.at)
    assert reading.situation.cover_toward is Cover.HARD
    assert moved.cover(moved.piece("orc")) is Cover.HARD


def test_the_players_robot_reads_its_ways_to_win_as_objectives():
    gate = Marker(name="East Gate", at=(35.5, 18), kind=ObjectiveKind.FIXED)
    t = table(piece("sam", 30, 18, side=Side.PLAYER), piece("orc", 2, 2))
    s = situation_for(t, "sam", objectives=[gate]).situation
    d = priority_decide(s, rng=random.Random(1))
    assert (s.enemies[0].id, d.action, d.target) == (
        "orc", Action.MOVE_TO_OBJECTIVE, "East Gate",
    )  # fmt: skip


def test_an_objective_is_picked_up_carried_and_dropped_where_its_carrier_falls():
    ring = Marker(name="Ring", at=(5.5, 5))
    t = table(piece("sam", 5, 5, side=Side.PLAYER), markers=(ring,))
    assert t.touching(t.piece("sam")) == (ring,)
    t = t.picked_up("sam", "Ring").moved("sam", (9, 9))
    assert (t.markers, t.piece("sam").carrying) == ((), "Ring")
    t = t.dropped("sam")
    assert t.markers == (Marker(name="Ring", at=(9, 9)),)


def test_a_dive_for_cover_goes_half_its_move_toward_the_nearest_cover():
    t = table(piece("orc", 5, 10), piece("sam", 30, 10, side=Side.PLAYER))
    d = decision(Action.DIVE_FOR_COVER, inches=3)
    assert apply(t, "orc", d).end == pytest.approx((8, 10))  # toward the house


def test_a_rolled_charge_spends_its_roll_halved_in_a_follow_up():
    t = table(piece("bug", 2, 2), piece("sam", 30, 2, side=Side.PLAYER))
    d = decision(
        Action.MOVE_TOWARD_ENEMY, target="sam", inches=4, rolled_inches=8,
        follow_up=True,
    )  # fmt: skip
    assert apply(t, "bug", d).end == pytest.approx((6, 2))


def test_a_flight_that_reaches_the_edge_leaves_the_battle():
    t = table(piece("bug", 3, 30), piece("sam", 8, 30, side=Side.PLAYER))
    d = decision(Action.FLEE, inches=5, rolled_inches=5)
    moved = apply(t, "bug", d)
    assert moved.left and moved.end == pytest.approx((0.5, 30))


def test_the_deck_ends_its_move_at_the_cover_spot_it_was_told_of():
    from engines.doctrines import deck_activate
    from tests.engines.scripted import deck_with

    t = table(piece("orc", 5, 16), piece("sam", 5, 34, side=Side.PLAYER))
    reading = situation_for(t, "orc")
    d = deck_activate(reading.situation, deck=deck_with("2S"))
    moved = apply(t, "orc", d, reading=reading)
    assert (d.action, d.cover) == (Action.MOVE_TOWARD_ENEMY, Cover.SOFT)
    assert moved.end == pytest.approx(reading.toward.at)


RIVER = Feature(
    name="River", shape=Shape.RECTANGLE, x=0, y=20, width=36, depth=3,
    terrain=TerrainKind.OPEN,
)  # fmt: skip
FORD = Feature(
    name="Ford", shape=Shape.RECTANGLE, x=30, y=19, width=3, depth=5,
    terrain=TerrainKind.ROAD,
)  # fmt: skip


def test_a_keep_out_order_is_gone_round_except_through_its_gate():
    """Keep out of the river except through the ford, ignoring the house: the
    way to Sam crosses at the ford and ends in base contact."""
    from engines.orders.kinds import IgnoreTerrain

    t = table(
        piece("orc", 5, 15), piece("sam", 5, 30, side=Side.PLAYER),
        features=(RIVER, FORD, HOUSE),
    )  # fmt: skip
    keep = KeepOut(
        area=Place(kind=PlaceKind.FEATURE, name="River"), except_through="Ford"
    )
    limits = limits_for(t, [keep, IgnoreTerrain()], character="orc")
    d = decision(Action.MOVE_TOWARD_ENEMY, target="sam", inches=60)
    walk = reach(t, t.piece("orc"), (5, 29), limits=limits, budget=40)
    crossing = [x for x, y in walk.path if 19 <= y <= 24]
    assert limits.ignore_terrain and crossing and min(crossing) >= 30 - 1e-3
    end = apply(t, "orc", d, limits=limits).end
    assert math.dist(end, (5, 30)) == pytest.approx(1, abs=1e-3)


def test_a_move_to_an_objective_inside_a_building_stops_against_its_wall():
    tower = Marker(name="Tower", at=(18, 18), kind=ObjectiveKind.FIXED)
    t = table(
        piece("orc", 18, 10), piece("sam", 2, 34, side=Side.PLAYER),
        features=(TOWER,), markers=(tower,),
    )  # fmt: skip
    moved = apply(t, "orc", decision(Action.MOVE_TO_OBJECTIVE, target="Tower"))
    assert moved.end[1] == pytest.approx(18 - 3.5, abs=0.1)
    assert t.moved("orc", moved.end).ground.cover_at(moved.end) is Cover.HARD
