"""One browser walk per point of the admin issue: the order that works, add
pages that ask only what applies, the event deck's twelve slots, the readiness
list, and faster building (duplicates, import and export)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from campaigns.models import Campaign, Company, Scene
from tests.browser.admin_steps import (
    ADMIN_PASSWORD,
    admin_log_in,
    errors,
    fill_row,
    messages,
)
from tests.browser.conftest import DESKTOP

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def club_admin(django_user_model):
    return django_user_model.objects.create_superuser(
        username="clubadmin", email="club@example.org", password=ADMIN_PASSWORD
    )


@pytest.fixture
def street(club_admin, make_campaign, make_commander, make_company, make_character):
    """A campaign of the club admin's with a retinue and a militia, and another
    campaign whose commander and company must never be offered for it."""
    campaign = make_campaign(owner=club_admin, name="Neon Sprawl", slug="neon-sprawl")
    vex = make_commander(campaign, name="Captain Vex")
    okafor = make_commander(campaign, name="Sergeant Okafor")
    retinue = make_company(campaign, name="Retinue", commander=vex)
    militia = make_company(campaign, name="Militia", side="ai", commander=okafor)
    make_character(retinue, name="Vex")
    make_character(militia, name="Guard")
    other = make_campaign(name="Elsewhere", slug="elsewhere")
    make_commander(other, name="Stranger")
    make_company(other, name="Strangers", side="ai")
    return campaign


@pytest.fixture
def visit(open_tab, club_admin, request):
    visit = open_tab(DESKTOP, name=request.node.name.replace("test_", "admin-"))
    admin_log_in(visit)
    yield visit
    assert visit.foreign_requests == []
    assert visit.console_errors == []


# --- 1. The order that works ----------------------------------------------------------


def test_the_index_leads_from_the_campaign_to_its_parts(visit):
    page = visit.page
    rows = page.locator("#content-main table").first.locator("tbody th")
    expect(rows).to_have_text(
        [
            "1. Campaigns, with their commanders",
            "2. Companies, with their characters",
            "3. Scenes, in story order",
        ]
    )
    visit.check("index")
    page.get_by_role("row", name=re.compile("2. Companies")).get_by_role(
        "link", name="Add"
    ).click()
    expect(page.get_by_role("heading", name="Add campaign")).to_be_visible()
    assert messages(page) == [
        "A company belongs to a campaign: add the campaign first."
    ]
    visit.check("a company needs its campaign first")


# --- 2. Every add page asks only what applies -----------------------------------------


def test_add_pages_ask_only_what_applies(visit, street):
    page = visit.page
    page.goto(visit.url(f"/admin/campaigns/commander/add/?campaign={street.pk}"))
    expect(page.get_by_label("Name:")).to_be_visible()
    expect(page.get_by_text("Reason for change")).to_have_count(0)
    expect(page.get_by_text("History")).to_have_count(0)
    visit.check("commander add page")

    page.goto(visit.url("/admin/campaigns/company/add/"))
    page.get_by_role("link", name="Neon Sprawl").click()
    expect(page.get_by_role("heading", name="Add company")).to_be_visible()
    options = page.get_by_label("Commander:").locator("option").all_text_contents()
    assert options == ["---------"]  # both commanders already lead a company
    fill_row(page, "characters", 0, name="Zero", move=0)
    page.get_by_label("Name:").fill("Runners")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("Enter a whole number from 1 to 24.")).to_be_visible()
    visit.check("company add page with a move of 0")

    page.goto(visit.url(f"/admin/campaigns/scene/add/?campaign={street.pk}"))
    page.get_by_label("Title:").press_sequentially("Neon Alley")
    expect(page.get_by_label("Slug:")).to_have_value("neon-alley")
    companies = page.locator('[name="scene_companies-0-company"] option')
    assert companies.all_text_contents() == ["---------", "Militia", "Retinue"]
    fill_row(page, "scene_companies", 0, company=_company("Retinue"))
    expect(page.locator('[name="scene_companies-0-notes"]')).to_be_hidden()
    fill_row(page, "scene_companies", 0, deployment="rectangle")
    expect(page.locator('[name="scene_companies-0-zone_width"]')).to_be_visible()
    expect(page.locator('[name="scene_companies-0-deployment_depth"]')).to_be_hidden()
    fill_row(page, "scene_companies", 0, deployment="edge")
    visit.check("scene add page, a player company")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(
        page.get_by_text(
            "A battle needs an AI company: add the company the robot plays."
        )
    ).to_be_visible()
    visit.check("a scene without an AI company is refused")

    fill_row(page, "scene_companies", 1, company=_company("Militia"))
    expect(page.locator('[name="scene_companies-1-notes"]')).to_be_visible()
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("was added successfully")).to_be_visible()
    scene = Scene.objects.get(slug="neon-alley")
    assert set(scene.scene_companies.values_list("side", "leading")) == {
        ("player", True),
        ("ai", True),
    }


# --- 3. An event deck is twelve slots -------------------------------------------------


def test_an_event_deck_is_twelve_slots_to_fill_in(visit):
    page = visit.page
    page.goto(visit.url("/admin/campaigns/eventdeck/add/"))
    labels = page.locator(".event-slot label[for$='_title']").all_inner_texts()
    assert [label.rstrip(":") for label in labels] == [
        f"{rank}{suit} event" for suit in "♠♥♣♦" for rank in "KQJ"
    ]
    visit.check("event deck add page")
    page.get_by_label("Name:").press_sequentially("Draft deck")
    page.locator('[name="KS_title"]').fill("Sniper")
    page.locator('[name="KS_text"]').fill("A shot from the roofs.")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("1 of its 12 events are filled in")).to_be_visible()
    visit.check("a deck of one saved with a warning")


# --- 4. A campaign readiness panel ----------------------------------------------------


def test_the_readiness_list_says_what_is_missing_and_links_to_it(
    visit, street, make_scene, make_scene_company, make_campaign
):
    alley = make_scene(street, title="Neon Alley", status="current")
    make_scene_company(alley, street.companies.get(name="Retinue"), leading=True)
    page = visit.page
    page.goto(visit.url(f"/admin/campaigns/campaign/{street.pk}/change/"))
    gap = page.locator(".readiness li").first
    expect(gap).to_contain_text("“Neon Alley” has no AI company")
    visit.check("campaign page lists a gap")
    gap.get_by_role("link", name="Open “Neon Alley”").click()
    expect(
        page.get_by_role("heading", name="Companies in this scene")
    ).to_be_in_viewport()

    page.goto(visit.url("/campaigns/neon-sprawl/"))
    expect(
        page.get_by_role("heading", name="Before this campaign can be played")
    ).to_be_visible()
    expect(page.get_by_role("link", name="Set up battle")).to_have_count(0)
    visit.check("dashboard lists the gap instead of set up")

    page.goto(visit.url("/admin/campaigns/campaign/"))
    page.get_by_role("checkbox", name="Select all objects on this page").check()
    page.get_by_label("Action:").select_option("check_readiness")
    page.get_by_title("Run the selected action").click()
    expect(page.locator(".readiness h2")).to_have_text(["Elsewhere", "Neon Sprawl"])
    visit.check("readiness of several campaigns")


# --- 5. Faster building ---------------------------------------------------------------


def test_scenes_and_companies_are_duplicated_and_campaigns_travel_as_documents(
    visit, street, make_scene, make_scene_company, tmp_path
):
    alley = make_scene(street, title="Neon Alley", slug="neon-alley", status="current")
    make_scene_company(alley, street.companies.get(name="Retinue"), leading=True)
    make_scene_company(alley, street.companies.get(name="Militia"), leading=True)
    page = visit.page

    page.goto(visit.url(f"/admin/campaigns/scene/{alley.pk}/change/"))
    page.get_by_role("button", name="Duplicate this scene").click()
    expect(page.get_by_label("Title:")).to_have_value("Neon Alley (copy)")
    expect(
        page.locator("#scene_companies-group .inline-related.has_original")
    ).to_have_count(2)
    visit.check("a duplicated scene")

    retinue = street.companies.get(name="Retinue")
    page.goto(visit.url(f"/admin/campaigns/company/{retinue.pk}/change/"))
    page.get_by_role("button", name="Duplicate with its characters").click()
    expect(page.get_by_label("Name:")).to_have_value("Retinue (copy)")
    expect(page.locator('[name="characters-0-name"]')).to_have_value("Vex")

    page.goto(visit.url("/admin/campaigns/campaign/"))
    page.get_by_role("row", name=re.compile("Neon Sprawl")).get_by_role(
        "checkbox"
    ).check()
    page.get_by_label("Action:").select_option("export_documents")
    with page.expect_download() as download:
        page.get_by_title("Run the selected action").click()
    document = tmp_path / "neon-sprawl.json"
    download.value.save_as(document)
    assert download.value.suggested_filename == "neon-sprawl.json"

    page.get_by_role("link", name="Import a campaign document").click()
    page.get_by_label("Campaign document:").set_input_files(str(document))
    page.get_by_role("button", name="Import").click()
    expect(page.get_by_text("is imported")).to_be_visible()
    assert errors(page) == []
    visit.check("an imported campaign")
    # The copy's name tells it from the campaign it came from.
    names = sorted(
        Campaign.objects.filter(name__startswith="Neon Sprawl").values_list(
            "name", flat=True
        )
    )
    assert (len(names), names[0], names[1].startswith("Neon Sprawl (imported")) == (
        2,
        "Neon Sprawl",
        True,
    )


def _company(name: str) -> str:
    return str(Company.objects.get(name=name).pk)
