"""What the scenario generator needs (RULES §3): a scene's and the player's
choices, and their validation (§3.1)."""

from __future__ import annotations

from dataclasses import dataclass

from engines.battlefield import ForceSpec, TableSpec
from engines.enums import Rating, Reputation, Scenario, Stance
from engines.roles import Role
from engines.scouting import (
    NO_COMMANDER_RATING,
    NO_COMMANDER_REPUTATION,
    SetupCharacter,
    SetupError,
    validate_participants,
)

# --- Inputs and validation ----------------------------------------------------


@dataclass(frozen=True)
class SetupInputs:
    """What the generator needs of a scene and the player's choices (§3)."""

    player_stance: Stance | None
    """None only for a fixed scenario, where no stance is asked."""
    player_characters: tuple[SetupCharacter, ...]
    ai_characters: tuple[SetupCharacter, ...]
    player_scouts: tuple[str, ...] = ()
    ai_reputation: Reputation = NO_COMMANDER_REPUTATION
    ai_rating: Rating = NO_COMMANDER_RATING
    player_rating: Rating = NO_COMMANDER_RATING
    castle_nearby: bool = False
    fixed_scenario: Scenario | str | None = None
    """A §3.9 name, or a scene-specific name; set, it skips §3 steps 2–9."""
    fixed_setup_text: str = ""
    fixed_player_role: Role | None = None
    """A fixed named scenario's role for the player side (the AI takes the other)."""
    table: TableSpec | None = None
    """The scene's table (size, terrain, objectives, sight, length, scoring)."""
    forces: tuple[ForceSpec, ...] = ()
    """The scene's companies with their deployment and arrival."""

    def __post_init__(self) -> None:
        def put(name: str, value: object) -> None:
            object.__setattr__(self, name, value)

        fixed = scenario_or_name(self.fixed_scenario) or None
        if self.player_stance is None and fixed is None:
            raise SetupError("Choose your stance.", field="stance")
        put(
            "player_stance",
            None if self.player_stance is None else Stance(self.player_stance),
        )
        put("player_characters", tuple(self.player_characters))
        put("ai_characters", tuple(self.ai_characters))
        put("player_scouts", tuple(str(key) for key in self.player_scouts))
        put("ai_reputation", Reputation(self.ai_reputation))
        put("ai_rating", Rating(self.ai_rating))
        put("player_rating", Rating(self.player_rating))
        put("fixed_scenario", fixed)
        put("forces", tuple(self.forces))
        if self.fixed_player_role is not None:
            put("fixed_player_role", Role(self.fixed_player_role))


def validate_setup(inputs: SetupInputs) -> None:
    """§3 inputs and §3.1: raise :class:`SetupError` with a message for the form."""
    validate_participants(
        player_characters=inputs.player_characters,
        ai_characters=inputs.ai_characters,
        player_scouts=inputs.player_scouts,
    )


def scenario_or_name(value: Scenario | str | None) -> Scenario | str | None:
    """A §3.9 scenario if the name is one, else the scene's own name, stripped."""
    if value is None or isinstance(value, Scenario):
        return value
    try:
        return Scenario(value)
    except ValueError:
        return str(value).strip()
