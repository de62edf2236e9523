"""A battle setup's engine run and save: the line-up as the engine's inputs, the
seeded setup, and the planned battle, its line-up and its log entry written."""

from __future__ import annotations

import random
from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.utils import timezone

from campaigns.bidi import isolated
from campaigns.models import Battle, BattleCompany, BattleParticipant, Scene
from campaigns.selectors.lineup import LineupCharacter, SceneLineup
from campaigns.selectors.setup_inputs import setup_inputs
from campaigns.services.battle_snapshot import SNAPSHOT_KEY, cards_snapshot
from campaigns.setting_words import scenario_said
from engines.enums import (
    Doctrine,
    Mishap,
    Scenario,
    Side,
    Stance,
)
from engines.scenario import (
    SetupError,
    SetupResult,
    generate_setup,
)

# The engine names the input at fault; the form names its fields differently.
FORM_FIELDS = {
    "player_characters": "participants",
    "player_scouts": "scouts",
    "stance": "stance",
}
# --- The engine -------------------------------------------------------------------


def _generate(
    scene: Scene,
    lineup: SceneLineup,
    stance: Stance | None,
    players: list[LineupCharacter],
    scouts: list[LineupCharacter],
    seed: int,
) -> SetupResult:
    try:
        inputs = setup_inputs(scene, lineup, stance, players, scouts)
        return generate_setup(inputs, rng=random.Random(seed))
    except SetupError as error:
        field = FORM_FIELDS.get(getattr(error, "field", None) or "")
        message = getattr(error, "message", None) or str(error)
        raise ValidationError({field: message} if field else message) from error


def _apply_result(battle: Battle, result: SetupResult) -> None:
    """Copy the engine's decisions onto the battle row."""
    scenario = str(result.scenario)
    battle.player_stance = result.player_stance.value if result.player_stance else ""
    battle.ai_stance = result.ai_stance.value if result.ai_stance else ""
    battle.player_score = result.player_score
    battle.ai_score = result.ai_score
    battle.relation = result.relation.value if result.relation else ""
    battle.higher_side = result.higher.value if result.higher else ""
    battle.table_cell = result.table_cell.value if result.table_cell else ""
    battle.special_roll = result.special_roll
    battle.scenario = scenario if scenario in Scenario._value2member_map_ else ""
    battle.scenario_name = scenario
    battle.setup_text = "\n\n".join(result.setup_text)
    battle.roles = {
        side.value: role.value
        for side, role in ((Side.PLAYER, result.player_role), (Side.AI, result.ai_role))
        if role is not None
    }
    battle.objective_placement = (
        None
        if result.objective is None
        else {
            "name": result.objective.name,
            "kind": result.objective.kind.value,
            "clock": result.objective.clock,
            "inches": result.objective.inches,
        }
    )
    battle.first_activation = (
        result.first_activation.value if result.first_activation else ""
    )
    battle.setup_data = result.to_data()
    battle.dice_log = battle.setup_data["log"]


def _save_lineup(
    battle: Battle,
    lineup: SceneLineup,
    players: list[LineupCharacter],
    result: SetupResult,
    coop: Mapping[int, str],
) -> None:
    scene = lineup.scene
    BattleCompany.objects.bulk_create(
        BattleCompany(
            battle=battle,
            company=sc.company,
            side=sc.side,
            entry_edge=sc.entry_edge,
            leading=sc.leading,
            doctrine=sc.doctrine(),
            starting_mode=scene.horde_start_mode
            if sc.doctrine() == Doctrine.HORDE
            else "",
            order=position,
        )
        for position, sc in enumerate(lineup.scene_companies)
    )
    states = {c.key: c for c in result.characters}
    fighting = [*players, *lineup.ai_fighting()]
    rows = []
    for order, c in enumerate(fighting, start=1):
        state = states.get(str(c.character.pk))
        mishap = state.mishap if state else None
        rows.append(
            BattleParticipant(
                battle=battle,
                character=c.character,
                side=c.side,
                order=order,
                scout=bool(state and state.scout),
                mishap=mishap.value if mishap else "",
                disorganized=bool(state and state.disorganized),
                reserve=mishap is Mishap.LATE,
                coop_player=coop.get(c.character.pk, ""),
            )
        )
    BattleParticipant.objects.bulk_create(rows)
    # The pack prints the participants as they stand now, however often later.
    battle.setup_data = {
        **battle.setup_data,
        SNAPSHOT_KEY: cards_snapshot(characters=[c.character for c in fighting]),
    }
    battle.save(update_fields=["setup_data"])


def _log_text(battle: Battle, scene: Scene, verb: str) -> str:
    return (
        f"Battle {battle.number} at {isolated(scene.title)} {verb}: "
        f"{scenario_said(battle.campaign, battle.scenario_name)} "
        f"(seed {battle.setup_seed}, {timezone.now():%Y-%m-%d})."
    )[:500]
