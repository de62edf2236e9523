"""What stands on the table (RULES §1): terrain features and objective markers."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engines.battlefield.numbers import inch
from engines.enums import Cover, ObjectiveKind, Shape, TerrainKind


@dataclass(frozen=True, kw_only=True)
class Feature:
    """A terrain feature: a rectangle (x, y = its north-west corner) or a circle
    (x, y = its centre), the cover it gives, whether it is a fixed objective."""

    name: str
    shape: Shape
    x: float
    y: float
    width: float | None = None
    depth: float | None = None
    radius: float | None = None
    cover: Cover = Cover.NONE
    objective: bool = False
    victory_points: int = 0
    terrain: TerrainKind = TerrainKind.OPEN
    note: str = ""
    """What else it does (a rolled piece's "blocks sight"), for the key."""

    @property
    def centre(self) -> tuple[float, float]:
        if self.shape is Shape.CIRCLE:
            return (self.x, self.y)
        return (self.x + (self.width or 0) / 2, self.y + (self.depth or 0) / 2)

    def describe(self) -> str:
        if self.shape is Shape.CIRCLE:
            where = (
                f"a circle of {inch(self.radius or 0)} radius centred "
                f"{inch(self.x)} from the west edge and {inch(self.y)} from "
                "the north edge"
            )
        else:
            where = (
                f"{inch(self.width or 0)} × {inch(self.depth or 0)}, its "
                f"north-west corner {inch(self.x)} from the west edge and "
                f"{inch(self.y)} from the north edge"
            )
        return where

    def to_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "shape": self.shape.value,
            "x": self.x,
            "y": self.y,
            "width": self.width,
            "depth": self.depth,
            "radius": self.radius,
            "cover": self.cover.value,
            "objective": self.objective,
            "victory_points": self.victory_points,
            "terrain": self.terrain.value,
        } | ({"note": self.note} if self.note else {})

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Feature:
        return cls(
            name=str(data["name"]),
            shape=Shape(data["shape"]),
            x=data["x"],
            y=data["y"],
            width=data.get("width"),
            depth=data.get("depth"),
            radius=data.get("radius"),
            cover=Cover(data.get("cover") or Cover.NONE.value),
            objective=bool(data.get("objective")),
            victory_points=int(data.get("victory_points") or 0),
            terrain=TerrainKind(data.get("terrain") or TerrainKind.OPEN.value),
            note=str(data.get("note") or ""),
        )


@dataclass(frozen=True, kw_only=True)
class ObjectiveMark:
    """An objective marker: at a position, carried by a character from the start,
    or (an Assault's stronghold) a feature of the table."""

    name: str
    kind: ObjectiveKind
    x: float | None = None
    y: float | None = None
    carrier: str | None = None
    victory_points: int = 0
    placement: tuple[int, int] | None = None
    """(clock, inches from the centre) when a §3.9 roll placed it."""

    @property
    def placed(self) -> bool:
        return self.x is not None and self.y is not None

    def describe(self) -> str:
        kind = self.kind.label.lower()
        if self.carrier:
            where = f"carried by {self.carrier} from the start"
        elif self.placement is not None:
            clock, inches = self.placement
            where = f"{inch(inches)} from the centre toward {clock} o'clock"
        elif self.placed:
            where = (
                f"{inch(self.x or 0)} from the west edge, "
                f"{inch(self.y or 0)} from the north edge"
            )
        else:
            where = "placed as the setup says"
        points = f", {self.victory_points} VP" if self.victory_points else ""
        return f"{self.name} ({kind}{points}): {where}"

    def to_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind.value,
            "x": self.x,
            "y": self.y,
            "carrier": self.carrier,
            "victory_points": self.victory_points,
            "placement": None if self.placement is None else list(self.placement),
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ObjectiveMark:
        placement = data.get("placement")
        return cls(
            name=str(data["name"]),
            kind=ObjectiveKind(data["kind"]),
            x=data.get("x"),
            y=data.get("y"),
            carrier=data.get("carrier"),
            victory_points=int(data.get("victory_points") or 0),
            placement=None if placement is None else (placement[0], placement[1]),
        )
