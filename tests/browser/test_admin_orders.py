"""The robot's orders in the admin (RULES §1 "Scene orders"): a company's page
in a scene shows only the fields an order's kind needs, and saves the order."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from campaigns.models import SceneFeature, SceneOrder
from tests.browser.admin_steps import ADMIN_PASSWORD, admin_log_in, fill_row
from tests.browser.conftest import DESKTOP

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def club_admin(django_user_model):
    return django_user_model.objects.create_superuser(
        username="clubadmin", email="club@example.org", password=ADMIN_PASSWORD
    )


@pytest.fixture
def wraiths(
    club_admin,
    make_campaign,
    make_scene,
    make_company,
    make_character,
    make_scene_company,
):
    """Bree: the hobbits against the Ringwraiths, with a stream on the table."""
    campaign = make_campaign(owner=club_admin, name="Bree", slug="bree")
    scene = make_scene(campaign, title="Bree", slug="bree")
    hobbits = make_company(campaign, name="Hobbits")
    riders = make_company(campaign, name="Ringwraiths", side="ai")
    make_character(hobbits, name="Frodo Baggins")
    make_character(riders, name="Witch-king")
    make_scene_company(scene, hobbits, leading=True)
    SceneFeature.objects.create(
        scene=scene, name="stream", x=0, y=10, width=36, depth=2
    )
    return make_scene_company(scene, riders, leading=True)


def test_an_order_shows_only_the_fields_its_kind_needs(open_tab, wraiths):
    visit = open_tab(DESKTOP, name="admin-orders")
    admin_log_in(visit)
    page = visit.page
    page.goto(visit.url(f"/admin/campaigns/scenecompany/{wraiths.pk}/change/"))
    page.get_by_role("button", name="Add another Order").click()
    row = "orders-0"

    def shown(name: str):
        return expect(page.locator(f'[name="{row}-{name}"]').first)

    expect(page.locator('[name="notes"]')).to_be_visible()
    fill_row(page, "orders", 0, kind="hunt")
    shown("target_character").to_be_visible()
    shown("attack_modifier").to_be_visible()
    shown("place_kind").to_be_hidden()
    shown("moment").to_be_hidden()

    fill_row(page, "orders", 0, kind="no_enemy_in_sight")
    shown("place_kind").to_be_visible()
    shown("target_character").to_be_hidden()
    shown("place_feature").to_be_hidden()
    fill_row(page, "orders", 0, place_kind="feature")
    shown("place_feature").to_be_visible()
    shown("place_character").to_be_hidden()
    visit.check("a no-enemy-in-sight order toward a feature")

    stream = SceneFeature.objects.get(name="stream")
    fill_row(page, "orders", 0, place_feature=stream.pk)
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("was changed successfully")).to_be_visible()
    order = SceneOrder.objects.get()
    assert str(order) == "With no enemy in sight moves toward the stream"
    assert visit.console_errors == []
