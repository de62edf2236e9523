"""Where an order points: a character, an objective, a feature, an edge or a
point (RULES §1 "Scene orders"), and how a named thing reads in a sentence."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engines.enums import RuleEnum
from engines.text import inches


class PlaceKind(RuleEnum):
    CHARACTER = "character"
    OBJECTIVE = "objective"
    FEATURE = "feature"
    EDGE = "edge"
    POINT = "point"


def the(name: str) -> str:
    """A named thing inside a sentence: 'the stream', 'the One Ring'."""
    return f"the {name[4:]}" if name[:4].lower() == "the " else f"the {name}"


@dataclass(frozen=True, kw_only=True)
class Place:
    """Somewhere an order points at: a character, an objective (or whoever
    carries it), a feature, a table edge or a point (inches from the north-west
    corner)."""

    kind: PlaceKind
    name: str = ""
    x: float | None = None
    y: float | None = None
    label: str = ""
    """Words that replace the generated ones ("the far bank")."""

    def words(self) -> str:
        if self.label:
            return self.label
        match self.kind:
            case PlaceKind.OBJECTIVE:
                return f"{the(self.name)} (or whoever carries it)"
            case PlaceKind.FEATURE:
                return the(self.name)
            case PlaceKind.EDGE:
                return f"the {self.name} edge"
            case PlaceKind.POINT:
                return (
                    f"the point {inches(self.x or 0)} from the west edge and "
                    f"{inches(self.y or 0)} from the north edge"
                )
        return self.name

    def to_data(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "name": self.name,
            "x": self.x,
            "y": self.y,
            "label": self.label,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Place:
        return cls(
            kind=PlaceKind(data["kind"]),
            name=str(data.get("name", "")),
            x=data.get("x"),
            y=data.get("y"),
            label=str(data.get("label", "")),
        )
