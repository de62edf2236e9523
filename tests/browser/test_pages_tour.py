"""Every read page of the demo in a real browser, at desktop and phone widths:
each fits its width, has a title, uses no inline style or script and fetches
nothing from another origin."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from campaigns.models import Character, Company
from campaigns.services.demo import DEMO_CAMPAIGN_SLUG, demo_seed
from tests.browser.conftest import DEMO_PASSWORD, DESKTOP, PHONE
from tests.browser.test_campaign_loop import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(settings, tmp_path):
    settings.DEMO_LOGIN_FILE = tmp_path / "demo-login"
    return demo_seed(password=DEMO_PASSWORD)


def read_pages() -> list[tuple[str, str]]:
    slug = DEMO_CAMPAIGN_SLUG
    company = Company.objects.get(campaign__slug=slug, name__icontains="Fellowship")
    character = Character.objects.filter(company=company).order_by("card_order")[0]
    return [
        ("dashboard", reverse("campaigns:dashboard", kwargs={"slug": slug})),
        (
            "company",
            reverse(
                "campaigns:company", kwargs={"slug": slug, "company_id": company.pk}
            ),
        ),
        (
            "character",
            reverse(
                "campaigns:character",
                kwargs={"slug": slug, "character_id": character.pk},
            ),
        ),
        (
            "larger battle",
            reverse(
                "campaigns:scene_detail", kwargs={"slug": slug, "scene": "helms-deep"}
            ),
        ),
        (
            "sanctuary",
            reverse(
                "campaigns:scene_detail", kwargs={"slug": slug, "scene": "rivendell"}
            ),
        ),
        (
            "setup",
            reverse("campaigns:battle_setup", kwargs={"slug": slug, "scene": "bree"}),
        ),
        ("invitations", reverse("campaigns:invitations", kwargs={"slug": slug})),
    ]


@pytest.mark.parametrize(
    ("viewport", "name"), [(DESKTOP, "tour-desktop"), (PHONE, "tour-phone")]
)
def test_every_read_page_fits_and_fetches_nothing_from_elsewhere(
    open_tab, demo, viewport, name
):
    """Each page fits the viewport and is built from the site's own files."""
    visit = open_tab(viewport, name=name)
    log_in(visit, demo.username, DEMO_PASSWORD)
    for label, path in read_pages():
        response = visit.page.goto(visit.url(path))
        assert response.status == 200, label
        expect(visit.page.locator("h1")).to_have_count(1)
        assert visit.page.locator("[style]").count() == 0, f"inline style on {label}"
        assert visit.page.locator("script:not([src])").count() == 0, label
        visit.check(label)
    assert visit.foreign_requests == []
    assert visit.console_errors == []


def test_the_keyboard_moves_through_the_login_form_in_order(open_tab, demo):
    """The login page starts in the username field; Tab goes to the password,
    then to the button."""
    visit = open_tab(DESKTOP, name="keyboard-login")
    page = visit.page
    page.goto(visit.url(reverse("login")))
    expect(page.get_by_label("Username")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_label("Password")).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Log in")).to_be_focused()


def test_the_first_tab_on_a_page_reaches_the_skip_link(open_tab, demo):
    """Keyboard users can jump past the header to the page's content."""
    visit = open_tab(DESKTOP, name="keyboard-skip")
    log_in(visit, demo.username, DEMO_PASSWORD)
    visit.page.keyboard.press("Tab")
    expect(visit.page.get_by_role("link", name="Skip to content")).to_be_focused()
