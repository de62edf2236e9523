"""The whole loop in a real browser, as a new player meets it: log in, open the
demo campaign, set up the battle, download its pack, enter the result, read the
resolution and find the next scene current and the wound on the roster.

Everything is found by its visible label. The loop runs at a desktop width, at
a 375 px phone width, and with JavaScript switched off; every page visited must
fit its width, make no request to another origin and carry a title.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from django.urls import reverse
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from campaigns.models import Battle, PersistingWound, Scene
from campaigns.services.demo import DEMO_CAMPAIGN_SLUG, demo_seed
from engines.enums import SceneStatus, WoundStatus
from engines.fates import FateInput, fate_stream_seed
from tests.browser.conftest import DEMO_PASSWORD, DESKTOP, PHONE, Visit

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CAMPAIGN = "The War of the Ring"


def seed_rolling(battle: Battle, character, die: int) -> int:
    """A resolution seed whose stream for ``character`` (RULES §6.2: one per
    character) starts with ``die``: with one fallen character and no wounds
    anywhere, that roll is its fate. A fallen character rolling 4 recovers
    with one persisting wound."""
    company_order = battle.companies.get(company=character.company_id).order
    place = FateInput(
        key="",
        name="",
        is_player=True,
        company="",
        company_order=company_order,
        card_order=character.card_order,
        wound_slots=1,
    )
    return next(
        s
        for s in range(100_000)
        if random.Random(fate_stream_seed(s, place)).randint(1, 6) == die
    )


@pytest.fixture
def demo(settings, tmp_path):
    settings.DEMO_LOGIN_FILE = tmp_path / "demo-login"
    return demo_seed(password=DEMO_PASSWORD)


def log_in(visit: Visit, username: str, password: str) -> None:
    page = visit.page
    page.goto(visit.url("/"))
    expect(page).to_have_url(re.compile(r"/accounts/login/"))
    visit.check("login")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="My campaigns")).to_be_visible()
    visit.check("home")


def current_scene() -> Scene:
    return (
        Scene.objects.filter(
            campaign__slug=DEMO_CAMPAIGN_SLUG, status=SceneStatus.CURRENT
        )
        .exclude(kind="larger_battle")
        .get()
    )


def pack_text(visit: Visit) -> str:
    """Follow the page's "Download battle pack" link with the browser's own
    session and return the PDF's text. (Chromium shows a PDF served inline
    instead of downloading it, so the link is fetched rather than clicked.)"""
    link = visit.page.get_by_role("link", name="Download battle pack").first
    response = visit.page.context.request.get(visit.url(link.get_attribute("href")))
    assert response.ok, response.status
    assert response.headers["content-type"] == "application/pdf"
    content = response.body()
    assert content.startswith(b"%PDF"), "the pack is not a PDF"
    reader = PdfReader(io.BytesIO(content))
    return "\n".join(page.extract_text() or "" for page in reader.pages)


BREE_WON = re.compile(r"^Has Frodo Baggins left the table through The East Gate")
"""Bree's way to win for the players, asked on the result form."""


def enter_result(page: Page, fallen: str) -> None:
    page.get_by_role("radio", name="Victory").check()
    page.get_by_label("How the battle ended").select_option("objective")
    page.get_by_label(f"{fallen}: fallen").check()
    page.get_by_label(BREE_WON).check()
    page.get_by_role("button", name=re.compile(r"^(Apply|Save)")).click()


@pytest.mark.parametrize(
    ("viewport", "javascript", "name"),
    [
        (DESKTOP, True, "loop-desktop"),
        (PHONE, True, "loop-phone"),
        (PHONE, False, "loop-phone-no-js"),
    ],
)
def test_a_new_player_plays_one_scene_of_the_demo(
    open_tab, demo, viewport, javascript, name
):
    """From the login page to the next scene, by visible labels only."""
    visit = open_tab(viewport, javascript=javascript, name=name)
    page = visit.page
    log_in(visit, demo.username, DEMO_PASSWORD)

    page.get_by_role("link", name=CAMPAIGN).click()
    scene = current_scene()
    expect(page.get_by_role("heading", name=f"Now: {scene.title}")).to_be_visible()
    visit.check("dashboard")

    page.get_by_role("link", name="Set up battle").click()
    expect(
        page.get_by_role("heading", name=re.compile("Set up the battle"))
    ).to_be_visible()
    visit.check("setup")
    page.get_by_role("button", name="Set up battle").click()
    expect(page.get_by_role("heading", name=re.compile(r"^Battle \d+"))).to_be_visible()
    visit.check("battle")

    battle = Battle.objects.get(scene=scene)
    # Bree is won by Frodo leaving with the Ring: another of the company falls.
    fallen = (
        battle.participants.filter(side="player")
        .exclude(character__name="Frodo Baggins")
        .order_by("order")[0]
        .character
    )
    # A fixed resolution seed keeps the fates the same run after run.
    Battle.objects.filter(pk=battle.pk).update(
        resolution_seed=seed_rolling(battle, fallen, 4)
    )
    names = [
        p.character.name
        for p in battle.participants.select_related("character").order_by("order")
    ]
    text = pack_text(visit)
    for name in names:
        assert name in text, f"{name} is not in the pack"

    page.get_by_role("link", name=CAMPAIGN).first.click()
    # The pack is made: entering the result is now the obvious step.
    expect(page.get_by_role("link", name="Download battle pack")).to_be_visible()
    expect(page.get_by_role("link", name="Enter result")).not_to_have_class(
        re.compile("button--quiet")
    )
    visit.check("dashboard with the pack made")
    page.get_by_role("link", name="Enter result").click()
    expect(
        page.get_by_role("heading", name=re.compile("Result of battle"))
    ).to_be_visible()
    visit.check("result form")

    enter_result(page, fallen.name)
    expect(
        page.get_by_role("heading", name=re.compile("Resolution of battle"))
    ).to_be_visible()
    visit.check("resolution")

    page.get_by_role("link", name=CAMPAIGN).first.click()
    next_scene = current_scene()
    assert next_scene.pk != scene.pk
    expect(page.get_by_role("heading", name=f"Now: {next_scene.title}")).to_be_visible()
    visit.check("dashboard after the battle")

    wound = PersistingWound.objects.get(
        character=fallen, battle_taken=battle, status=WoundStatus.OPEN
    )
    row = page.locator("tr", has=page.get_by_role("link", name=fallen.name, exact=True))
    expect(row.locator(".slot--wounded")).to_have_count(1)
    expect(row).to_contain_text(wound.name)

    page.get_by_role("link", name=fallen.name, exact=True).click()
    expect(page.get_by_role("heading", name=fallen.name)).to_be_visible()
    expect(page.locator(".wounds")).to_contain_text(
        f"Taken in battle {battle.number} ({scene.title})"
    )
    visit.check("wounded character")

    assert visit.foreign_requests == []
    assert visit.console_errors == []


def test_a_second_player_cannot_open_the_first_players_campaign(
    open_tab, demo, django_user_model
):
    """The demo's owner's campaign is a 404 page to anyone else."""
    django_user_model.objects.create_user(username="gimli", password="axe-pw-9071")
    visit = open_tab(DESKTOP, name="stranger")
    log_in(visit, "gimli", "axe-pw-9071")
    expect(visit.page.get_by_text("You have no campaigns yet")).to_be_visible()
    response = visit.page.goto(
        visit.url(reverse("campaigns:dashboard", kwargs={"slug": DEMO_CAMPAIGN_SLUG}))
    )
    assert response.status == 404
    expect(visit.page.get_by_role("heading", name="Not found")).to_be_visible()
    expect(visit.page.get_by_text(CAMPAIGN)).to_have_count(0)
    visit.check("stranger 404")
