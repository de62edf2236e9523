"""Every model choice for a rule concept comes from the engine's enums, and
every field with choices is accounted for."""

from __future__ import annotations

import pytest
from django.apps import apps

from engines.enums import (
    Cover,
    Deployment,
    Doctrine,
    Edge,
    EndReason,
    Fate,
    HordeMode,
    Mishap,
    ObjectiveKind,
    Outcome,
    Rating,
    Relation,
    Reputation,
    Scenario,
    ScenarioMode,
    SceneKind,
    SceneStatus,
    Shape,
    Side,
    Stance,
    TableCell,
    TerrainKind,
    TroopType,
    WoundSide,
    WoundStatus,
)
from engines.orders import Moment, OrderKind, PlaceKind, TargetKind, Victim
from engines.roles import Role
from engines.victory import ConditionKind, HoldWhen

FROM_ENGINE = {
    ("Scene", "kind"): SceneKind,
    ("Scene", "status"): SceneStatus,
    ("Scene", "outcome"): Outcome,
    ("Scene", "scenario_mode"): ScenarioMode,
    ("Scene", "fixed_scenario"): Scenario,
    ("Scene", "horde_start_mode"): HordeMode,
    ("Objective", "kind"): ObjectiveKind,
    ("SceneCompany", "side"): Side,
    ("SceneCompany", "entry_edge"): Edge,
    ("SceneCompany", "doctrine_override"): Doctrine,
    ("SceneCompany", "deployment"): Deployment,
    ("SceneFeature", "shape"): Shape,
    ("SceneFeature", "cover"): Cover,
    ("SceneFeature", "terrain"): TerrainKind,
    ("SceneOrder", "kind"): OrderKind,
    ("SceneOrder", "target_kind"): TargetKind,
    ("SceneOrder", "place_kind"): PlaceKind,
    ("SceneOrder", "edge"): Edge,
    ("SceneOrder", "moment"): Moment,
    ("SceneOrder", "victim"): Victim,
    ("Scene", "special_wound_applies_to"): WoundSide,
    ("Scene", "fixed_player_role"): Role,
    ("Company", "side"): Side,
    ("Company", "default_doctrine"): Doctrine,
    ("Commander", "reputation"): Reputation,
    ("Commander", "rating"): Rating,
    ("Character", "troop_type"): TroopType,
    ("PersistingWound", "status"): WoundStatus,
    ("Battle", "player_stance"): Stance,
    ("Battle", "ai_stance"): Stance,
    ("Battle", "relation"): Relation,
    ("Battle", "higher_side"): Side,
    ("Battle", "table_cell"): TableCell,
    ("Battle", "scenario"): Scenario,
    ("Battle", "first_activation"): Side,
    ("BattleCompany", "side"): Side,
    ("BattleCompany", "entry_edge"): Edge,
    ("BattleCompany", "doctrine"): Doctrine,
    ("BattleCompany", "starting_mode"): HordeMode,
    ("BattleParticipant", "side"): Side,
    ("BattleParticipant", "mishap"): Mishap,
    ("BattleResult", "outcome"): Outcome,
    ("BattleResult", "end_reason"): EndReason,
    ("CharacterOutcome", "fate"): Fate,
    ("Scene", "time_out_winner"): Side,
    ("WayToWin", "side"): Side,
    ("WinCondition", "kind"): ConditionKind,
    ("WinCondition", "side"): Side,
    ("WinCondition", "edge"): Edge,
    ("WinCondition", "when"): HoldWhen,
    ("PlaytestReport", "stance"): Stance,
}

SITE_CHOICES = {
    ("Campaign", "paper_size"),
    ("Scene", "pursuit_bonus_inches"),
    ("Event", "card"),
    ("CommanderChange", "field"),
    ("Battle", "status"),
    ("Effect", "kind"),
    ("CampaignLogEntry", "kind"),
    ("TableEntry", "kind"),
    ("PlaytestReport", "status"),
}
"""Choices that are the site's own (or numbers): not engine enumerations."""


def _field(model_name: str, field_name: str):
    return apps.get_model("campaigns", model_name)._meta.get_field(field_name)


@pytest.mark.parametrize(
    ("model_name", "field_name", "enum"),
    [(model, field, enum) for (model, field), enum in FROM_ENGINE.items()],
)
def test_model_choices_equal_the_engine_enum(model_name, field_name, enum):
    assert list(_field(model_name, field_name).choices) == enum.choices()


@pytest.mark.parametrize(
    ("model_name", "field_name", "enum"),
    [(model, field, enum) for (model, field), enum in FROM_ENGINE.items()],
)
def test_choice_fields_are_long_enough_for_every_value(model_name, field_name, enum):
    field = _field(model_name, field_name)
    assert max(len(member.value) for member in enum) <= field.max_length


def test_every_field_with_choices_is_accounted_for():
    with_choices = {
        (model.__name__, field.name)
        for model in apps.get_app_config("campaigns").get_models()
        for field in model._meta.get_fields()
        if getattr(field, "choices", None)
    }
    assert with_choices == set(FROM_ENGINE) | SITE_CHOICES
