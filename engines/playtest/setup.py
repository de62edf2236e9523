"""The abstract table of one battle's battlefield (RULES §1, §7).

:func:`board_for` compiles a :class:`~engines.battlefield.Battlefield`'s
terrain, size and sight limit; :class:`Boards` keeps one per terrain for a
run of battles; :func:`markers_for` lays out its objectives: each placed marker,
and each feature that is a fixed objective, at its centre. An objective a
character carries from the start travels with it (``Piece.carrying``), not as
a marker.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping

from engines.battlefield import Battlefield
from engines.enums import ObjectiveKind
from engines.playtest.table import Board, Marker
from engines.playtest.terrain import ground


def board_for(
    battlefield: Battlefield, *, lit: Mapping[str, float] | None = None
) -> Board:
    """The board of this battlefield; ``lit`` names its lit features and the
    inches within which one is seen from any distance."""
    return Board(
        ground(
            battlefield.features,
            width=battlefield.width,
            depth=battlefield.depth,
            lit=lit,
            sight_limit=battlefield.sight_limit,
        )
    )


class Boards:
    """The boards of a run of battles, one per terrain: a scene whose setup is
    rolled afresh each battle rolls the same few tables again and again, and
    each board keeps what it measured (routes, lines of sight, keep-out areas),
    which the terrain alone decides."""

    def __init__(self) -> None:
        self._found: dict[Hashable, Board] = {}

    def of(self, battlefield: Battlefield) -> Board:
        """The board of this battlefield's terrain (:func:`board_for`)."""
        key = (
            battlefield.features,
            battlefield.width,
            battlefield.depth,
            battlefield.sight_limit,
        )
        found = self._found.get(key)
        if found is None:
            found = self._found[key] = board_for(battlefield)
        return found


def markers_for(battlefield: Battlefield) -> tuple[Marker, ...]:
    """The objectives lying on the table at the start."""
    placed = tuple(
        Marker(name=o.name, at=(o.x or 0.0, o.y or 0.0), kind=o.kind)
        for o in battlefield.objectives
        if o.placed and not o.carrier
    )
    features = tuple(
        Marker(name=f.name, at=f.centre, kind=ObjectiveKind.FIXED)
        for f in battlefield.features
        if f.objective
    )
    return placed + features
