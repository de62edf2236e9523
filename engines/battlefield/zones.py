"""Where a company deploys and when it comes on (RULES §1): its zone, its
arrival, and each character's dealt entry card."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engines.battlefield.numbers import DEFAULT_BAND, inch
from engines.enums import Deployment, Edge


@dataclass(frozen=True, kw_only=True)
class Zone:
    """Where a company deploys (or comes on).

    ``EDGE``: a band ``depth`` deep along ``edge``; ``CENTRE``: a circle of
    ``radius`` at the centre; ``RECTANGLE``: ``x``, ``y``, ``width``, ``depth``;
    ``ANYWHERE``: at least ``distance`` from every enemy.
    """

    kind: Deployment
    edge: Edge | None = None
    depth: int = DEFAULT_BAND
    radius: int | None = None
    x: int | None = None
    y: int | None = None
    width: int | None = None
    distance: int | None = None

    def box(self, table_width: int, table_depth: int) -> tuple[float, ...] | None:
        """(x, y, width, depth) in inches of an edge band or rectangle; None else."""
        band = min(self.depth, table_width, table_depth)
        match self.kind, self.edge:
            case Deployment.EDGE, Edge.NORTH:
                return (0, 0, table_width, band)
            case Deployment.EDGE, Edge.SOUTH:
                return (0, table_depth - band, table_width, band)
            case Deployment.EDGE, Edge.WEST:
                return (0, 0, band, table_depth)
            case Deployment.EDGE, Edge.EAST:
                return (table_width - band, 0, band, table_depth)
            case Deployment.RECTANGLE, _:
                assert self.x is not None and self.y is not None
                assert self.width is not None
                return (self.x, self.y, self.width, self.depth)
        return None

    def describe(self) -> str:
        """In words: 'within 6″ of the north edge'."""
        match self.kind:
            case Deployment.EDGE:
                where = (
                    "its entry edge" if self.edge is None else f"the {self.edge} edge"
                )
                return f"within {inch(self.depth)} of {where}"
            case Deployment.CENTRE:
                return f"within {inch(self.radius or 0)} of the centre of the table"
            case Deployment.RECTANGLE:
                return (
                    f"in the area {inch(self.x or 0)}–"
                    f"{inch((self.x or 0) + (self.width or 0))} from the west "
                    f"edge and {inch(self.y or 0)}–"
                    f"{inch((self.y or 0) + self.depth)} from the north edge"
                )
        if not self.distance:
            return "anywhere on the table"
        return f"anywhere on the table at least {inch(self.distance)} from every enemy"

    def to_data(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "edge": None if self.edge is None else self.edge.value,
            "depth": self.depth,
            "radius": self.radius,
            "x": self.x,
            "y": self.y,
            "width": self.width,
            "distance": self.distance,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Zone:
        edge = data.get("edge")
        return cls(
            kind=Deployment(data["kind"]),
            edge=None if edge is None else Edge(edge),
            depth=int(data.get("depth") or DEFAULT_BAND),
            radius=data.get("radius"),
            x=data.get("x"),
            y=data.get("y"),
            width=data.get("width"),
            distance=data.get("distance"),
        )


def edge_zone(edge: Edge | str, depth: int = DEFAULT_BAND) -> Zone:
    """A band along an edge; the centre "edge" becomes the centre circle."""
    edge = Edge(edge)
    if edge is Edge.CENTRE:
        return Zone(kind=Deployment.CENTRE, radius=depth)
    return Zone(kind=Deployment.EDGE, edge=edge, depth=depth)


@dataclass(frozen=True, kw_only=True)
class EntryCard:
    """One character's dealt entry edge: the card and the edge of its suit."""

    key: str
    name: str
    card: str
    edge: Edge

    def to_data(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "card": self.card,
            "edge": self.edge.value,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> EntryCard:
        return cls(
            key=str(data["key"]),
            name=str(data["name"]),
            card=str(data["card"]),
            edge=Edge(data["edge"]),
        )


@dataclass(frozen=True, kw_only=True)
class Arrival:
    """A company that comes on during the battle: at the start of ``round``, at
    ``edge`` or at the edge each character was dealt."""

    round: int
    edge: Edge | None = None
    dealt: bool = False
    cards: tuple[EntryCard, ...] = ()

    def describe(self) -> str:
        if self.dealt:
            where = "the edge of the card each character was dealt"
        elif self.edge is None or self.edge is Edge.CENTRE:
            where = "its entry edge"
        else:
            where = f"the {self.edge} edge"
        return f"comes on at the start of round {self.round} at {where}"

    def to_data(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "edge": None if self.edge is None else self.edge.value,
            "dealt": self.dealt,
            "cards": [card.to_data() for card in self.cards],
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Arrival:
        edge = data.get("edge")
        return cls(
            round=int(data["round"]),
            edge=None if edge is None else Edge(edge),
            dealt=bool(data.get("dealt")),
            cards=tuple(EntryCard.from_data(c) for c in data.get("cards", ())),
        )
