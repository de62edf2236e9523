"""The doctrines' inputs built fast and measured when read (issue 32, item 7):
the same objects, field for field, as their constructors and an eager
measure make."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engines.doctrines import (
    Decision,
    Edges,
    Enemy,
    Friend,
    Objective,
    Situation,
    priority_decide,
)
from engines.enums import ObjectiveKind, Side
from engines.playtest.built import FAST, built
from engines.playtest.situation import (
    MEASURED_LATER,
    MeasuredSituation,
    Standing,
    situation_for,
)
from engines.playtest.table import Board, Marker, Piece, Table
from engines.playtest.terrain import ground

SAM = {
    "id": "sam", "distance": 2.5, "in_sight": False, "in_contact": True,
    "engaged": True, "hurt_me": True, "company": "Fellowship", "carrying": "Ring",
    "lit": False,
}  # fmt: skip

SAMPLES = {
    Objective: {
        "id": "Ring", "distance": 3.0, "in_sight": True,
        "kind": ObjectiveKind.FIXED,
    },
    Friend: {"id": "orc", "distance": 1.5, "wounded": True},
}  # fmt: skip


@pytest.mark.parametrize("cls", [Objective, Friend, Situation, Decision])
def test_a_class_built_fast_has_no_post_init(cls):
    assert not hasattr(cls, FAST)
    assert not hasattr(cls, "__slots__")


@pytest.mark.parametrize("cls", list(SAMPLES))
def test_built_fast_equals_built_by_the_constructor(cls):
    fields = SAMPLES[cls]
    assert set(fields) == {f.name for f in dataclasses.fields(cls)}
    fast = built(cls, fields)
    assert fast == cls(**fields)
    assert vars(fast) == vars(cls(**fields))


def test_a_decision_built_fast_has_every_field():
    """A doctrine's decision is built without the constructor (Turn.decide):
    every field is given, and it equals the one its constructor makes."""
    sam = Enemy(**SAM | {"in_contact": False, "distance": 4.0})
    situation = Situation(id="orc", move=6, enemies=(sam,))
    decision = priority_decide(situation, rng=random.Random(1))
    assert type(decision) is Decision
    assert set(vars(decision)) == {f.name for f in dataclasses.fields(Decision)}
    assert decision == Decision(**vars(decision))


def _table():
    board = Board(ground((), width=24, depth=24))
    pieces = (
        Piece(key="orc", side=Side.AI, company="orcs", at=(5.0, 5.0)),
        Piece(key="goblin", side=Side.AI, company="orcs", at=(8.0, 5.0)),
        Piece(key="sam", side=Side.PLAYER, company="hobbits", at=(5.0, 15.0)),
    )
    ring = Marker(name="Ring", at=(12.0, 12.0))
    return Table(board=board, pieces=pieces, markers=(ring,))


def test_every_field_of_a_situation_is_measured_now_or_when_read():
    situation = situation_for(_table(), "orc").situation
    now = set(vars(situation)) - {"_around"}
    fields = {f.name for f in dataclasses.fields(Situation)}
    assert now | MEASURED_LATER == fields
    assert not now & MEASURED_LATER


def test_a_field_measured_when_read_is_what_an_eager_measure_gives():
    standings = {"goblin": Standing(wounded=True)}
    situation = situation_for(_table(), "orc", standings=standings).situation
    assert isinstance(situation, MeasuredSituation)
    assert situation.friends == (Friend(id="goblin", distance=2.0, wounded=True),)
    assert situation.edges == Edges(north=4.5, east=18.5, south=18.5, west=4.5)
    assert situation.edge_away == 4.5
    assert [(o.id, o.in_sight) for o in situation.objectives] == [("Ring", True)]
    assert [e.in_sight for e in situation.enemies] == [True]
    assert "friends" in vars(situation)  # kept: measured once


def test_a_measured_situation_replaced_is_whole():
    situation = situation_for(_table(), "orc").situation
    again = dataclasses.replace(situation, enemies=())
    assert again.enemies == () and again.friends == situation.friends
    assert "_around" not in vars(again)
