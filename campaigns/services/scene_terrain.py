"""A builder's rolled table kept as a scene's own terrain (RULES §3.13).

A scene that generates its scenario and lists no terrain features of its own
gets them from the dice at every battle. In the admin a builder may roll one
such table with a seed (:func:`scene_terrain_roll`, a read), look at it, and
keep it as the scene's own features (:func:`scene_terrain_keep`): the scene's
battles then stand on it and roll none.
"""

from __future__ import annotations

import random

from django.core.exceptions import ValidationError
from django.db import transaction

from campaigns.models import Scene, SceneFeature
from campaigns.selectors.battlefield import (
    scene_forces,
    scene_table,
    setting_terrain_words,
)
from campaigns.services.locks import campaign_locked
from engines.battlefield import Battlefield, Feature, generated_battlefield
from engines.battlefield.terrain import Piece, with_rolled_terrain
from engines.dice import Dice
from engines.enums import Scenario, ScenarioMode, Shape

SEED_MAX = 2**31 - 1


def scene_terrain_problem(*, scene: Scene) -> str:
    """Why this scene's terrain is not rolled ("" when it is)."""
    if scene.scenario_mode != ScenarioMode.GENERATE:
        return "This scene plays a fixed scenario: its terrain is never rolled."
    if scene.features.exists():
        return (
            "This scene has terrain features of its own, so none are rolled: delete "
            "them first to roll a table."
        )
    return ""


def scene_terrain_roll(*, scene: Scene, seed: int) -> Battlefield:
    """The scene's table with its terrain rolled from ``seed`` (§3.13), its
    companies at their entry edges as in a pitched battle: what a battle of
    the scene would stand on before its scenario adds its own piece."""
    companies = scene.scene_companies.select_related("company").order_by("order", "id")
    table = scene_table(
        scene=scene,
        features=(),
        objectives=scene.objectives.select_related("carried_by"),
        terrain_words=setting_terrain_words(scene.campaign.setting),
    )
    field = generated_battlefield(
        Scenario.PITCHED_BATTLE,
        roles={},
        table=table,
        forces=scene_forces(companies, orders=False),
    )
    words = {Piece(rules): said for rules, said in table.terrain_words}
    return with_rolled_terrain(field, words=words, dice=Dice(random.Random(seed)))


def scene_terrain_keep(*, scene: Scene, seed: int) -> list[SceneFeature]:
    """Keep the table ``seed`` rolls as the scene's own terrain features; the
    scene then rolls none. Refused (ValidationError, nothing saved) for a
    fixed scenario or a scene that has features already."""
    if not 0 <= seed <= SEED_MAX:
        raise ValidationError({"seed": f"A seed is a whole number 0–{SEED_MAX}."})
    with transaction.atomic():
        scene = campaign_locked(
            model=Scene,
            pk=scene.pk,
            campaign_id=scene.campaign_id,
            missing="This scene no longer exists.",
        )
        problem = scene_terrain_problem(scene=scene)
        if problem:
            raise ValidationError(problem)
        rolled = scene_terrain_roll(scene=scene, seed=seed)
        features = [
            _scene_feature(scene, feature, order)
            for order, feature in enumerate(rolled.features)
        ]
        return SceneFeature.objects.bulk_create(features)


def _scene_feature(scene: Scene, feature: Feature, order: int) -> SceneFeature:
    circle = feature.shape is Shape.CIRCLE
    return SceneFeature(
        scene=scene,
        name=feature.name[:60],
        shape=feature.shape.value,
        x=round(feature.x),
        y=round(feature.y),
        width=None if circle else round(feature.width or 0),
        depth=None if circle else round(feature.depth or 0),
        radius=round(feature.radius or 0) if circle else None,
        terrain=feature.terrain.value,
        cover=feature.cover.value,
        order=order,
    )
