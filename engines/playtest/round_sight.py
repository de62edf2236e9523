"""The round's event in the playtest, as the table page applies it — one
rulebook (RULES §5.2; the demo's Sudden Fog).

In a round whose drawn event carries a sight limit, the ground's limit and
every company's doctrine settings read the nearer of the event's and the
battle's; the next round starts from the battle's own again. An event that
moves an unseeing AI character toward the nearest enemy it last saw, or holds,
is the same no-enemy-in-sight order the table's answer makes, toward the
enemy the character last saw in sight (each activation remembers it).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace

from engines.doctrines import DoctrineSettings, Situation
from engines.enums import Doctrine, Side
from engines.events import last_seen_order
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
            kept_out=board.kept_out,
        )
        state.table = state.table.on(narrowed)
    state.settings = {
        name: replace(s, sight_limit=nearer(limit, s.sight_limit))
        for name, s in state.settings.items()
    }


def sight_restore(
    state: Fight, board: Board, settings: Mapping[str, DoctrineSettings]
) -> None:
    """The battle's own sight again (after a round an event limited)."""
    if state.table.board is not board:
        state.table = state.table.on(board)
    state.settings = dict(settings)


def seen_remember(state: Fight, key: str, situation: Situation) -> None:
    """An AI character's reading: the nearest enemy it sees, if any, is the
    one it last saw (measured when asked: :meth:`Fight.seen_last`)."""
    state.sightings.setdefault(key, []).append(situation.enemies)


@contextmanager
def last_seen_rule(state: Fight, key: str) -> Iterator[None]:
    """While ``key`` activates in a round whose event has the last-seen rule,
    its company's orders begin with that rule's order (toward the enemy it
    last saw, if still on the table; else it holds)."""
    me = state.character(key)
    company = me.company
    if (
        not state.toward_last_seen
        or me.side is not Side.AI
        or state.company(company).doctrine is Doctrine.PURSUIT
    ):
        yield
        return
    enemy = state.seen_last(key)
    if enemy is not None and not state.table.has(enemy):
        enemy = None
    own = state.settings[company]
    order = last_seen_order(state.toward_last_seen, key, enemy)
    state.settings[company] = replace(own, orders=(order, *own.orders))
    try:
        yield
    finally:
        state.settings[company] = own
