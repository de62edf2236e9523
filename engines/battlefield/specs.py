"""What the site gives the engine of a scene: its table, its companies, and the
characters taking part (for dealing entry edges)."""

from __future__ import annotations

from dataclasses import dataclass

from engines.battlefield.features import Feature, ObjectiveMark
from engines.battlefield.numbers import GENERATED_LENGTH, TABLE_SIDE
from engines.battlefield.zones import Zone
from engines.enums import Edge, Side
from engines.orders import Order


@dataclass(frozen=True, kw_only=True)
class ForceSpec:
    """A scene company as the scene's data describes it."""

    key: str
    name: str
    side: Side
    entry_edge: Edge
    zone: Zone
    arrives_in_round: int | None = None
    dealt: bool = False
    instructions: str = ""
    orders: tuple[Order, ...] = ()
    stretch: tuple[float, float] | None = None
    late: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, kw_only=True)
class TableSpec:
    """The scene's table: size, terrain, objectives, sight, length, scoring."""

    width: int = TABLE_SIDE
    depth: int = TABLE_SIDE
    features: tuple[Feature, ...] = ()
    objectives: tuple[ObjectiveMark, ...] = ()
    sight_limit: int | None = None
    length: int = GENERATED_LENGTH
    scores_victory_points: bool = False
    terrain_words: tuple[tuple[str, str], ...] = ()
    """The setting's word for each kind of rolled terrain piece (§3.13), as
    (the rules' word, the setting's)."""


@dataclass(frozen=True, kw_only=True)
class Arriving:
    """A character taking part, for dealing entry edges: its key, name, company."""

    key: str
    name: str
    company: str
