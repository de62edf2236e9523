"""§4 co-op: each player character on the table belongs to one general."""

from __future__ import annotations

import pytest

from engines.coop import General, coop_generals


@pytest.mark.parametrize(
    ("generals", "characters", "expected"),
    [
        # Assigned characters stay with their general.
        (
            ("Ann", "Bob"),
            (("Frodo", "Ann"), ("Sam", "Bob")),
            (General("Ann", ("Frodo",)), General("Bob", ("Sam",))),
        ),
        # The unassigned are dealt round-robin in card order from the first.
        (
            ("Ann", "Bob"),
            (("Frodo", ""), ("Sam", ""), ("Merry", ""), ("Pippin", "Bob")),
            (
                General("Ann", ("Frodo", "Merry")),
                General("Bob", ("Sam", "Pippin")),
            ),
        ),
        # A general with no character on the table is skipped.
        (
            ("Ann", "Bob", "Cid"),
            (("Frodo", "Ann"), ("Sam", "Bob")),
            (General("Ann", ("Frodo",)), General("Bob", ("Sam",))),
        ),
        # A name the players did not list counts as unassigned.
        (
            ("Ann",),
            (("Frodo", "Zed"),),
            (General("Ann", ("Frodo",)),),
        ),
        # No generals named: no co-op.
        ((), (("Frodo", ""),), ()),
    ],
)
def test_each_character_belongs_to_one_general(generals, characters, expected):
    assert coop_generals(generals, characters) == expected
