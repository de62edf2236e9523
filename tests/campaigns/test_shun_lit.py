"""The scene order *shun* and *lit* features as data (RULES §1 "Scene orders",
"The battlefield as data"): the model's rules, the admin's choices, export and
import (schema 5, older files still read), and the demo's Weathertop pack with
its sight line on A4 and Letter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ValidationError
from django.test import override_settings

from campaigns.models import Campaign, SceneFeature, SceneOrder
from campaigns.selectors.battlefield import scene_forces
from campaigns.transfer import campaign_export, campaign_import
from campaigns.transfer.document import SCHEMA_VERSION
from engines.battlefield import Battlefield
from engines.battlefield.features import Feature
from engines.enums import Shape
from engines.orders import Shun
from engines.sight import Lit, sight_line
from tests.campaigns.admin_helpers import admin_url, page_form_data, set_rows

pytestmark = pytest.mark.django_db

DEMO = (
    Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "war_of_the_ring.json"
)
CAMPFIRE = Lit(feature="The campfire", within=6)


@pytest.fixture
def world(campaign, make_scene, make_company, make_character, make_scene_company):
    scene = make_scene(campaign, status="current")
    fellowship = make_company(campaign, name="Fellowship", side="player")
    wraiths = make_company(campaign, name="Ringwraiths", side="ai")
    elsewhere = make_company(campaign, name="Rohirrim", side="player")
    return {
        "scene": scene,
        "player": make_scene_company(scene, fellowship, leading=True),
        "ai": make_scene_company(scene, wraiths, leading=True),
        "aragorn": make_character(fellowship, name="Aragorn"),
        "king": make_character(wraiths, name="Witch-king"),
        "theoden": make_character(elsewhere, name="Théoden"),
    }


def errors(order: SceneOrder) -> dict:
    with pytest.raises(ValidationError) as caught:
        order.full_clean(exclude=["characters"])
    return caught.value.message_dict


# --- the model ------------------------------------------------------------------------


def test_a_shun_must_name_its_character(world):
    order = SceneOrder(scene_company=world["ai"], kind="shun")
    assert errors(order) == {"shunned": ["Name the player character shunned."]}


def test_a_shun_names_a_player_character(world):
    order = SceneOrder(scene_company=world["ai"], kind="shun", shunned=world["king"])
    assert errors(order) == {"shunned": ["Shun a character of the player side."]}


def test_a_shun_becomes_the_engine_s_order_with_its_condition(world):
    order = SceneOrder.objects.create(
        scene_company=world["ai"],
        kind="shun",
        shunned=world["aragorn"],
        condition="Aragorn holds a brand",
    )
    order.full_clean()
    assert order.to_engine() == Shun(
        target="Aragorn", condition="Aragorn holds a brand"
    )
    (force,) = [
        f for f in scene_forces(world["scene"].scene_companies.all()) if f.orders
    ]
    assert force.orders == (order.to_engine(),)


def test_a_lit_feature_lights_1_to_60_inches(world):
    feature = SceneFeature(
        scene=world["scene"], name="The campfire", x=1, y=1, radius=1, lit_within=0
    )
    feature.shape = "circle"
    with pytest.raises(ValidationError) as caught:
        feature.full_clean()
    assert "lit_within" in caught.value.message_dict


# --- the admin ------------------------------------------------------------------------


def test_the_admin_offers_only_the_scene_s_player_characters_to_shun(
    admin_client, world
):
    url = admin_url(type(world["ai"]), "change", world["ai"].pk)
    page = admin_client.get(url)
    form = page.context["inline_admin_formsets"][1].formset.empty_form
    names = {c.name for c in form.fields["shunned"].queryset}
    assert names == {"Aragorn"}


def test_the_admin_saves_a_shun_and_clears_what_it_does_not_use(admin_client, world):
    url = admin_url(type(world["ai"]), "change", world["ai"].pk)
    data = page_form_data(admin_client.get(url))
    set_rows(
        data,
        "orders",
        [
            {
                "kind": "shun",
                "shunned": world["aragorn"].pk,
                "condition": "Aragorn holds a brand",
                "edge": "south",
            }
        ],
    )
    response = admin_client.post(url, data)
    assert response.status_code == 302
    order = SceneOrder.objects.get()
    assert (order.shunned_id, order.condition, order.edge) == (
        world["aragorn"].pk,
        "Aragorn holds a brand",
        "",
    )


def test_the_scene_page_offers_lit_within(admin_client, world):
    url = admin_url(type(world["scene"]), "change", world["scene"].pk)
    assert "lit_within" in admin_client.get(url).content.decode()


# --- export and import ----------------------------------------------------------------


def test_the_demo_round_trips_its_shun_and_its_lit_campfire(user):
    document = json.loads(DEMO.read_text())
    campaign = campaign_import(data=DEMO.read_bytes(), owner=user).campaign
    shun = SceneOrder.objects.get(kind="shun", scene_company__scene__campaign=campaign)
    campfire = SceneFeature.objects.get(name="The campfire", scene__campaign=campaign)
    assert (shun.to_engine(), campfire.lit_within) == (
        Shun(target="Aragorn", condition="Aragorn holds a brand"),
        6,
    )
    exported = campaign_export(campaign=campaign)
    assert exported["schema_version"] == SCHEMA_VERSION
    assert exported["scene_orders"] == document["scene_orders"]
    assert exported["scene_features"] == document["scene_features"]


def test_a_version_4_file_imports_with_no_shun_and_nothing_lit(user):
    document = json.loads(DEMO.read_text())
    document["schema_version"] = 4
    document["scene_orders"] = [
        {k: v for k, v in o.items() if k != "shunned"}
        for o in document["scene_orders"]
        if o["kind"] != "shun"
    ]
    document["scene_features"] = [
        {k: v for k, v in f.items() if k != "lit_within"}
        for f in document["scene_features"]
    ]
    campaign = campaign_import(data=json.dumps(document).encode(), owner=user).campaign
    features = SceneFeature.objects.filter(scene__campaign=campaign)
    assert not features.exclude(lit_within=None).exists()
    assert not SceneOrder.objects.filter(
        kind="shun", scene_company__scene__campaign=campaign
    ).exists()


# --- the sight line ------------------------------------------------------------------


def test_the_setup_sheet_states_the_limit_and_its_lit_exception_in_one_line():
    field = Battlefield(
        width=36,
        depth=36,
        forces=(),
        sight_limit=12,
        features=(
            Feature(
                name="The campfire",
                shape=Shape.CIRCLE,
                x=18,
                y=21,
                radius=1,
                lit_within=6,
            ),
        ),
    )
    assert field.sight_text == (
        "Nobody sees or shoots further than 12″ in this battle, but a character "
        "within 6″ of the campfire (lit) can be seen from any distance."
    )
    assert Battlefield.from_data(field.to_data()).lit == (CAMPFIRE,)


def test_several_lit_features_read_as_one_exception():
    assert sight_line(12, (CAMPFIRE, Lit(feature="beacon", within=3))) == (
        'Nobody sees further than 12" in this battle, but a character within 6" '
        'of the campfire or within 3" of the beacon (lit) can be seen from any '
        "distance."
    )


@pytest.fixture
def weathertop_pack(tmp_path):
    """Weathertop set up with seed 1, its pack rendered on A4 and Letter."""
    from campaigns.services.demo import demo_seed
    from tests.campaigns.test_demo_packs_read import _render

    with override_settings(
        DEMO_FIXTURES_DIR=Path(settings.BASE_DIR) / "fixtures",
        DEMO_LOGIN_FILE=tmp_path / ".demo-login",
        MEDIA_ROOT=tmp_path / "media",
    ):
        login = demo_seed(password="x-demo-pass-1")
        return _render(Campaign.objects.get(slug=login.campaign_slug), "weathertop")


@pytest.mark.parametrize("paper", ["A4", "LETTER"])
def test_the_weathertop_pack_says_the_sight_limit_with_the_campfire(
    weathertop_pack, paper
):
    render = weathertop_pack.renders[paper]
    line = (
        "Nobody sees or shoots further than 12″ in this battle, but a character "
        "within 6″ of the campfire (lit) can be seen from any distance."
    )
    assert line in render.text("Setup sheet")
    card = render.ai_card("The Ringwraiths")
    assert line in card
    assert "Aragorn holds a brand" in card
    assert "None moves into base contact" not in card
