"""Scene orders as data (RULES §1 "Scene orders", "Arrival"): what an order must
name, that it names the scene's own targets and places on the right side, the
admin page that shows only what a kind needs, the readiness panel, and the
orders a battle keeps."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from campaigns.models import SceneArrival, SceneFeature, SceneOrder
from campaigns.selectors.battlefield import scene_forces
from campaigns.selectors.readiness import campaign_readiness
from engines.orders import Hunt, NoEnemyInSight, Place, PlaceKind
from tests.campaigns.admin_helpers import admin_url, page_form_data, set_rows

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(campaign, make_scene, make_company, make_character, make_scene_company):
    """A current scene: the Fellowship (player) against the Ringwraiths (AI)."""
    scene = make_scene(campaign, status="current")
    fellowship = make_company(campaign, name="Fellowship", side="player")
    wraiths = make_company(campaign, name="Ringwraiths", side="ai")
    frodo = make_character(fellowship, name="Frodo Baggins")
    king = make_character(wraiths, name="Witch-king")
    make_character(wraiths, name="Khamûl")
    return {
        "campaign": campaign,
        "scene": scene,
        "player": make_scene_company(scene, fellowship, leading=True),
        "ai": make_scene_company(scene, wraiths, leading=True),
        "frodo": frodo,
        "king": king,
        "stream": SceneFeature.objects.create(
            scene=scene, name="stream", x=0, y=10, width=36, depth=2
        ),
    }


def errors(order: SceneOrder) -> dict:
    with pytest.raises(ValidationError) as caught:
        order.full_clean(exclude=["characters"])
    return caught.value.message_dict


def test_a_hunt_must_name_its_target(world):
    """A hunt without a target is refused with the reason."""
    order = SceneOrder(scene_company=world["ai"], kind="hunt")
    assert errors(order) == {"target_character": ["A hunt needs its target."]}


def test_a_hunt_targets_the_player_side(world):
    """The Witch-king cannot hunt one of his own."""
    order = SceneOrder(
        scene_company=world["ai"], kind="hunt", target_character=world["king"]
    )
    assert errors(order) == {
        "target_character": ["Hunt a character of the player side."]
    }


def test_a_place_must_be_the_scene_s(world, make_scene):
    """A feature of another scene is refused."""
    other = make_scene(world["campaign"])
    elsewhere = SceneFeature.objects.create(
        scene=other, name="bridge", x=0, y=0, width=2, depth=2
    )
    order = SceneOrder(
        scene_company=world["ai"],
        kind="keep_out",
        place_kind="feature",
        place_feature=world["stream"],
        except_feature=elsewhere,
    )
    assert errors(order) == {"except_feature": ["Name one of this scene's features."]}


def test_orders_are_for_an_ai_company(world):
    """The player's company takes no orders."""
    order = SceneOrder(scene_company=world["player"], kind="ignore_terrain")
    assert errors(order) == {"kind": ["Orders are for an AI company."]}


def test_an_order_becomes_the_engine_s_order(world):
    """The row reads as the frozen order the doctrines apply."""
    order = SceneOrder.objects.create(
        scene_company=world["ai"],
        kind="hunt",
        target_character=world["frodo"],
        out_of_sight=True,
        attack_modifier=1,
    )
    order.characters.set([world["king"]])
    assert order.to_engine() == Hunt(
        target="Frodo Baggins",
        out_of_sight=True,
        attack_modifier=1,
        characters=("Witch-king",),
    )


def test_a_battle_keeps_its_orders_and_single_arrivals(world):
    """The forces the setup stores carry orders, arrival rounds and the stretch."""
    ai = world["ai"]
    ai.arrives_in_round, ai.arrival_start, ai.arrival_length = 1, 16, 4
    ai.save()
    SceneOrder.objects.create(scene_company=ai, kind="no_enemy_in_sight")
    SceneArrival.objects.create(scene_company=ai, character=world["king"], round=2)
    force = scene_forces([ai])[0]
    assert (force.orders, force.stretch, force.late) == (
        (NoEnemyInSight(),),
        (16, 4),
        (("Witch-king", 2),),
    )


def test_the_readiness_panel_names_an_order_that_cannot_apply(world):
    """A place deleted from the scene leaves an order the panel names."""
    SceneOrder.objects.create(
        scene_company=world["ai"],
        kind="no_enemy_in_sight",
        place_kind="feature",
        place_feature=world["stream"],
    )
    world["stream"].delete()
    texts = [gap.text for gap in campaign_readiness(campaign=world["campaign"]).gaps]
    assert any(
        "“Ringwraiths” — its “With no enemy in sight” order is incomplete: name the "
        "feature." in text
        for text in texts
    )


def test_the_admin_keeps_only_the_fields_an_order_s_kind_needs(admin_client, world):
    """An "ignore terrain" order posted with a target keeps no target."""
    url = admin_url(type(world["ai"]), "change", world["ai"].pk)
    data = page_form_data(admin_client.get(url))
    set_rows(
        data,
        "orders",
        [{"kind": "ignore_terrain", "target_character": world["frodo"].pk}],
    )
    response = admin_client.post(url, data)
    assert response.status_code == 302
    order = SceneOrder.objects.get()
    assert (order.kind, order.target_character_id) == ("ignore_terrain", None)


def test_the_admin_refuses_a_hunt_of_the_ai_s_own(admin_client, world):
    """The page says why, and saves nothing."""
    url = admin_url(type(world["ai"]), "change", world["ai"].pk)
    data = page_form_data(admin_client.get(url))
    set_rows(data, "orders", [{"kind": "hunt", "target_character": world["king"].pk}])
    response = admin_client.post(url, data)
    assert (response.status_code, SceneOrder.objects.count()) == (200, 0)
    assert "Hunt a character of the player side." in response.content.decode()


def test_place_words_read_like_a_card():
    """'the stream', and 'the One Ring (or whoever carries it)' mid-sentence."""
    assert (
        Place(kind=PlaceKind.FEATURE, name="stream").words(),
        Place(kind=PlaceKind.OBJECTIVE, name="The One Ring").words(),
    ) == ("the stream", "the One Ring (or whoever carries it)")
