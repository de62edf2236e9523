"""What the scenario generator decides (RULES §3.5, §3.10, §3.11): every
character's state at the start of the battle, and the whole setup with its
dice, as plain data the site stores."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engines.battlefield import Battlefield
from engines.dice import DiceLog, log_from_data, log_to_data
from engines.enums import (
    Mishap,
    ObjectiveKind,
    Relation,
    Scenario,
    Side,
    Stance,
    TableCell,
)
from engines.roles import ObjectivePlacement, Role
from engines.scouting import LATE_ARRIVAL_ROUND
from engines.setup_inputs import scenario_or_name

# --- The result ---------------------------------------------------------------


@dataclass(frozen=True)
class CharacterSetup:
    """One character's state at the start of the battle (§3.5, §3.10)."""

    key: str
    name: str
    side: Side
    scout: bool = False
    mishap: Mishap | None = None
    disorganized: bool = False

    @property
    def starts_fallen(self) -> bool:
        return self.mishap is Mishap.LOST

    @property
    def misses_battle(self) -> bool:
        return self.mishap is Mishap.MISSES

    @property
    def in_reserve(self) -> bool:
        return self.mishap is Mishap.LATE

    @property
    def deployed(self) -> bool:
        """On the table at the start of round 1."""
        return self.mishap is None

    @property
    def arrives_round(self) -> int | None:
        if self.mishap is None:
            return 1
        return LATE_ARRIVAL_ROUND if self.mishap is Mishap.LATE else None

    def to_data(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "name": self.name,
            "side": self.side.value,
            "scout": self.scout,
            "mishap": None if self.mishap is None else self.mishap.value,
            "disorganized": self.disorganized,
            "deployed": self.deployed,
            "in_reserve": self.in_reserve,
            "starts_fallen": self.starts_fallen,
            "misses_battle": self.misses_battle,
            "arrives_round": self.arrives_round,
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> CharacterSetup:
        mishap = data.get("mishap")
        return cls(
            key=str(data["key"]),
            name=str(data["name"]),
            side=Side(data["side"]),
            scout=bool(data.get("scout")),
            mishap=None if mishap is None else Mishap(mishap),
            disorganized=bool(data.get("disorganized")),
        )


@dataclass(frozen=True)
class SetupResult:
    """Every decision of §3, and the dice that made it."""

    player_stance: Stance | None
    scenario: Scenario | str
    fixed: bool = False
    ai_stance: Stance | None = None
    player_score: int | None = None
    ai_score: int | None = None
    relation: Relation | None = None
    higher: Side | None = None
    table_cell: TableCell | None = None
    special_roll: int | None = None
    player_role: Role | None = None
    ai_role: Role | None = None
    disorganized_sides: tuple[Side, ...] = ()
    first_activation: Side | None = None
    objective: ObjectivePlacement | None = None
    characters: tuple[CharacterSetup, ...] = ()
    setup_text: tuple[str, ...] = ()
    battlefield: Battlefield | None = None
    log: DiceLog = field(default=())

    @property
    def scenario_label(self) -> str:
        return str(self.scenario)

    def role_of(self, side: Side | str) -> Role | None:
        return self.player_role if Side(side) is Side.PLAYER else self.ai_role

    def characters_of(self, side: Side | str) -> tuple[CharacterSetup, ...]:
        return tuple(c for c in self.characters if c.side is Side(side))

    def to_data(self) -> dict[str, Any]:
        """A JSON-serialisable dict: enum values as strings."""
        objective = self.objective
        return {
            "player_stance": _value(self.player_stance),
            "scenario": str(self.scenario),
            "fixed": self.fixed,
            "ai_stance": _value(self.ai_stance),
            "player_score": self.player_score,
            "ai_score": self.ai_score,
            "relation": _value(self.relation),
            "higher": _value(self.higher),
            "table_cell": _value(self.table_cell),
            "special_roll": self.special_roll,
            "player_role": _value(self.player_role),
            "ai_role": _value(self.ai_role),
            "disorganized_sides": [side.value for side in self.disorganized_sides],
            "first_activation": _value(self.first_activation),
            "objective": None
            if objective is None
            else {
                "name": objective.name,
                "kind": objective.kind.value,
                "clock": objective.clock,
                "inches": objective.inches,
            },
            "characters": [c.to_data() for c in self.characters],
            "setup_text": list(self.setup_text),
            "battlefield": None
            if self.battlefield is None
            else self.battlefield.to_data(),
            "log": log_to_data(self.log),
        }

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> SetupResult:
        objective = data.get("objective")
        return cls(
            player_stance=_enum(Stance, data.get("player_stance")),
            scenario=scenario_or_name(data["scenario"]) or "",
            fixed=bool(data.get("fixed")),
            ai_stance=_enum(Stance, data.get("ai_stance")),
            player_score=data.get("player_score"),
            ai_score=data.get("ai_score"),
            relation=_enum(Relation, data.get("relation")),
            higher=_enum(Side, data.get("higher")),
            table_cell=_enum(TableCell, data.get("table_cell")),
            special_roll=data.get("special_roll"),
            player_role=_enum(Role, data.get("player_role")),
            ai_role=_enum(Role, data.get("ai_role")),
            disorganized_sides=tuple(
                Side(s) for s in data.get("disorganized_sides", ())
            ),
            first_activation=_enum(Side, data.get("first_activation")),
            objective=None
            if objective is None
            else ObjectivePlacement(
                name=str(objective["name"]),
                kind=ObjectiveKind(objective["kind"]),
                clock=int(objective["clock"]),
                inches=int(objective["inches"]),
            ),
            characters=tuple(
                CharacterSetup.from_data(c) for c in data.get("characters", ())
            ),
            setup_text=tuple(data.get("setup_text", ())),
            battlefield=None
            if not data.get("battlefield")
            else Battlefield.from_data(data["battlefield"]),
            log=log_from_data(data.get("log", ())),
        )


def _value(member: Any) -> str | None:
    return None if member is None else member.value


def _enum(cls: Any, value: str | None) -> Any:
    return None if value is None else cls(value)
