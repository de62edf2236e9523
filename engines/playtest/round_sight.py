"""The round's sight in the playtest: a random event may limit it (RULES §5.2;
Sudden Fog: 8"), as the table page applies it — one rulebook.

In a round whose drawn event carries a sight limit, the ground's limit and
every company's doctrine settings read the nearer of the event's and the
battle's; the next round starts from the battle's own again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engines.doctrines import DoctrineSettings
from engines.playtest.fight import Fight
from engines.playtest.table import Board


def nearer(limit: float | None, other: float | None) -> float | None:
    """The nearer of two sight limits (None: no limit)."""
    if limit is None:
        return other
    if other is None:
        return limit
    return min(limit, other)


def sight_narrow(state: Fight, limit: float | None) -> None:
    """This round nobody sees further than ``limit`` (None: as it is)."""
    if limit is None:
        return
    board = state.table.board
    ground = board.ground
    if nearer(limit, ground.sight_limit) != ground.sight_limit:
        narrowed = Board(
            ground=replace(ground, sight_limit=nearer(limit, ground.sight_limit)),
            # The terrain alone decides these: the fog changes none of them.
            _navigators=board._navigators,
            _blocked=board._blocked,
            kept_out=board.kept_out,
        )
        state.table = replace(state.table, board=narrowed)
    state.settings = {
        name: replace(s, sight_limit=nearer(limit, s.sight_limit))
        for name, s in state.settings.items()
    }


def sight_restore(
    state: Fight, board: Board, settings: Mapping[str, DoctrineSettings]
) -> None:
    """The battle's own sight again (after a round an event limited)."""
    if state.table.board is not board:
        state.table = replace(state.table, board=board)
    state.settings = dict(settings)
