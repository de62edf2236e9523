"""The database refuses bad rows (Meta constraints), and full_clean() says why
(field validators and constraint messages) before it gets that far."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from campaigns.models import (
    BattleParticipant,
    BattleResult,
    Campaign,
    Character,
    CharacterOutcome,
    Company,
    Event,
    EventDeck,
    PersistingWound,
    Scene,
)

pytestmark = pytest.mark.django_db


def refused(create) -> bool:
    """True when the database refuses the write with an IntegrityError."""
    try:
        with transaction.atomic():
            create()
    except IntegrityError:
        return True
    return False


@pytest.fixture
def company(campaign, make_company):
    return make_company(campaign, name="The Fellowship")


# --- characters ----------------------------------------------------------------------


@pytest.mark.parametrize("slots", [0, 7])
def test_wound_slots_outside_one_to_six_are_refused_by_the_database(company, slots):
    assert refused(
        lambda: Character.objects.create(company=company, name="X", wound_slots=slots)
    )


@pytest.mark.parametrize("slots", [0, 7])
def test_wound_slots_outside_one_to_six_fail_validation(company, slots):
    character = Character(company=company, name="X", wound_slots=slots, card_order=1)
    with pytest.raises(ValidationError) as caught:
        character.full_clean()
    assert "wound_slots" in caught.value.message_dict


@pytest.mark.parametrize("slots", [1, 6])
def test_wound_slots_at_the_bounds_are_valid(company, slots):
    Character(company=company, name="X", wound_slots=slots, card_order=1).full_clean()


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("attack", -4),
        ("attack", 6),
        ("defence", -4),
        ("defence", 6),
        ("move", 0),
        ("move", 25),
        ("shooting_range", 0),
        ("shooting_range", 49),
    ],
)
def test_card_values_out_of_range_are_refused(company, field, value):
    assert refused(
        lambda: Character.objects.create(company=company, name="X", **{field: value})
    )


def test_a_character_without_shooting_range_cannot_shoot(company):
    character = Character.objects.create(company=company, name="Sam")
    assert character.shooting_range is None


def test_two_characters_cannot_share_a_card_order(company, make_character):
    make_character(company, card_order=1)
    assert refused(
        lambda: Character.objects.create(company=company, name="Y", card_order=1)
    )


# --- scenes --------------------------------------------------------------------------


def test_two_scenes_of_a_campaign_cannot_share_an_order(campaign, make_scene):
    make_scene(campaign, order=10)
    assert refused(
        lambda: Scene.objects.create(campaign=campaign, order=10, slug="b", title="B")
    )


def test_the_same_order_in_another_campaign_is_fine(
    campaign, make_campaign, make_scene
):
    make_scene(campaign, order=10)
    make_scene(make_campaign(), order=10)


def test_two_scenes_of_a_campaign_cannot_share_a_slug(campaign, make_scene):
    make_scene(campaign, slug="bree")
    assert refused(
        lambda: Scene.objects.create(campaign=campaign, slug="bree", title="Again")
    )


def test_a_campaign_has_at_most_one_current_fighting_scene(campaign, make_scene):
    make_scene(campaign, status="current")
    assert refused(
        lambda: Scene.objects.create(
            campaign=campaign, slug="second", title="Second", status="current"
        )
    )


def test_a_current_larger_battle_does_not_count_as_a_second_current_scene(
    campaign, make_scene
):
    battle = make_scene(campaign, kind="larger_battle", status="current")
    make_scene(campaign, kind="sub_scene", parent=battle, status="current")
    assert campaign.scenes.filter(status="current").count() == 2


def test_the_one_current_scene_rule_has_a_clear_message(campaign, make_scene):
    make_scene(campaign, status="current")
    scene = Scene(campaign=campaign, slug="x", title="X", order=99, status="current")
    with pytest.raises(ValidationError, match="already has a current scene"):
        scene.full_clean()


@pytest.mark.parametrize(("width", "depth"), [(11, 36), (36, 121), (0, 0)])
def test_table_sizes_out_of_range_are_refused(campaign, width, depth):
    assert refused(
        lambda: Scene.objects.create(
            campaign=campaign,
            slug="t",
            title="T",
            table_width=width,
            table_depth=depth,
        )
    )


def test_a_sub_scene_without_a_parent_is_refused(campaign):
    assert refused(
        lambda: Scene.objects.create(
            campaign=campaign, slug="s", title="S", kind="sub_scene"
        )
    )


def test_only_a_resolved_scene_has_an_outcome(campaign):
    assert refused(
        lambda: Scene.objects.create(
            campaign=campaign, slug="s", title="S", outcome="victory"
        )
    )


def test_a_pursuit_bonus_other_than_0_2_4_is_refused(campaign):
    assert refused(
        lambda: Scene.objects.create(
            campaign=campaign, slug="s", title="S", pursuit_bonus_inches=3
        )
    )


# --- scene companies -----------------------------------------------------------------


def test_a_side_has_at_most_one_leading_company(
    campaign, make_scene, make_company, make_scene_company
):
    scene = make_scene(campaign)
    make_scene_company(scene, make_company(campaign, side="ai"), leading=True)
    second = make_company(campaign, side="ai")
    assert refused(lambda: make_scene_company(scene, second, leading=True))


def test_each_side_may_have_its_own_leading_company(
    campaign, make_scene, make_company, make_scene_company
):
    scene = make_scene(campaign)
    make_scene_company(scene, make_company(campaign, side="ai"), leading=True)
    make_scene_company(scene, make_company(campaign, side="player"), leading=True)
    assert scene.scene_companies.filter(leading=True).count() == 2


def test_a_company_is_in_a_scene_once(
    campaign, make_scene, make_company, make_scene_company
):
    scene = make_scene(campaign)
    company = make_company(campaign)
    make_scene_company(scene, company)
    assert refused(lambda: make_scene_company(scene, company, side="ai"))


# --- battles and results -------------------------------------------------------------


def test_a_scene_has_at_most_one_planned_battle(campaign, make_scene, make_battle):
    scene = make_scene(campaign)
    make_battle(scene)
    assert refused(lambda: make_battle(scene))


def test_a_scene_may_have_many_resolved_battles_and_one_planned(
    campaign, make_scene, make_battle
):
    scene = make_scene(campaign)
    make_battle(scene, status="resolved")
    make_battle(scene, status="resolved")
    make_battle(scene)
    assert scene.battles.count() == 3


def test_battle_numbers_are_unique_per_campaign(campaign, make_scene, make_battle):
    make_battle(make_scene(campaign), number=1, status="resolved")
    assert refused(lambda: make_battle(make_scene(campaign), number=1))


def test_a_battle_has_one_result(campaign, make_scene, make_battle):
    battle = make_battle(make_scene(campaign))
    BattleResult.objects.create(battle=battle, outcome="victory", end_reason="rout")
    assert refused(
        lambda: BattleResult.objects.create(
            battle=battle, outcome="defeat", end_reason="rout"
        )
    )


def test_victory_points_above_99_are_refused(campaign, make_scene, make_battle):
    battle = make_battle(make_scene(campaign))
    assert refused(
        lambda: BattleResult.objects.create(
            battle=battle,
            outcome="victory",
            end_reason="objective",
            player_victory_points=100,
        )
    )


def test_killed_outright_implies_fallen(
    campaign, company, make_scene, make_battle, make_character
):
    battle = make_battle(make_scene(campaign))
    participant = BattleParticipant.objects.create(
        battle=battle, character=make_character(company), side="player"
    )
    result = BattleResult.objects.create(
        battle=battle, outcome="defeat", end_reason="rout"
    )
    assert refused(
        lambda: CharacterOutcome.objects.create(
            result=result, participant=participant, killed_outright=True, fallen=False
        )
    )


def test_wound_tokens_above_six_are_refused(
    campaign, company, make_scene, make_battle, make_character
):
    battle = make_battle(make_scene(campaign))
    participant = BattleParticipant.objects.create(
        battle=battle, character=make_character(company), side="player"
    )
    result = BattleResult.objects.create(
        battle=battle, outcome="defeat", end_reason="rout"
    )
    assert refused(
        lambda: CharacterOutcome.objects.create(
            result=result, participant=participant, wound_tokens=7
        )
    )


def test_only_a_scout_suffers_a_mishap(
    campaign, company, make_scene, make_battle, make_character
):
    battle = make_battle(make_scene(campaign))
    assert refused(
        lambda: BattleParticipant.objects.create(
            battle=battle,
            character=make_character(company),
            side="player",
            mishap="lost",
        )
    )


# --- campaigns, companies, decks, wounds ------------------------------------------


def test_the_reserved_slug_import_fails_validation(user):
    campaign = Campaign(owner=user, name="Import", slug="import")
    with pytest.raises(ValidationError) as caught:
        campaign.full_clean()
    assert "slug" in caught.value.message_dict


def test_the_reserved_slug_import_is_refused_by_the_database(user):
    assert refused(
        lambda: Campaign.objects.create(owner=user, name="Import", slug="import")
    )


def test_random_events_need_an_event_deck(user):
    assert refused(
        lambda: Campaign.objects.create(
            owner=user, name="C", slug="c", random_events=True
        )
    )


@pytest.mark.parametrize("colour", ["red", "#12345", "#1234567", "#gggggg", "123456"])
def test_a_bad_colour_fails_validation(campaign, colour):
    company = Company(campaign=campaign, name="Orcs", side="ai", colour=colour)
    with pytest.raises(ValidationError) as caught:
        company.full_clean()
    assert "colour" in caught.value.message_dict


@pytest.mark.parametrize("colour", ["red", "#12345", "#gggggg"])
def test_a_bad_colour_is_refused_by_the_database(campaign, colour):
    assert refused(
        lambda: Company.objects.create(
            campaign=campaign, name="Orcs", side="ai", colour=colour
        )
    )


def test_company_names_are_unique_in_a_campaign(campaign, make_company):
    make_company(campaign, name="Rohirrim")
    assert refused(lambda: make_company(campaign, name="Rohirrim"))


def test_a_deck_has_one_event_per_card():
    deck = EventDeck.objects.create(slug="d", name="D")
    Event.objects.create(deck=deck, card="KS", title="A", text="a")
    assert refused(
        lambda: Event.objects.create(deck=deck, card="KS", title="B", text="b")
    )


def test_an_event_needs_a_picture_card():
    deck = EventDeck.objects.create(slug="d", name="D")
    assert refused(
        lambda: Event.objects.create(deck=deck, card="AS", title="A", text="a")
    )


def test_an_open_wound_has_not_healed_anywhere(
    campaign, company, make_scene, make_battle, make_character
):
    battle = make_battle(make_scene(campaign))
    assert refused(
        lambda: PersistingWound.objects.create(
            character=make_character(company), status="open", healed_in_battle=battle
        )
    )
