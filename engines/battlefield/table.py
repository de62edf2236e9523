"""The table at the start of one battle: the :class:`Battlefield` itself."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engines.battlefield.features import Feature, ObjectiveMark
from engines.battlefield.forces import Force
from engines.battlefield.numbers import GENERATED_LENGTH, inch
from engines.dice import DiceLog
from engines.enums import Side
from engines.sight import Lit, sight_line


@dataclass(frozen=True, kw_only=True)
class Battlefield:
    """The table at the start of one battle, its length and its scoring."""

    width: int
    depth: int
    forces: tuple[Force, ...]
    features: tuple[Feature, ...] = ()
    objectives: tuple[ObjectiveMark, ...] = ()
    sight_limit: int | None = None
    length: int = GENERATED_LENGTH
    scores_victory_points: bool = False
    scoring: tuple[str, ...] = ()
    """How the battle is scored, line by line (the setup sheet and AI card)."""
    generated: bool = False
    terrain_rolled: bool = False
    """Its terrain was rolled (§3.13): players stand their own pieces in its places."""
    terrain_notes: tuple[str, ...] = ()
    """What the roll could not do as the rules say (a piece left in a zone)."""
    exits_score: bool = False
    """A character that leaves by the opposing side's entry edge scores for
    its side (a Skirmish, §3.12)."""
    beyond: Side | None = None
    """The side whose characters standing beyond the river at the end score
    (a River Crossing's attacker, §3.12); None in any other battle."""
    log: DiceLog = field(default=(), compare=False)

    def force(self, key: str) -> Force | None:
        return next((f for f in self.forces if f.key == key), None)

    def forces_of(self, side: Side | str) -> tuple[Force, ...]:
        wanted = side if isinstance(side, Side) else Side(side)  # no enum call
        return tuple([f for f in self.forces if f.side is wanted])

    @property
    def lit(self) -> tuple[Lit, ...]:
        """The lit features (RULES §1): seen from any distance near them."""
        return tuple(f.lit for f in self.features if f.lit is not None)

    @property
    def sight_text(self) -> str:
        """The sight limit and its lit exceptions, in one line."""
        return sight_line(self.sight_limit, self.lit, shoots=True, mark=inch)

    @property
    def length_text(self) -> str:
        return f"The battle lasts {self.length} rounds."

    def to_data(self) -> dict[str, Any]:
        return (
            {
                "width": self.width,
                "depth": self.depth,
                "forces": [f.to_data() for f in self.forces],
                "features": [f.to_data() for f in self.features],
                "objectives": [o.to_data() for o in self.objectives],
                "sight_limit": self.sight_limit,
                "length": self.length,
                "scores_victory_points": self.scores_victory_points,
                "scoring": list(self.scoring),
                "generated": self.generated,
            }
            | (
                {"terrain_rolled": True, "terrain_notes": list(self.terrain_notes)}
                if self.terrain_rolled
                else {}
            )
            | ({"beyond": self.beyond.value} if self.beyond is not None else {})
            | ({"exits_score": True} if self.exits_score else {})
        )

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Battlefield:
        return cls(
            width=int(data["width"]),
            depth=int(data["depth"]),
            forces=tuple(Force.from_data(f) for f in data.get("forces", ())),
            features=tuple(Feature.from_data(f) for f in data.get("features", ())),
            objectives=tuple(
                ObjectiveMark.from_data(o) for o in data.get("objectives", ())
            ),
            sight_limit=data.get("sight_limit"),
            length=int(data.get("length") or GENERATED_LENGTH),
            scores_victory_points=bool(data.get("scores_victory_points")),
            scoring=tuple(data.get("scoring", ())),
            generated=bool(data.get("generated")),
            terrain_rolled=bool(data.get("terrain_rolled")),
            terrain_notes=tuple(data.get("terrain_notes", ())),
            exits_score=bool(data.get("exits_score")),
            beyond=Side(data["beyond"]) if data.get("beyond") else None,
        )
