"""The battlefield as data: scene companies, objectives and features validate."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from campaigns.models import Objective, SceneCompany, SceneFeature

pytestmark = pytest.mark.django_db


@pytest.fixture
def scene(campaign, make_scene):
    return make_scene(campaign, table_width=36, table_depth=24)


@pytest.fixture
def entry(scene, campaign, make_company, make_scene_company):
    company = make_company(campaign, side="ai")
    return make_scene_company(scene, company, entry_edge="north")


def _errors(obj) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        obj.full_clean()
    return caught.value.message_dict


def test_an_edge_band_is_six_inches_deep_by_default(entry):
    assert (entry.deployment, entry.deployment_depth) == ("edge", 6)


def test_an_edge_band_needs_a_table_edge(entry):
    entry.entry_edge = "centre"
    assert "deployment" in _errors(entry)


def test_a_centre_circle_needs_its_radius(entry):
    entry.deployment = "centre"
    assert "deployment_radius" in _errors(entry)


def test_a_rectangle_needs_all_four_numbers(entry):
    entry.deployment, entry.zone_x, entry.zone_y = "rectangle", 2, 2
    assert "x, y, width and depth" in " ".join(_errors(entry)["deployment"])


def test_a_rectangle_must_lie_on_the_table(entry):
    entry.deployment = "rectangle"
    entry.zone_x, entry.zone_y, entry.zone_width, entry.zone_depth = 30, 0, 10, 4
    assert "36″ × 24″ table" in " ".join(_errors(entry)["deployment"])


def test_a_rectangle_on_the_table_is_valid(entry):
    entry.deployment = "rectangle"
    entry.zone_x, entry.zone_y, entry.zone_width, entry.zone_depth = 26, 20, 10, 4
    entry.full_clean()


def test_anywhere_needs_its_distance_from_the_enemy(entry):
    entry.deployment = "anywhere"
    assert "deployment_distance" in _errors(entry)


def test_dealt_edges_need_an_arrival_round(entry):
    entry.entry_edge_dealt = True
    assert "entry_edge_dealt" in _errors(entry)


def test_dealt_edges_need_an_arrival_round_in_the_database_too(entry):
    with pytest.raises(IntegrityError), transaction.atomic():
        SceneCompany.objects.filter(pk=entry.pk).update(entry_edge_dealt=True)


def test_a_late_company_with_dealt_edges_is_valid(entry):
    entry.arrives_in_round, entry.entry_edge_dealt = 1, True
    entry.full_clean()


def test_a_late_company_arrives_at_an_edge(entry):
    entry.entry_edge, entry.deployment = "centre", "centre"
    entry.deployment_radius, entry.arrives_in_round = 6, 2
    assert "entry_edge" in _errors(entry)


def test_the_least_taking_part_is_not_above_the_most(entry):
    entry.min_characters, entry.max_characters = 3, 2
    assert "min_characters" in _errors(entry)


def test_an_objective_has_both_coordinates_or_none(scene):
    objective = Objective(scene=scene, name="Ring", x=3)
    assert "x" in _errors(objective)


def test_an_objective_lies_on_the_table(scene):
    objective = Objective(scene=scene, name="Ring", x=3, y=30)
    assert "24″ table" in " ".join(_errors(objective)["x"])


def test_only_a_carriable_objective_is_carried(scene, campaign, make_company):
    character = make_company(campaign).characters.create(name="Frodo")
    objective = Objective(scene=scene, name="Ring", kind="fixed", carried_by=character)
    assert "carried_by" in _errors(objective)


def test_an_objective_is_placed_or_carried_not_both(scene, campaign, make_company):
    character = make_company(campaign).characters.create(name="Frodo")
    with pytest.raises(IntegrityError), transaction.atomic():
        Objective.objects.create(
            scene=scene, name="Ring", kind="carriable", x=1, y=1, carried_by=character
        )


def test_a_rectangle_feature_needs_width_and_depth(scene):
    feature = SceneFeature(scene=scene, name="Wall", x=1, y=1, width=4)
    assert "width" in _errors(feature)


def test_a_circle_feature_needs_a_radius_in_the_database_too(scene):
    with pytest.raises(IntegrityError), transaction.atomic():
        SceneFeature.objects.create(scene=scene, name="Ring", shape="circle", x=5, y=5)


def test_a_feature_lies_on_the_table(scene):
    feature = SceneFeature(scene=scene, name="Wood", x=30, y=0, width=8, depth=4)
    assert "x" in _errors(feature)


def test_a_special_wound_that_changes_values_has_a_name(scene):
    scene.special_wound_defence = -1
    assert "special_wound_name" in _errors(scene)


def test_a_special_wound_modifier_stays_within_three(scene):
    scene.special_wound_name, scene.special_wound_attack = "Black Breath", -4
    assert "special_wound_attack" in _errors(scene)


def test_a_fixed_named_scenario_s_player_role_is_one_of_its_roles(scene):
    scene.scenario_mode, scene.fixed_scenario = "fixed", "Trap"
    scene.fixed_player_role = "defender"
    assert _errors(scene)["fixed_player_role"] == [
        "In a Trap the player side is the trapping side or surprised side (attacker)."
    ]


def test_only_a_named_scenario_with_roles_takes_a_player_role(scene):
    scene.scenario_mode, scene.fixed_scenario = "fixed", "Pitched Battle"
    scene.fixed_player_role = "attacker"
    assert "fixed_player_role" in _errors(scene)


def test_a_name_the_pack_cannot_print_is_refused(campaign, make_company):
    character = make_company(campaign).characters.create(name="Smaug 🐉")
    assert _errors(character)["name"] == [
        "The printed pack cannot show 🐉: use letters, numbers and ordinary "
        "punctuation instead."
    ]


def test_accents_and_card_suits_print(campaign, make_company):
    character = make_company(campaign).characters.create(
        name="Éowyn", special_rules="Draws ♠ and ♥ cards; −1″ move."
    )
    character.full_clean()


def test_direction_marks_are_allowed_and_isolated_when_printed(scene):
    scene.title = "Evil\u202eliveE"
    scene.full_clean()
