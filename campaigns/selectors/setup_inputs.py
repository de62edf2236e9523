"""What §3's generator needs of a scene and the player's choices: the battle
set-up (``campaigns.services.battle_setup``) and the playtest read it alike."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from campaigns.bidi import isolated
from campaigns.models import Scene
from campaigns.selectors.battlefield import (
    scene_forces,
    scene_table,
    setting_terrain_words,
)
from campaigns.selectors.lineup import LineupCharacter, SceneLineup
from engines.enums import (
    Rating,
    Reputation,
    ScenarioMode,
    Side,
    Stance,
    TroopType,
)
from engines.roles import Role
from engines.scenario import (
    NO_COMMANDER_RATING,
    NO_COMMANDER_REPUTATION,
    SetupCharacter,
    SetupInputs,
)


def setup_character(c: LineupCharacter) -> SetupCharacter:
    return SetupCharacter(
        key=str(c.character.pk),
        name=isolated(c.character.name),
        troop_type=TroopType(c.character.troop_type),
        company_order=c.company_order,
        card_order=c.character.card_order,
        company=str(c.scene_company.company_id),
    )


def commander_values(scene_company: Any) -> tuple[Reputation, Rating]:
    commander = scene_company.company.commander if scene_company else None
    if commander is None:
        return NO_COMMANDER_REPUTATION, NO_COMMANDER_RATING
    return Reputation(commander.reputation), Rating(commander.rating)


def fixed_scenario(scene: Scene) -> tuple[str | None, str]:
    if scene.scenario_mode != ScenarioMode.FIXED:
        return None, ""
    if scene.fixed_scenario:
        return scene.fixed_scenario, scene.custom_scenario_setup
    return scene.custom_scenario_name, scene.custom_scenario_setup


def setup_inputs(
    scene: Scene,
    lineup: SceneLineup,
    stance: Stance | None,
    players: Sequence[LineupCharacter],
    scouts: Sequence[LineupCharacter] = (),
) -> SetupInputs:
    """What §3's generator needs of the scene and the player's choices (the
    battle set-up and the playtest alike)."""
    ai_reputation, ai_rating = commander_values(lineup.leading(Side.AI))
    _, player_rating = commander_values(lineup.leading(Side.PLAYER))
    fixed, fixed_text = fixed_scenario(scene)
    return SetupInputs(
        player_stance=stance,
        player_characters=tuple(setup_character(c) for c in players),
        ai_characters=tuple(setup_character(c) for c in lineup.ai_fighting()),
        player_scouts=tuple(str(c.character.pk) for c in scouts),
        ai_reputation=ai_reputation,
        ai_rating=ai_rating,
        player_rating=player_rating,
        castle_nearby=scene.castle_nearby,
        fixed_scenario=fixed,
        fixed_setup_text=fixed_text,
        fixed_player_role=Role(scene.fixed_player_role)
        if scene.fixed_player_role
        else None,
        table=scene_table(
            scene=scene,
            features=scene.features.all(),
            objectives=scene.objectives.select_related("carried_by"),
            terrain_words=setting_terrain_words(scene.campaign.setting),
        ),
        forces=scene_forces(lineup.scene_companies),
    )
