"""The abstract table a playtest fights on (RULES §7): who stands where.

A :class:`Table` holds the compiled terrain (:class:`~engines.playtest.terrain.Ground`),
the characters on it as points with 1" bases (:class:`Piece`) and the objective
markers lying on it (:class:`Marker`). It answers what the table page asks the
players: how far apart two characters are (§0: between base edges), whether
they are in base contact, whether one sees the other, what cover a character
has. A move makes a new table (:meth:`Table.moved`): the table itself never
changes, so a reading cannot go stale under a battle loop.

The routes round what stops movement come from one
:class:`~engines.playtest.paths.Navigator` per set of limits, built once and
kept with the ground (:class:`Board`).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final

from engines.combat import DEFAULT_MOVE
from engines.doctrines import Enemy
from engines.enums import Cover, ObjectiveKind, Side
from engines.playtest.geometry import Convex, Point
from engines.playtest.paths import Navigator
from engines.playtest.terrain import BASE, RADIUS, Ground, base_gap

CONTACT = 1e-6
"""Inches of gap still read as base contact (rounding)."""
STEP = 0.05
"""Inches a move is cut back at a time until its base stands clear of others."""
NEAR = 0.01
"""Inches of slack when picking the characters near a path (rounding)."""


class Piece:
    """A character on the table (a read-only record with its equality, as
    :class:`~engines.playtest.standing.Standing`: one is made at every move)."""

    __slots__ = (
        "key", "side", "company", "at", "card_order", "move", "shooting_range",
        "carrying",
    )  # fmt: skip

    def __init__(
        self,
        key: str,
        side: Side,
        company: str,
        at: Point,
        card_order: int = 0,
        move: float = DEFAULT_MOVE,
        shooting_range: float | None = None,
        carrying: str | None = None,
    ) -> None:
        self.key: Final = key
        self.side: Final = side
        self.company: Final = company
        self.at: Final = at
        self.card_order: Final = card_order
        self.move: Final = move
        self.shooting_range: Final = shooting_range
        self.carrying: Final = carrying

    def _fields(
        self,
    ) -> tuple[str, Side, str, Point, int, float, float | None, str | None]:
        return (
            self.key, self.side, self.company, self.at, self.card_order, self.move,
            self.shooting_range, self.carrying,
        )  # fmt: skip

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Piece):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"Piece{self._fields()!r}"

    def carries(self, carrying: str | None) -> Piece:
        """The same character carrying this objective (None: nothing)."""
        return Piece(
            self.key, self.side, self.company, self.at, self.card_order, self.move,
            self.shooting_range, carrying,
        )  # fmt: skip


@dataclass(frozen=True, slots=True)
class Marker:
    """An objective on the table (a carried one travels with its carrier)."""

    name: str
    at: Point
    kind: ObjectiveKind = ObjectiveKind.CARRIABLE


Latest = tuple[
    "Piece", tuple["Piece", ...], frozenset[str], tuple[str, ...], tuple[Enemy, ...]
]
"""A character's latest reading of all its enemies, and what from: its own
piece, the enemies' pieces, who was engaged, whom it had been hurt by."""


@dataclass(frozen=True)
class Board:
    """The ground and the routes over it, per set of areas kept out of.

    The caches are the one mutable part: the navigators only ever gain a
    graph for a set of limits not seen before, each built once. Lines of
    sight are measured each time (a kept line was found again fewer than one
    time in ten: the pieces keep moving, and keeping them cost more than
    measuring).
    """

    ground: Ground
    _navigators: dict[tuple[bool, tuple[Convex, ...]], Navigator] = field(
        default_factory=dict, compare=False, repr=False
    )
    kept_out: dict[Hashable, tuple[Convex, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """The areas each keep-out order keeps out of on this ground
    (:func:`engines.playtest.moves.limits_for` keeps them)."""
    latest: dict[str, Latest] = field(default_factory=dict, compare=False, repr=False)
    """Each character's latest reading of all its enemies, with what it was
    read from (:func:`engines.playtest.situation.situation_for` keeps them)."""

    def blocks_sight(self, a: Point, b: Point) -> bool:
        """The terrain blocks the line from ``a`` to ``b``."""
        return self.ground.blocks_sight(a, b)

    def sees(self, a: Point, b: Point, gap: float, lit: bool | None = None) -> bool:
        """A clear line from ``a`` to ``b`` (``gap`` inches apart, base edge to
        base edge) within the sight limit; a point lit by a lit feature is seen
        from any distance (``lit``; None: asked of the ground when it matters)."""
        ground = self.ground
        limit = ground.sight_limit
        if limit is not None and gap > limit:
            if not (ground.lit_near(b) if lit is None else lit):
                return False
        return not self.blocks_sight(a, b)

    def navigator(
        self, *, keep_out: tuple[Convex, ...] = (), ignore_terrain: bool = False
    ) -> Navigator:
        """The visibility graph for these limits (the terrain unless it is
        ignored, plus the areas kept out of)."""
        key = (ignore_terrain, keep_out)
        found = self._navigators.get(key)
        if found is None:
            areas = keep_out if ignore_terrain else (*self.ground.obstacles, *keep_out)
            found = Navigator(self.ground.width, self.ground.depth, areas)
            self._navigators[key] = found
        return found


class Table:
    """The board and everyone and everything on it, at one moment.

    What a table works out of its pieces (each side in card order, the pieces
    by key, who is in base contact with whom) is kept with it; a move hands
    these on to the next table, changing only the mover's part (a move changes
    neither the card order nor anyone else's contacts). A plain class with
    read-only (``Final``) fields, as :class:`~engines.playtest.apply.Moved`:
    a table is made at every move.
    """

    __slots__ = (
        "board",
        "pieces",
        "markers",
        "_sides",
        "_keyed",
        "_contacts",
        "_engaged",
    )

    def __init__(
        self,
        board: Board,
        pieces: tuple[Piece, ...] = (),
        markers: tuple[Marker, ...] = (),
        sides: dict[Side, tuple[Piece, ...]] | None = None,
        keyed: dict[str, Piece] | None = None,
    ) -> None:
        """``sides`` and ``keyed`` are handed on by the change that made this
        table (else worked out here): each side's pieces in card order, and
        the pieces by key."""
        self.board: Final = board
        self.pieces: Final = pieces
        self.markers: Final = markers
        if sides is None or keyed is None:
            ordered = sorted(pieces, key=lambda p: p.card_order)
            sides = {side: tuple(p for p in ordered if p.side is side) for side in Side}
            keyed = {p.key: p for p in pieces}
        self._sides: Final = sides
        self._keyed: Final = keyed
        self._contacts: Final[list[frozenset[tuple[str, str]]]] = []
        self._engaged: Final[list[frozenset[str]]] = []

    def __repr__(self) -> str:
        return f"Table({self.board!r}, {self.pieces!r}, {self.markers!r})"

    def on(self, board: Board) -> Table:
        """The same pieces and markers on another board (the round's sight)."""
        return Table(board, self.pieces, self.markers, self._sides, self._keyed)

    @property
    def ground(self) -> Ground:
        return self.board.ground

    def piece(self, key: str) -> Piece:
        found = self._keyed.get(key)
        if found is None:
            raise KeyError(f"{key} is not on the table")
        return found

    def has(self, key: str) -> bool:
        """The character stands on the table."""
        return key in self._keyed

    def of_side(self, side: Side) -> tuple[Piece, ...]:
        """A side's characters, in card order."""
        return self._sides[side]

    def enemies_of(self, piece: Piece) -> tuple[Piece, ...]:
        """The other side's characters, in card order."""
        other = Side.PLAYER if piece.side is Side.AI else Side.AI
        return self._sides[other]

    # -- §0 distances and contact --

    def gap(self, a: Piece, b: Piece) -> float:
        """§0: inches between the two bases' edges."""
        return base_gap(a.at, b.at)

    def in_contact(self, a: Piece, b: Piece) -> bool:
        return self.gap(a, b) <= CONTACT

    def engaged(self, piece: Piece) -> bool:
        """In base contact with an enemy (§0: not *unengaged*)."""
        return any(self.in_contact(piece, e) for e in self.enemies_of(piece))

    def engaged_keys(self) -> frozenset[str]:
        """Everyone in base contact with an enemy (each pair measured once
        for this table, or handed on by the move that made it)."""
        if not self._engaged:
            self._engaged.append(frozenset(k for pair in self.contacts() for k in pair))
        return self._engaged[0]

    def contacts(self) -> frozenset[tuple[str, str]]:
        """Every (AI, player) pair of characters in base contact."""
        if not self._contacts:
            found = frozenset(
                pair
                for a in self._sides[Side.AI]
                for b in self._sides[Side.PLAYER]
                if (pair := _touching(a, b))
            )
            self._contacts.append(found)
        return self._contacts[0]

    def marker_gap(self, piece: Piece, marker: Marker) -> float:
        """Inches from the base's edge to the marker."""
        return max(0.0, math.dist(piece.at, marker.at) - RADIUS)

    def touching(self, piece: Piece) -> tuple[Marker, ...]:
        """The markers its base touches."""
        return tuple(m for m in self.markers if self.marker_gap(piece, m) <= CONTACT)

    # -- sight and cover --

    def sees_point(self, a: Point, b: Point, *, lit: bool = False) -> bool:
        """A clear line from ``a`` to ``b`` within the sight limit (a point lit
        by a lit feature is seen from any distance)."""
        return self.board.sees(a, b, base_gap(a, b), lit)

    def sees(self, a: Piece, b: Piece) -> bool:
        """§0 *in sight*, facing aside: ``a`` sees ``b``."""
        return self.board.sees(a.at, b.at, base_gap(a.at, b.at))

    def cover(self, piece: Piece) -> Cover:
        return self.ground.cover_at(piece.at)

    # -- changes: each a new table --

    def moved(self, key: str, to: Point) -> Table:
        me = self.piece(key)
        return self.changed(
            Piece(  # the same character, standing elsewhere
                me.key,
                me.side,
                me.company,
                to,
                me.card_order,
                me.move,
                me.shooting_range,
                me.carrying,
            )
        )

    def changed(self, piece: Piece) -> Table:
        """The table with ``piece`` standing for the character of its key."""
        old = self._keyed.get(piece.key)
        if old is None:
            return self
        sides = {
            **self._sides,
            piece.side: _replaced(self._sides[piece.side], old, piece),
        }
        keyed = {**self._keyed, piece.key: piece}
        pieces = _replaced(self.pieces, old, piece)
        table = Table(self.board, pieces, self.markers, sides, keyed)
        if self._contacts:
            table._contacts.append(self._contacts_after(old, piece))
        return table

    def _contacts_after(self, old: Piece, new: Piece) -> frozenset[tuple[str, str]]:
        """The contacts once ``old`` stands as ``new`` (only its own change)."""
        now = self._contacts[0]
        if old.at == new.at:
            return now
        kept = {pair for pair in now if new.key not in pair}
        at, reach = new.at, BASE + CONTACT
        ai_moved = new.side is Side.AI
        for enemy in self.enemies_of(new):  # as _touching(), from the AI character
            if ai_moved:
                if math.dist(at, enemy.at) <= reach:
                    kept.add((new.key, enemy.key))
            elif math.dist(enemy.at, at) <= reach:
                kept.add((enemy.key, new.key))
        return frozenset(kept)

    def without(self, key: str) -> Table:
        """The character has fallen or left the table."""
        old = self._keyed.get(key)
        if old is None:
            return self
        sides = {
            **self._sides,
            old.side: tuple(p for p in self._sides[old.side] if p.key != key),
        }
        keyed = {k: p for k, p in self._keyed.items() if k != key}
        pieces = tuple(p for p in self.pieces if p.key != key)
        table = Table(self.board, pieces, self.markers, sides, keyed)
        if self._contacts:
            table._contacts.append(
                frozenset(pair for pair in self._contacts[0] if key not in pair)
            )
        return table

    def with_pieces(self, pieces: Iterable[Piece]) -> Table:
        """The table with these characters come on (its sides sorted again)."""
        return Table(self.board, (*self.pieces, *pieces), self.markers)

    def picked_up(self, key: str, marker: str) -> Table:
        table = self.changed(self.piece(key).carries(marker))
        return table._with_markers(tuple(m for m in self.markers if m.name != marker))

    def dropped(self, key: str) -> Table:
        """A carrier falls: what it carried lies where it stood."""
        piece = self.piece(key)
        if piece.carrying is None:
            return self
        marker = Marker(name=piece.carrying, at=piece.at)
        table = self.changed(piece.carries(None))
        return table._with_markers((*table.markers, marker))

    def _with_markers(self, markers: tuple[Marker, ...]) -> Table:
        table = Table(self.board, self.pieces, markers, self._sides, self._keyed)
        table._contacts.extend(self._contacts)
        table._engaged.extend(self._engaged)
        return table

    def clear_along(self, key: str, end: Point) -> Point:
        """The furthest point on the straight way from where ``key`` stands to
        ``end`` before its base would overlap another's."""
        start = self.piece(key).at
        steps = max(1, math.ceil(math.dist(start, end) / STEP))
        near = self.crowding((start, end), but=key)  # every step lies on the way
        last = start
        for k in range(1, steps + 1):
            t = k / steps
            point = (
                start[0] + t * (end[0] - start[0]),
                start[1] + t * (end[1] - start[1]),
            )
            if _overlaps(near, point, key):
                return last
            last = point
        return last

    def crowded(self, at: Point, *, but: str = "") -> bool:
        """Another character's base overlaps a base standing at ``at``."""
        return _overlaps(self.pieces, at, but)

    def crowding(self, path: Sequence[Point], *, but: str = "") -> tuple[Piece, ...]:
        """The others whose bases could overlap a base anywhere along ``path``
        (those near its bounding box): asked of them alone, whether a point
        of the path is :meth:`crowded` has the same answer."""
        reach = BASE + NEAR
        west = east = path[0][0]
        north = south = path[0][1]
        for point in path:  # plain loops: the compiled engine runs them without calls
            x, y = point[0], point[1]
            if x < west:
                west = x
            elif x > east:
                east = x
            if y < north:
                north = y
            elif y > south:
                south = y
        west, east = west - reach, east + reach
        north, south = north - reach, south + reach
        near = []
        for p in self.pieces:
            if p.key != but and west < p.at[0] < east and north < p.at[1] < south:
                near.append(p)
        return tuple(near)


def _replaced(pieces: tuple[Piece, ...], old: Piece, new: Piece) -> tuple[Piece, ...]:
    """The pieces with ``new`` in the place of ``old`` (found by identity;
    as they were if ``old`` is not among them)."""
    for at in range(len(pieces)):  # by identity, in a plain loop
        if pieces[at] is old:
            return (*pieces[:at], new, *pieces[at + 1 :])
    return pieces


def _overlaps(pieces: Iterable[Piece], at: Point, but: str) -> bool:
    limit = BASE - CONTACT
    for p in pieces:
        if p.key != but and math.dist(p.at, at) < limit:
            return True
    return False


def _touching(ai: Piece, player: Piece) -> tuple[str, str] | None:
    """The pair, when the two bases touch (measured from the AI character)."""
    if math.dist(ai.at, player.at) <= BASE + CONTACT:
        return (ai.key, player.key)
    return None
