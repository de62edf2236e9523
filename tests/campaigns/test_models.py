"""Model behaviour: __str__, derived values, defaults filled on save, and the
cross-field rules clean() enforces."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError

from campaigns.models import (
    Battle,
    Character,
    Company,
    PersistingWound,
    Scene,
    SceneCompany,
)

pytestmark = pytest.mark.django_db


def test_every_campaign_model_defines_str():
    missing = [
        model.__name__
        for model in apps.get_app_config("campaigns").get_models()
        if "__str__" not in model.__dict__
    ]
    assert missing == []


def test_every_campaign_model_has_an_ordering():
    missing = [
        model.__name__
        for model in apps.get_app_config("campaigns").get_models()
        if not model._meta.ordering
    ]
    assert missing == []


# --- campaign ------------------------------------------------------------------------


def test_current_scene_is_the_current_fighting_scene(campaign, make_scene):
    make_scene(campaign, status="resolved", outcome="victory")
    current = make_scene(campaign, status="current")
    make_scene(campaign)
    assert campaign.current_scene() == current


def test_current_scene_is_the_sub_scene_not_its_larger_battle(campaign, make_scene):
    battle = make_scene(campaign, kind="larger_battle", status="current")
    sub = make_scene(campaign, kind="sub_scene", parent=battle, status="current")
    assert campaign.current_scene() == sub


def test_current_scene_is_none_when_nothing_is_current(campaign, make_scene):
    make_scene(campaign)
    assert campaign.current_scene() is None


def test_random_events_without_a_deck_fail_validation(campaign):
    campaign.random_events = True
    with pytest.raises(ValidationError) as caught:
        campaign.full_clean()
    assert "event_deck" in caught.value.message_dict


# --- scenes --------------------------------------------------------------------------


def test_scene_order_defaults_to_after_the_last(campaign, make_scene):
    make_scene(campaign, order=30)
    assert make_scene(campaign).order == 40


@pytest.mark.parametrize(
    ("kind", "fighting"),
    [
        ("major", True),
        ("sub_scene", True),
        ("larger_battle", False),
        ("sanctuary", False),
    ],
)
def test_is_fighting(campaign, make_scene, kind, fighting):
    parent = None
    if kind == "sub_scene":
        parent = make_scene(campaign, kind="larger_battle")
    assert make_scene(campaign, kind=kind, parent=parent).is_fighting() is fighting


def test_a_sub_scene_needs_a_larger_battle_as_parent(campaign, make_scene):
    major = make_scene(campaign)
    scene = Scene(
        campaign=campaign, slug="s", title="S", order=99, kind="sub_scene", parent=major
    )
    with pytest.raises(ValidationError) as caught:
        scene.full_clean()
    assert "parent" in caught.value.message_dict


def test_only_a_sub_scene_has_a_parent(campaign, make_scene):
    battle = make_scene(campaign, kind="larger_battle")
    scene = Scene(campaign=campaign, slug="s", title="S", order=99, parent=battle)
    with pytest.raises(ValidationError) as caught:
        scene.full_clean()
    assert "parent" in caught.value.message_dict


def test_a_sub_scene_of_a_larger_battle_is_valid(campaign, make_scene):
    battle = make_scene(campaign, kind="larger_battle")
    Scene(
        campaign=campaign,
        slug="s",
        title="S",
        order=99,
        kind="sub_scene",
        parent=battle,
    ).full_clean()


def test_a_fixed_scenario_needs_a_name_or_the_scenes_own(campaign):
    scene = Scene(
        campaign=campaign, slug="s", title="S", order=1, scenario_mode="fixed"
    )
    with pytest.raises(ValidationError) as caught:
        scene.full_clean()
    assert "fixed_scenario" in caught.value.message_dict


@pytest.mark.parametrize(
    "fields",
    [
        {"fixed_scenario": "Siege"},
        {"custom_scenario_name": "The bridge", "custom_scenario_setup": "Hold it."},
    ],
)
def test_a_fixed_scenario_is_valid_with_either(campaign, fields):
    Scene(
        campaign=campaign,
        slug="s",
        title="S",
        order=1,
        scenario_mode="fixed",
        **fields,
    ).full_clean()


def test_a_custom_scenario_needs_its_setup_text(campaign):
    scene = Scene(
        campaign=campaign,
        slug="s",
        title="S",
        order=1,
        scenario_mode="fixed",
        custom_scenario_name="The bridge",
    )
    with pytest.raises(ValidationError) as caught:
        scene.full_clean()
    assert "custom_scenario_setup" in caught.value.message_dict


def test_a_generated_scenario_takes_no_fixed_scenario(campaign):
    scene = Scene(
        campaign=campaign, slug="s", title="S", order=1, fixed_scenario="Siege"
    )
    with pytest.raises(ValidationError) as caught:
        scene.full_clean()
    assert "scenario_mode" in caught.value.message_dict


def test_branching_stays_in_the_campaign(campaign, make_campaign, make_scene):
    elsewhere = make_scene(make_campaign())
    scene = make_scene(campaign)
    scene.next_on_victory = elsewhere
    with pytest.raises(ValidationError) as caught:
        scene.full_clean()
    assert "next_on_victory" in caught.value.message_dict


def test_a_special_wound_with_rules_needs_a_name(campaign):
    scene = Scene(
        campaign=campaign, slug="s", title="S", order=1, special_wound_rules="Cold."
    )
    with pytest.raises(ValidationError) as caught:
        scene.full_clean()
    assert "special_wound_name" in caught.value.message_dict


def test_scene_str_is_its_title(campaign, make_scene):
    assert str(make_scene(campaign, title="Weathertop")) == "Weathertop"


# --- companies and scene companies ---------------------------------------------------


@pytest.mark.parametrize(("side", "colour"), [("player", "#2f5d8a"), ("ai", "#8a2f2f")])
def test_a_company_without_a_colour_takes_its_sides(campaign, side, colour):
    company = Company.objects.create(campaign=campaign, name="C", side=side)
    assert company.colour == colour


def test_a_blank_colour_passes_validation_and_is_filled(campaign):
    company = Company(campaign=campaign, name="C", side="ai")
    company.full_clean()
    assert company.colour == "#8a2f2f"


def test_the_commander_must_be_of_the_same_campaign(
    campaign, make_campaign, make_commander
):
    company = Company(
        campaign=campaign,
        name="C",
        side="ai",
        commander=make_commander(make_campaign()),
    )
    with pytest.raises(ValidationError) as caught:
        company.full_clean()
    assert "commander" in caught.value.message_dict


def test_scene_company_doctrine_is_the_override(
    campaign, make_scene, make_company, make_scene_company
):
    company = make_company(campaign, side="ai", default_doctrine="priority")
    entry = make_scene_company(make_scene(campaign), company, doctrine_override="horde")
    assert entry.doctrine() == "horde"


def test_scene_company_doctrine_defaults_to_the_companys(
    campaign, make_scene, make_company, make_scene_company
):
    company = make_company(campaign, side="ai", default_doctrine="deck")
    assert make_scene_company(make_scene(campaign), company).doctrine() == "deck"


def test_a_scene_company_belongs_to_the_scenes_campaign(
    campaign, make_campaign, make_scene, make_company
):
    entry = SceneCompany(
        scene=make_scene(campaign),
        company=make_company(make_campaign()),
        side="ai",
        entry_edge="north",
    )
    with pytest.raises(ValidationError) as caught:
        entry.full_clean()
    assert "company" in caught.value.message_dict


# --- characters ----------------------------------------------------------------------


@pytest.fixture
def company(campaign, make_company):
    return make_company(campaign, name="The Fellowship")


def test_card_order_defaults_to_after_the_last(company, make_character):
    make_character(company, card_order=4)
    assert make_character(company).card_order == 5


def test_characters_are_ordered_by_card_order(company, make_character):
    second = make_character(company, name="Sam", card_order=2)
    first = make_character(company, name="Frodo", card_order=1)
    assert list(company.characters.all()) == [first, second]


def test_a_fresh_character_is_fit(company, make_character):
    character = make_character(company, wound_slots=2)
    assert character.can_fight()


def test_the_unfit_flag_makes_a_character_unfit(company, make_character):
    character = make_character(company, unfit_next_battle=True)
    assert character.is_unfit()


def test_open_wounds_filling_every_slot_make_a_character_unfit(company, make_character):
    character = make_character(company, wound_slots=2)
    PersistingWound.objects.create(character=character)
    PersistingWound.objects.create(character=character)
    assert character.is_unfit()


def test_healed_wounds_do_not_count(company, make_character):
    character = make_character(company, wound_slots=1)
    PersistingWound.objects.create(character=character, status="healed")
    assert not character.is_unfit()


def test_is_unfit_counts_prefetched_wounds_without_a_query(
    company, make_character, django_assert_num_queries
):
    character = make_character(company, wound_slots=1)
    PersistingWound.objects.create(character=character)
    character = Character.objects.prefetch_related("wounds").get(pk=character.pk)
    with django_assert_num_queries(0):
        assert character.is_unfit()


def test_is_unfit_uses_a_given_count(company, make_character):
    character = make_character(company, wound_slots=3)
    assert character.is_unfit(open_wound_count=3)


def test_a_dead_character_cannot_fight(company, make_character):
    assert not make_character(company, alive=False).can_fight()


# --- battles and wounds --------------------------------------------------------------


def test_battles_are_numbered_per_campaign(campaign, make_scene, make_battle):
    scene = make_scene(campaign)
    first = make_battle(scene, status="resolved")
    second = make_battle(scene)
    assert (first.number, second.number) == (1, 2)


def test_a_battle_takes_its_scenes_campaign(campaign, make_scene):
    battle = Battle.objects.create(scene=make_scene(campaign))
    assert battle.campaign == campaign


def test_a_battle_gets_random_seeds(campaign, make_scene, make_battle):
    battle = make_battle(make_scene(campaign))
    assert battle.setup_seed != battle.resolution_seed


def test_a_sanctuary_is_not_fought(campaign, make_scene):
    battle = Battle(
        campaign=campaign, scene=make_scene(campaign, kind="sanctuary"), number=1
    )
    with pytest.raises(ValidationError) as caught:
        battle.full_clean()
    assert "scene" in caught.value.message_dict


def test_wounds_heal_at_a_sanctuary_only(company, campaign, make_scene, make_character):
    wound = PersistingWound(
        character=make_character(company),
        status="healed",
        healed_at_scene=make_scene(campaign),
    )
    with pytest.raises(ValidationError) as caught:
        wound.full_clean()
    assert "healed_at_scene" in caught.value.message_dict


def test_a_wound_is_called_wound_by_default(company, make_character):
    wound = PersistingWound.objects.create(character=make_character(company))
    assert wound.name == "wound"
