"""A club admin builds a whole campaign in another setting through the admin
only, from an empty database, in one pass — then sets up its first battle on
the site and prints the pack.

The campaign is a sci-fi street fight: Vex's five-strong retinue against an
eight-strong ward militia on the deck doctrine, with its own twelve-event deck
and three scenes (a fight in an alley, a vault the militia reaches late, a safe
house). Every admin page on the way must fit the desktop width, make no request
to another origin and raise no script error.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from campaigns.models import Campaign, Scene
from engines.events import EVENT_KEYS
from tests.browser.admin_steps import (
    ADMIN_PASSWORD,
    admin_log_in,
    errors,
    fill_row,
    pick,
)
from tests.browser.conftest import DESKTOP
from tests.browser.test_campaign_loop import pack_text

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

EVENTS = {
    "KS": (
        "Sniper on the roof",
        "The AI's best shot fires once at the nearest player.",
    ),
    "QS": (
        "Power surge",
        "Every light goes out: no one sees further than 6″ this round.",
    ),
    "JS": ("Sirens", "Each player character moves 2″ toward the nearest table edge."),
    "KH": ("Street medic", "One fallen player character stands up with one wound."),
    "QH": ("Crowd", "A crowd fills the centre: soft cover 6″ across until round end."),
    "JH": ("Lost comms", "The player cannot activate their hero this round."),
    "KC": ("Reinforcements", "Two militia arrive at the AI's entry edge."),
    "QC": ("Acid rain", "Every character in the open takes −1 defence this round."),
    "JC": ("Jammed gun", "The next player shot this round misses."),
    "KD": ("Hover drop", "A supply crate lands at the centre: a carriable objective."),
    "QD": ("Blackout", "No shooting beyond 12″ for the rest of the battle."),
    "JD": ("Gang war", "The nearest AI and player characters each take a wound."),
}
RETINUE = [
    dict(
        name="Captain Vex",
        troop_type="rogue",
        attack=2,
        defence=1,
        shooting_range=18,
        move=6,
        wound_slots=3,
        hero=True,
        special_rules="Grapple gun: climbs without penalty.",
    ),
    dict(name="Kade", troop_type="skirmisher", attack=1, shooting_range=12),
    dict(name="Ryn Okoye", troop_type="magician", shooting_range=12, wound_slots=2),
    dict(name="Tomo", troop_type="infantry", attack=1, defence=1, wound_slots=2),
    dict(name="Drone K-9", troop_type="flyer", move=10, shooting_range=8),
]
MILITIA = [
    dict(
        name="Sergeant Okafor",
        troop_type="infantry",
        attack=1,
        defence=1,
        shooting_range=12,
        wound_slots=2,
        hero=True,
    ),
    *(
        dict(name=f"Militia {name}", troop_type="infantry", shooting_range=12)
        for name in ("Ash", "Bex", "Cole", "Dara", "Eli", "Fenn", "Gus")
    ),
]


def test_a_club_admin_builds_a_sci_fi_campaign_and_prints_its_first_battle(
    open_tab, django_user_model
):
    django_user_model.objects.create_superuser(
        username="clubadmin", email="club@example.org", password=ADMIN_PASSWORD
    )
    visit = open_tab(DESKTOP, name="admin-build")
    page = visit.page
    admin_log_in(visit)
    visit.check("admin index")

    # --- 1. The campaign, its commanders and its event deck -----------------
    page.get_by_role("row", name=re.compile("1. Campaigns")).get_by_role(
        "link", name="Add"
    ).click()
    page.get_by_label("Name:").press_sequentially("Neon Sprawl")
    expect(page.get_by_label("Slug:")).to_have_value("neon-sprawl")
    page.get_by_label("Random events").check()
    with page.expect_popup() as popup:
        page.locator("#add_id_event_deck").click()
    deck = popup.value
    deck.wait_for_load_state()
    deck.get_by_label("Name:").press_sequentially("Neon Streets")
    for key, (title, text) in EVENTS.items():
        deck.locator(f'[name="{key}_title"]').fill(title)
        deck.locator(f'[name="{key}_text"]').fill(text)
    deck.get_by_role("button", name="Save", exact=True).click()
    deck.wait_for_event("close")
    expect(page.locator("#id_event_deck option:checked")).to_have_text("Neon Streets")
    fill_row(
        page, "commanders", 0, name="Captain Vex", reputation="rash", rating="average"
    )
    fill_row(
        page,
        "commanders",
        1,
        name="Sergeant Okafor",
        reputation="cautious",
        rating="poor",
    )
    visit.check("campaign filled in")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_role("heading", name="Before it can be played")).to_be_visible()
    expect(page.get_by_text("The campaign has no scenes yet.")).to_be_visible()
    visit.check("campaign saved")

    # --- 2. The companies with their characters -----------------------------
    page.get_by_role("link", name="Add a company").click()
    page.get_by_label("Name:").fill("Vex's Retinue")
    page.get_by_label("Side:").select_option("player")
    page.get_by_label("Commander:").select_option(label="Captain Vex")
    for number, character in enumerate(RETINUE):
        fill_row(page, "characters", number, **character)
    visit.check("retinue filled in")
    page.get_by_role("button", name="Save and add another").click()
    expect(page.get_by_text("Now add another")).to_be_visible()

    page.get_by_label("Name:").fill("Ward 9 Militia")
    page.get_by_label("Side:").select_option("ai")
    page.get_by_label("Commander:").select_option(label="Sergeant Okafor")
    page.get_by_label("Default doctrine:").select_option("deck")
    for _ in range(len(MILITIA) - 6):
        page.get_by_role("button", name="Add another Character").click()
    for number, character in enumerate(MILITIA):
        fill_row(page, "characters", number, **character)
    visit.check("militia filled in")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("was added successfully")).to_be_visible()

    # --- 3. Three scenes, one after another ---------------------------------
    page.goto(visit.url("/admin/"))
    page.get_by_role("row", name=re.compile("3. Scenes")).get_by_role(
        "link", name="Add"
    ).click()
    page.get_by_label("Title:").press_sequentially("Neon Alley")
    expect(page.get_by_label("Slug:")).to_have_value("neon-alley")
    expect(page.get_by_label("Status:")).to_have_value("current")
    page.get_by_label("Briefing:").fill("Vex's crew cuts through the alley.")
    fill_row(page, "scene_companies", 0, company=_pk("Vex's Retinue"))
    fill_row(page, "scene_companies", 1, company=_pk("Ward 9 Militia"))
    orders = page.locator('[name="scene_companies-1-notes"]')
    expect(orders).to_be_visible()
    expect(page.locator('[name="scene_companies-0-notes"]')).to_be_hidden()
    orders.fill("Hold the alley mouth; never step into the neon light.")
    page.get_by_role("button", name="Add another Objective").click()
    fill_row(page, "objectives", 0, name="Data spike", kind="fixed", x=18, y=18)
    page.get_by_role("button", name="Add another Terrain feature").click()
    fill_row(
        page,
        "features",
        0,
        name="Burnt-out hover car",
        shape="rectangle",
        x=10,
        y=14,
        width=6,
        depth=3,
        cover="hard",
    )
    expect(page.locator('[name="features-0-radius"]')).to_be_hidden()
    visit.check("first scene filled in")
    page.get_by_role("button", name="Save and add the next scene").click()
    expect(page.get_by_text("Now the next scene")).to_be_visible()

    page.get_by_label("Title:").press_sequentially("The Data Vault")
    expect(page.get_by_label("Status:")).to_have_value("pending")
    page.get_by_label("Scenario mode:").select_option("fixed")
    page.get_by_label("Custom scenario name:").fill("Crack the vault")
    page.get_by_label("Custom scenario setup:").fill(
        "The vault door stands at the centre; the crew has five rounds."
    )
    page.get_by_label("Battle length:").fill("5")
    fill_row(page, "scene_companies", 0, company=_pk("Vex's Retinue"), max_characters=3)
    for name in ("Captain Vex", "Ryn Okoye", "Kade"):
        pick(page, "scene_companies-0-allowed_characters", name)
    fill_row(
        page, "scene_companies", 1, company=_pk("Ward 9 Militia"), arrives_in_round=2
    )
    dealt = page.locator('[name="scene_companies-1-entry_edge_dealt"]')
    expect(dealt).to_be_visible()
    dealt.check()
    visit.check("second scene filled in")
    page.get_by_role("button", name="Save and add the next scene").click()
    expect(page.get_by_text("Now the next scene")).to_be_visible()

    page.get_by_label("Title:").press_sequentially("Safe House")
    page.get_by_label("Kind:").select_option("sanctuary")
    expect(page.locator("#scene_companies-group")).to_be_hidden()
    visit.check("third scene filled in")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.get_by_text("was added successfully")).to_be_visible()
    assert errors(page) == []

    # --- The campaign is ready --------------------------------------------
    campaign = Campaign.objects.get(slug="neon-sprawl")
    page.goto(visit.url(f"/admin/campaigns/campaign/{campaign.pk}/change/"))
    expect(page.get_by_role("heading", name="Ready to play")).to_be_visible()
    visit.check("campaign ready")
    assert campaign.event_deck.events.count() == len(EVENT_KEYS)
    assert list(
        Scene.objects.filter(campaign=campaign).values_list("title", "status")
    ) == [
        ("Neon Alley", "current"),
        ("The Data Vault", "pending"),
        ("Safe House", "pending"),
    ]
    vault = campaign.scenes.get(slug="the-data-vault")
    retinue_entry = vault.scene_companies.get(side="player")
    assert sorted(c.name for c in retinue_entry.allowed_characters.all()) == [
        "Captain Vex",
        "Kade",
        "Ryn Okoye",
    ]
    assert vault.scene_companies.get(side="ai").entry_edge_dealt

    # --- The first battle, set up and printed on the site ----------------------
    page.goto(visit.url("/"))
    page.get_by_role("link", name="Neon Sprawl").click()
    expect(page.get_by_role("heading", name="Now: Neon Alley")).to_be_visible()
    page.get_by_role("link", name="Set up battle").click()
    page.get_by_role("button", name="Set up battle").click()
    expect(page.get_by_role("heading", name=re.compile(r"^Battle \d+"))).to_be_visible()
    visit.check("battle set up")
    text = pack_text(visit)
    for name in ("Captain Vex", "Drone K-9", "Sergeant Okafor", "Militia Gus"):
        assert name in text, f"{name} is not in the pack"
    assert "Blackout" in text, "the campaign's own event deck is not in the pack"

    assert visit.foreign_requests == []
    assert visit.console_errors == []


def _pk(company_name: str) -> str:
    from campaigns.models import Company

    return str(Company.objects.get(name=company_name).pk)
