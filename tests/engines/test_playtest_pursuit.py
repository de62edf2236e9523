"""A pursuer read off the abstract table and its move placed (RULES §5.4, §7)."""

from __future__ import annotations

import pytest

from engines.battlefield import Feature
from engines.doctrines import pursuit_decide
from engines.enums import Action, Cover, Drift, Shape, Side, TerrainKind
from engines.playtest.apply import apply
from engines.playtest.pursuit import pursuer_for
from engines.playtest.table import Board, Piece, Table
from engines.playtest.terrain import ground
from tests.engines.scripted import ScriptedRandom

WOOD = Feature(
    name="Wood", shape=Shape.RECTANGLE, x=0, y=10, width=36, depth=10,
    cover=Cover.SOFT, terrain=TerrainKind.WOODS,
)  # fmt: skip


def piece(key, x, y, side=Side.AI):
    return Piece(key=key, side=side, company=side.value, at=(x, y))


def table(*pieces):
    return Table(board=Board(ground((WOOD,), width=36, depth=36)), pieces=pieces)


def test_the_pursuer_reads_its_quarry_and_who_is_ahead():
    t = table(
        piece("wraith", 6, 2),
        piece("frodo", 6, 30, side=Side.PLAYER),
        piece("sam", 8, 12, side=Side.PLAYER),
    )
    p = pursuer_for(t, "wraith", quarry=["frodo"])
    assert (p.quarry, p.distance, p.behind_rearmost) == ("frodo", 27, True)
    assert (p.others[0].id, p.others[0].along) == ("sam", 9)
    assert p.room_wide == pytest.approx(29.5)  # east has more table than west


def test_a_balanced_pursuit_goes_its_dice_and_bonus_through_woods():
    """M 3 C 3 at position 1: 6" + 2" balanced, straight through difficult
    ground (pursuers ignore it)."""
    t = table(piece("wraith", 6, 2), piece("frodo", 6, 30, side=Side.PLAYER))
    p = pursuer_for(t, "wraith", quarry=["frodo"])
    d = pursuit_decide(p, position=1, rng=ScriptedRandom(3, 3))
    moved = apply(t, "wraith", d)
    assert (d.action, d.drift_side) == (Action.PURSUE, Drift.BALANCED)
    assert moved.end == pytest.approx((6, 10))


def test_a_wide_drift_moves_square_to_the_quarrys_line():
    """M 2 C 4: 4" forward, 4" wide (east: more table)."""
    t = table(piece("wraith", 6, 2), piece("frodo", 6, 30, side=Side.PLAYER))
    d = pursuit_decide(
        pursuer_for(t, "wraith", quarry=["frodo"]), position=1, rng=ScriptedRandom(2, 4)
    )
    assert apply(t, "wraith", d).end == pytest.approx((10, 6))
