"""An enemy as an AI character reads it: a read-only record with its equality,
and the playtest's reading of one, whose sight is measured when first asked."""

from __future__ import annotations

import pytest

from engines.battlefield import Feature
from engines.doctrines import Enemy, Situation
from engines.doctrines.enemy import ENEMY_FIELDS
from engines.doctrines.settings import DoctrineSettings
from engines.enums import Cover, Shape, Side, TerrainKind
from engines.playtest.situation import SEEN, UNMEASURED, MeasuredEnemy
from engines.playtest.table import Board, Piece, Table
from engines.playtest.terrain import ground

SAM = {
    "id": "sam", "distance": 2.5, "in_sight": False, "in_contact": True,
    "engaged": True, "hurt_me": True, "company": "Fellowship", "carrying": "Ring",
    "lit": True,
}  # fmt: skip


def test_an_enemy_keeps_every_field_it_is_given():
    sam = Enemy(**SAM)
    assert sam.fields() == tuple(SAM.values())
    assert ENEMY_FIELDS == tuple(SAM)
    assert repr(sam).startswith("Enemy(id='sam', distance=2.5, in_sight=False")


def test_an_enemy_has_the_defaults_the_doctrines_expect():
    frodo = Enemy(id="frodo", distance=4.0)
    assert frodo.fields() == ("frodo", 4.0, True, False, False, False, "", None, False)


@pytest.mark.parametrize("name", [n for n in SAM if n != "id"])
def test_enemies_are_equal_by_every_field(name):
    sam = Enemy(**SAM)
    changed = {**SAM, name: "other" if isinstance(SAM[name], str) else 9.5}
    if isinstance(SAM[name], bool):
        changed[name] = not SAM[name]
    assert sam == Enemy(**SAM) and hash(sam) == hash(Enemy(**SAM))
    assert sam != Enemy(**changed)
    assert len({sam, Enemy(**SAM)}) == 1


def test_an_unseen_enemy_is_the_same_enemy_out_of_sight():
    seen = Enemy(**SAM | {"in_sight": True})
    assert seen.unseen() == Enemy(**SAM | {"in_sight": False})


def test_the_sight_limit_leaves_a_lit_or_near_enemy_in_sight():
    far, lit, near = (
        Enemy(id="far", distance=10.0),
        Enemy(id="lit", distance=10.0, lit=True),
        Enemy(id="near", distance=3.0),
    )
    seen = DoctrineSettings(sight_limit=6).seen(Situation(enemies=(far, lit, near)))
    assert [e.in_sight for e in seen.enemies] == [False, True, True]


def _table(features=()):
    pieces = (
        Piece(key="orc", side=Side.AI, company="orcs", at=(5.0, 5.0)),
        Piece(key="sam", side=Side.PLAYER, company="Fellowship", at=(5.0, 15.0),
              carrying="Ring"),
    )  # fmt: skip
    return Table(board=Board(ground(features, width=24, depth=24)), pieces=pieces)


def test_a_measured_enemy_is_the_enemy_an_eager_reading_gives():
    table = _table()
    orc, sam = table.piece("orc"), table.piece("sam")
    read = MeasuredEnemy(table, orc, sam, True, engaged=False)
    assert read == Enemy(
        id="sam", distance=9.0, in_sight=True, hurt_me=True,
        company="Fellowship", carrying="Ring",
    )  # fmt: skip


def test_a_measured_enemy_measures_its_sight_once_when_asked():
    wall = Feature(
        name="Wall", terrain=TerrainKind.BUILDING, shape=Shape.RECTANGLE,
        x=0, y=9, width=24, depth=2, cover=Cover.HARD,
    )  # fmt: skip
    table = _table((wall,))
    read = MeasuredEnemy(table, table.piece("orc"), table.piece("sam"), False,
                         engaged=False)  # fmt: skip
    assert read._seen == UNMEASURED
    assert read.in_sight is False and read.in_sight is False
    assert read._seen != UNMEASURED and read._seen != SEEN
    clear = _table()
    seen = MeasuredEnemy(clear, clear.piece("orc"), clear.piece("sam"), False,
                         engaged=False)  # fmt: skip
    assert seen.in_sight is True and seen._seen == SEEN
