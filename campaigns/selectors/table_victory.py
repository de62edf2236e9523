"""What the table page reads to end a battle by its scene's rules: a fixed
scene's ways to win (issue 31), or whether a generated scenario scores
characters leaving by an edge (§3.12)."""

from __future__ import annotations

from campaigns.models import Battle, WayToWin
from campaigns.models.victory import conditions_prefetch
from engines.battlefield.exits import beyond_side, scores_exits
from engines.enums import ScenarioMode, Side
from engines.victory import Victory


def table_victory(*, battle: Battle) -> Victory | None:
    """The battle's scene's ways to win; None for a generated scenario or a
    fixed scene without them (two queries for a fixed scene, else none)."""
    scene = battle.scene
    if scene.scenario_mode != ScenarioMode.FIXED:
        return None
    ways = list(
        WayToWin.objects.filter(scene_id=scene.pk).prefetch_related(
            conditions_prefetch()
        )
    )
    if not ways:
        return None
    return Victory(
        ways=tuple(way.to_engine() for way in ways),
        battle_length=scene.battle_length,
        time_out=Side(scene.time_out_winner) if scene.time_out_winner else None,
        rout_loses=scene.rout_loses,
    )


def table_beyond_side(*, battle: Battle) -> Side | None:
    """The attacker of a generated River Crossing (§3.12); else None."""
    fixed = battle.scene.scenario_mode == ScenarioMode.FIXED
    return None if fixed else beyond_side(battle.scenario_name, battle.roles or {})


def table_scores_exits(*, battle: Battle) -> bool:
    """The battle's generated scenario scores characters leaving by an edge."""
    return battle.scene.scenario_mode != ScenarioMode.FIXED and scores_exits(
        battle.scenario_name
    )
