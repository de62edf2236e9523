"""The terrain of a generated battle (RULES §3.13), rolled from the dice.

A scene that generates its scenario and lists no terrain of its own gets
D3 + 3 pieces, rolled after everything else of §3.11 so one seed still gives
one table, each piece rolled whole (kind, then place) before the next:

- *kind* by D6 (:data:`KIND_BY_FACE`), a wall or hedge by a second D6
  (:data:`LINE_BY_PARITY`), each kind's cover and size in :data:`PIECES`;
- *place* by two D6, each halved rounded up: the first the column west to
  east, the second the row north to south of a 3 × 3 grid of sectors; the
  piece is centred in its sector;
- a sector already holding a piece or the scenario's own piece gives the
  piece the next free sector clockwise (:data:`CLOCKWISE`, from north-west);
- a piece never overlaps a deployment zone: it is pulled toward the table's
  centre until it does not (as far as the centre, with a note, when nothing
  clears it).

Places are whole inches, so a builder can keep the rolled table as the scene's
own features. Every die is logged with its purpose.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace

from engines.battlefield.features import Feature
from engines.battlefield.numbers import inch
from engines.battlefield.table import Battlefield
from engines.dice import TERRAIN, Dice, LogEntry
from engines.enums import Cover, Deployment, RuleEnum, Shape, TerrainKind


class Piece(RuleEnum):
    """A kind of rolled terrain piece, in the rules' words (§3.13)."""

    WOODS = "woods"
    ROCKS = "rocks"
    HEDGE = "hedge"
    WALL = "wall"
    BUILDING = "building or ruin"
    HILL = "hill"


@dataclass(frozen=True, kw_only=True)
class PieceKind:
    """What a kind of piece is on the table: its cover, what else it does, its
    size (a rectangle ``width`` × ``depth``, or a circle of ``radius``) and the
    terrain kind the diagram draws."""

    cover: Cover
    effects: str
    terrain: TerrainKind
    width: int = 0
    depth: int = 0
    radius: int = 0

    @property
    def span(self) -> tuple[int, int]:
        """Its extent west to east and north to south, in inches."""
        if self.radius:
            return (2 * self.radius, 2 * self.radius)
        return (self.width, self.depth)


PIECES: dict[Piece, PieceKind] = {
    Piece.WOODS: PieceKind(
        cover=Cover.SOFT,
        effects=f"difficult ground; blocks sight through more than {inch(2)}",
        terrain=TerrainKind.WOODS,
        width=6,
        depth=6,
    ),
    Piece.ROCKS: PieceKind(
        cover=Cover.HARD, effects="", terrain=TerrainKind.OTHER, width=3, depth=2
    ),
    Piece.HEDGE: PieceKind(
        cover=Cover.SOFT,
        effects="",
        terrain=TerrainKind.OTHER,
        width=6,
        depth=1,
    ),
    Piece.WALL: PieceKind(
        cover=Cover.HARD,
        effects="",
        terrain=TerrainKind.WALL,
        width=6,
        depth=1,
    ),
    Piece.BUILDING: PieceKind(
        cover=Cover.HARD,
        effects="blocks sight",
        terrain=TerrainKind.BUILDING,
        width=5,
        depth=4,
    ),
    Piece.HILL: PieceKind(
        cover=Cover.NONE,
        effects="blocks sight across its crest",
        terrain=TerrainKind.HILL,
        radius=4,
    ),
}
"""§3.13: each kind's cover, effects and size (the hill an 8″ circle; a wall
or hedge 6″ wide and 1″ deep: a line running east–west)."""

KIND_BY_FACE: dict[int, Piece | None] = {
    1: Piece.WOODS,
    2: Piece.WOODS,
    3: Piece.ROCKS,
    4: None,
    5: Piece.BUILDING,
    6: Piece.HILL,
}
"""§3.13: a piece's kind by D6; None (a 4) is a wall or hedge, by a second die."""

LINE_BY_PARITY: dict[int, Piece] = {1: Piece.HEDGE, 0: Piece.WALL}
"""§3.13: the second D6 of a 4, by its parity: odd a hedge, even a wall."""

BASE_PIECES = 3
"""§3.13: D3 + 3 pieces."""

SECTORS = 3
"""§3.13: three columns by three rows of equal sectors."""

Sector = tuple[int, int]
"""(column west to east, row north to south), each 0–2."""

CLOCKWISE: tuple[Sector, ...] = (
    (0, 0),
    (1, 0),
    (2, 0),
    (2, 1),
    (2, 2),
    (1, 2),
    (0, 2),
    (0, 1),
    (1, 1),
)
"""§3.13: the sectors clockwise from north-west, the centre last. A taken
sector gives its piece the next free one after it in this order (wrapping)."""

SECTOR_NAMES: dict[Sector, str] = {
    (0, 0): "NW",
    (1, 0): "N",
    (2, 0): "NE",
    (2, 1): "E",
    (2, 2): "SE",
    (1, 2): "S",
    (0, 2): "SW",
    (0, 1): "W",
    (1, 1): "centre",
}
"""Each sector as the log names it: by the compass (a word that never breaks
across a line of the sheet's narrow dice log), the centre by name."""

Box = tuple[float, float, float, float]
"""A rectangle as (west, north, east, south) in inches from the north-west corner."""


@dataclass(frozen=True, kw_only=True)
class Terrain:
    """The rolled terrain: its features in roll order, the notes the setup
    sheet prints (a piece no pull could clear) and the dice log."""

    features: tuple[Feature, ...]
    notes: tuple[str, ...] = ()
    log: tuple[LogEntry, ...] = ()


def halved(face: int) -> int:
    """A D6 halved, rounded up: 1–2 → 1, 3–4 → 2, 5–6 → 3."""
    return (face + 1) // 2


def roll_count(dice: Dice) -> int:
    """§3.13: D3 + 3 pieces (the D3 a halved D6)."""
    entry = dice.d6(
        "Terrain: pieces (D3+3)",
        outcome=lambda d, _t: f"D3 {halved(d[0])}: {halved(d[0]) + BASE_PIECES}",
    )
    return halved(entry.dice[0]) + BASE_PIECES


def kind_of(first: int, second: int | None = None) -> Piece:
    """§3.13: the kind a D6 gives; a 4 is a wall or hedge by ``second``'s parity."""
    piece = KIND_BY_FACE[first]
    if piece is not None:
        return piece
    assert second is not None, "a 4 needs a second die"
    return LINE_BY_PARITY[second % 2]


def sector_rolled(column: int, row: int) -> Sector:
    """§3.13: two D6 halved: the first the column west to east, the second the
    row north to south."""
    return (halved(column) - 1, halved(row) - 1)


def roll_piece(
    number: int,
    dice: Dice,
    *,
    taken: Iterable[Sector] = (),
    words: Mapping[Piece, str] | None = None,
) -> tuple[Piece, Sector]:
    """§3.13: one piece rolled whole: its kind (D6, and a second D6 for a wall
    or hedge), then its sector (two D6 halved); a ``taken`` sector gives the
    next free one clockwise (the rolled one itself if all nine are taken).

    Its dice are one log entry (kind ``TERRAIN``): "Terrain 2: 4, 6 → wall;
    3, 1 → N (NW taken)", the kind in ``words`` where they give it.
    """
    faces = [dice.face()]
    if KIND_BY_FACE[faces[0]] is None:
        faces.append(dice.face())
    piece = kind_of(*faces)
    column, row = dice.face(), dice.face()
    rolled = sector_rolled(column, row)
    given = free_sector(rolled, taken) or rolled
    where = SECTOR_NAMES[given]
    if given != rolled:
        where += f" ({SECTOR_NAMES[rolled]} taken)"
    said = (words or {}).get(piece) or piece.value
    dice.record(
        LogEntry(
            purpose=f"Terrain {number}",
            dice=(*faces, column, row),
            outcome=f"{said}; {where}",
            kind=TERRAIN,
        )
    )
    return piece, given


def free_sector(rolled: Sector, taken: Iterable[Sector]) -> Sector | None:
    """The rolled sector if free, else the next free one clockwise (None when
    all nine are taken)."""
    held = taken if isinstance(taken, (set, frozenset)) else set(taken)
    if rolled not in held:
        return rolled
    start = CLOCKWISE.index(rolled)
    for step in range(len(CLOCKWISE)):
        sector = CLOCKWISE[(start + step) % len(CLOCKWISE)]
        if sector not in held:
            return sector
    return None


def sectors_of(box: Box, width: float, depth: float) -> set[Sector]:
    """The sectors a rectangle's area reaches into (touching is not holding)."""
    step_x, step_y = width / SECTORS, depth / SECTORS
    west, north, east, south = box
    return {
        (col, row)
        for col in range(SECTORS)
        for row in range(SECTORS)
        if west < (col + 1) * step_x
        and east > col * step_x
        and north < (row + 1) * step_y
        and south > row * step_y
    }


def sector_of(x: float, y: float, width: float, depth: float) -> Sector:
    """The sector a point stands in (on a line: the one east or south of it)."""
    col = min(max(int(x * SECTORS // width), 0), SECTORS - 1)
    row = min(max(int(y * SECTORS // depth), 0), SECTORS - 1)
    return (col, row)


def overlaps(a: Box, b: Box) -> bool:
    """Two rectangles share some area (touching edges do not)."""
    return a[0] < b[2] and a[2] > b[0] and a[1] < b[3] and a[3] > b[1]


def _centred(kind: PieceKind, sector: Sector, width: int, depth: int) -> Box:
    """The piece centred in its sector, its corner on a whole inch, on the table."""
    span_x, span_y = kind.span
    centre_x = (sector[0] + 0.5) * width / SECTORS
    centre_y = (sector[1] + 0.5) * depth / SECTORS
    west = min(max(math.floor(centre_x - span_x / 2), 0), max(width - span_x, 0))
    north = min(max(math.floor(centre_y - span_y / 2), 0), max(depth - span_y, 0))
    return (west, north, west + span_x, north + span_y)


def _inside(
    low: float, high: float, move: float, z_low: float, z_high: float
) -> tuple[float, float]:
    """The open interval of t where (low, high) + t·move overlaps (z_low, z_high)."""
    if move == 0:
        return (-math.inf, math.inf) if low < z_high and high > z_low else (1.0, 0.0)
    first, second = (z_low - high) / move, (z_high - low) / move
    return (min(first, second), max(first, second))


def pulled(box: Box, zones: Sequence[Box], width: int, depth: int) -> tuple[Box, bool]:
    """§3.13: the piece pulled straight toward the table's centre until it
    overlaps no zone, its corner then rounded on toward the centre to a whole
    inch; and whether it cleared them (False: pulled as far as it goes, to the
    centre, and still overlapping)."""
    if not any(overlaps(box, zone) for zone in zones):
        return box, True
    move_x = width / 2 - (box[0] + box[2]) / 2
    move_y = depth / 2 - (box[1] + box[3]) / 2
    spans: list[tuple[float, float]] = []
    for zone in zones:
        in_x = _inside(box[0], box[2], move_x, zone[0], zone[2])
        in_y = _inside(box[1], box[3], move_y, zone[1], zone[3])
        spans.append((max(in_x[0], in_y[0]), min(in_x[1], in_y[1])))
    exits = sorted(high for low, high in spans if low < high and 0 <= high <= 1)
    for t in exits:
        if not any(low < t < high for low, high in spans):
            exact = _moved(box, box[0] + t * move_x, box[1] + t * move_y)
            whole = _moved(
                box,
                _toward(exact[0], move_x),
                _toward(exact[1], move_y),
            )
            if any(overlaps(whole, zone) for zone in zones):
                return exact, True
            return whole, True
    centre = _moved(box, round(box[0] + move_x), round(box[1] + move_y))
    return centre, False


def _toward(value: float, move: float) -> float:
    """A place rounded to a whole inch on in the direction of the move."""
    if move > 0:
        return math.ceil(value - 1e-9)
    if move < 0:
        return math.floor(value + 1e-9)
    return value


def _moved(box: Box, west: float, north: float) -> Box:
    """The box with its north-west corner at (west, north)."""
    return (west, north, west + box[2] - box[0], north + box[3] - box[1])


def piece_feature(piece: Piece, box: Box, name: str = "") -> Feature:
    """A rolled piece as a terrain feature at ``box`` (a hill by its centre)."""
    kind = PIECES[piece]
    if kind.radius:
        return Feature(
            name=name or piece.value,
            shape=Shape.CIRCLE,
            x=(box[0] + box[2]) / 2,
            y=(box[1] + box[3]) / 2,
            radius=kind.radius,
            cover=kind.cover,
            terrain=kind.terrain,
            note=kind.effects,
        )
    return Feature(
        name=name or piece.value,
        shape=Shape.RECTANGLE,
        x=box[0],
        y=box[1],
        width=box[2] - box[0],
        depth=box[3] - box[1],
        cover=kind.cover,
        terrain=kind.terrain,
        note=kind.effects,
    )


def roll_terrain(
    *,
    width: int,
    depth: int,
    zones: Sequence[Box] = (),
    taken: Iterable[Sector] = (),
    words: Mapping[Piece, str] | None = None,
    dice: Dice,
) -> Terrain:
    """§3.13: D3 + 3 pieces, each rolled whole (kind, then sector) before the
    next, in the free sector clockwise, pulled clear of the ``zones``.

    ``taken`` are the sectors the scenario's own pieces hold; ``words`` the
    setting's name for each kind (the rules' word where it gives none).
    """
    start = len(dice.log)
    held = set(taken)
    features: list[Feature] = []
    notes: list[str] = []
    for number in range(1, roll_count(dice) + 1):
        piece, sector = roll_piece(number, dice, taken=held, words=words)
        held.add(sector)
        box, clear = pulled(
            _centred(PIECES[piece], sector, width, depth), zones, width, depth
        )
        name = (words or {}).get(piece) or piece.value
        if not clear:
            notes.append(
                f"The {name} (sector {SECTOR_NAMES[sector]}) could not be kept "
                "clear of the deployment zones: it stands at the centre of the "
                "table."
            )
        features.append(piece_feature(piece, box, name))
    return Terrain(
        features=tuple(features), notes=tuple(notes), log=tuple(dice.log[start:])
    )


def zone_boxes(battlefield: Battlefield) -> tuple[Box, ...]:
    """Every force's deployment zone as a rectangle: an edge band or an area
    as it is, the centre circle by its square (anywhere: none)."""
    width, depth = battlefield.width, battlefield.depth
    boxes: list[Box] = []
    for force in battlefield.forces:
        zone = force.zone
        if zone.kind is Deployment.CENTRE:
            radius = zone.radius or 0
            boxes.append(
                (
                    width / 2 - radius,
                    depth / 2 - radius,
                    width / 2 + radius,
                    depth / 2 + radius,
                )
            )
            continue
        box = zone.box(width, depth)
        if box is not None:
            west, north, wide, deep = box
            boxes.append((west, north, west + wide, north + deep))
    return tuple(boxes)


def taken_sectors(battlefield: Battlefield) -> set[Sector]:
    """The sectors the scenario's own pieces hold: its features (stronghold,
    town, river) by their area, a rolled objective (the Special's piece) by
    its place."""
    width, depth = battlefield.width, battlefield.depth
    taken: set[Sector] = set()
    for feature in battlefield.features:
        if feature.shape is Shape.CIRCLE:
            r = feature.radius or 0
            box = (feature.x - r, feature.y - r, feature.x + r, feature.y + r)
        else:
            box = (
                feature.x,
                feature.y,
                feature.x + (feature.width or 0),
                feature.y + (feature.depth or 0),
            )
        taken |= sectors_of(box, width, depth)
    for mark in battlefield.objectives:
        if mark.placement is not None:
            clock, inches = mark.placement
            angle = math.radians((clock % 12) * 30)
            x = width / 2 + inches * math.sin(angle)
            y = depth / 2 - inches * math.cos(angle)
            taken.add(sector_of(x, y, width, depth))
    return taken


def with_rolled_terrain(
    battlefield: Battlefield, *, words: Mapping[Piece, str] | None = None, dice: Dice
) -> Battlefield:
    """§3.13: a generated battlefield with its terrain rolled and added after
    the scenario's own pieces (the caller rolls it only where the scene lists
    no terrain of its own, and last of all the setup's rolls)."""
    terrain = roll_terrain(
        width=battlefield.width,
        depth=battlefield.depth,
        zones=zone_boxes(battlefield),
        taken=taken_sectors(battlefield),
        words=words,
        dice=dice,
    )
    return replace(
        battlefield,
        features=battlefield.features + terrain.features,
        terrain_rolled=True,
        terrain_notes=terrain.notes,
    )
