"""A character's standing (RULES §7): a value, equal field for field."""

from __future__ import annotations

from engines.enums import HordeMode
from engines.playtest.standing import NOBODY, Standing


def test_standings_are_equal_field_for_field():
    assert Standing() == NOBODY
    assert hash(Standing()) == hash(NOBODY)
    assert Standing(hurt_by=("sam",)) == Standing(hurt_by=("sam",))
    assert Standing(wounded=True) != NOBODY
    assert Standing(mode=HordeMode.FRENZY) != NOBODY
    assert Standing(follow_up=True) != Standing(routing=True)
    assert NOBODY != "nobody"


def test_attacked_changes_that_field_alone():
    mine = Standing(wounded=True, hurt_by=("sam",), routing=True)
    attacked = mine.attacked(True)
    assert attacked.attacked_before_activating
    assert attacked == Standing(
        wounded=True, hurt_by=("sam",), routing=True, attacked_before_activating=True
    )
    assert attacked.attacked(False) == mine
