"""The setup sheet's dice log prints a rolled terrain piece's dice on one line
(RULES §3.13): every die and what it decided, without crowding the sheet."""

from __future__ import annotations

import random

from campaigns.printing.setup_sheet import printed_log
from engines.battlefield import Battlefield, edge_zone
from engines.battlefield.forces import Force
from engines.battlefield.terrain import with_rolled_terrain
from engines.dice import Dice, LogEntry
from engines.enums import Edge, Side
from tests.engines.scripted import loaded


def test_a_pieces_dice_are_one_line():
    dice = loaded(1, 4, 6, 4, 2, 1, 1, 1, 5, 5, 6, 6, 6, 3, 3)
    with_rolled_terrain(
        Battlefield(width=36, depth=36, forces=()),
        words=None,
        dice=dice,
    )
    lines = printed_log(list(dice.log))
    assert lines == [
        "Terrain: pieces (D3+3): D6 1 → D3 1: 4",
        "Terrain 1: 4, 6 → wall; 4, 2 → north",
        "Terrain 2: 1 → woods; 1, 1 → north-west",
        "Terrain 3: 5 → building or ruin; 5, 6 → south-east",
        "Terrain 4: 6 → hill; 6, 3 → east",
    ]


def test_other_rolls_keep_their_own_lines():
    entry = LogEntry(purpose="AI stance", dice=(4,), total=4, outcome="recon")
    assert printed_log([entry, entry]) == [entry.describe(), entry.describe()]


def test_every_terrain_die_is_printed_for_any_seed():
    field = Battlefield(
        width=36,
        depth=36,
        forces=(
            Force(
                key="1",
                name="a",
                side=Side.PLAYER,
                entry_edge=Edge.SOUTH,
                zone=edge_zone(Edge.SOUTH),
            ),
        ),
    )
    for seed in range(50):
        dice = Dice(random.Random(seed))
        with_rolled_terrain(field, dice=dice)
        lines = printed_log(list(dice.log))
        for entry in dice.log[1:]:
            number = entry.purpose.split(":")[0]
            line = next(x for x in lines if x.startswith(number + ":"))
            assert ", ".join(str(d) for d in entry.dice) in line
            if not (entry.purpose.endswith(": kind") and entry.dice == (4,)):
                assert entry.outcome in line
