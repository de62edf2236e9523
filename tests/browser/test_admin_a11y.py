"""The admin for screen readers (issue 26 part 6): a row added to a tabular
inline is numbered like the saved ones, and select2's boxes are named after
their fields. Every page is also checked by axe-core (``Visit.check``)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.admin_steps import ADMIN_PASSWORD, admin_log_in
from tests.browser.conftest import DESKTOP, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def club_admin(django_user_model):
    return django_user_model.objects.create_superuser(
        username="clubadmin", email="club@example.org", password=ADMIN_PASSWORD
    )


def test_rows_added_are_numbered_and_renumbered_when_one_goes(
    open_tab, club_admin, make_campaign, make_company, make_character
):
    """A company with Frodo (character 1) and its blank rows: the two rows
    added are numbered next, and the second takes the first's number when the
    first is removed."""
    campaign = make_campaign(owner=club_admin, name="Bree", slug="bree")
    hobbits = make_company(campaign, name="Hobbits")
    make_character(hobbits, name="Frodo Baggins")
    visit = open_tab(DESKTOP, name="admin-a11y-rows")
    admin_log_in(visit)
    page = visit.page
    page.goto(visit.url(f"/admin/campaigns/company/{hobbits.pk}/change/"))
    expect(page.get_by_label("Name (character 1)")).to_have_value("Frodo Baggins")
    expect(page.get_by_label("Delete (character 1)")).to_be_visible()
    rows = page.locator("#characters-group tr.form-row:not(.empty-form)").count()
    first, second = rows + 1, rows + 2

    add = page.get_by_role("button", name="Add another Character")
    add.click()
    add.click()
    expect(page.get_by_label(f"Name (character {first})")).to_be_visible()
    page.get_by_label(f"Name (character {second})").fill("Sam Gamgee")
    visit.check("two characters added")

    page.locator(f"#characters-{first - 1} .inline-deletelink").click()
    expect(page.get_by_label(f"Name (character {first})")).to_have_value("Sam Gamgee")
    expect(page.get_by_label(f"Name (character {second})")).to_have_count(0)
    visit.check("an added character removed")


def test_autocomplete_boxes_are_named_after_their_fields(
    open_tab, club_admin, make_campaign
):
    """The owner's box and the members' box and search field say which field
    they are, whatever is chosen."""
    campaign = make_campaign(owner=club_admin, name="Bree", slug="bree")
    visit = open_tab(DESKTOP, name="admin-a11y-select2")
    admin_log_in(visit)
    page = visit.page
    page.goto(visit.url(f"/admin/campaigns/campaign/{campaign.pk}/change/"))

    owner = page.get_by_role("combobox", name="Owner", exact=True)
    expect(owner).to_contain_text("clubadmin")
    expect(page.get_by_role("textbox", name="Owner", exact=True)).to_have_text(
        "clubadmin"
    )
    expect(page.get_by_role("combobox", name="Members", exact=True)).to_be_visible()
    expect(page.get_by_role("searchbox", name="Search: Members")).to_be_visible()
    visit.check("a campaign's autocomplete boxes")


def test_the_admin_on_a_phone(
    open_tab, club_admin, make_campaign, make_company, make_character
):
    """On a phone the admin's index, a campaign's page and a company's page
    with its rows fit the screen and pass axe-core."""
    campaign = make_campaign(owner=club_admin, name="Bree", slug="bree")
    hobbits = make_company(campaign, name="Hobbits")
    make_character(hobbits, name="Frodo Baggins")
    visit = open_tab(PHONE, name="admin-a11y-phone")
    admin_log_in(visit)
    visit.check("admin index on a phone")
    page = visit.page
    page.goto(visit.url(f"/admin/campaigns/campaign/{campaign.pk}/change/"))
    visit.check("a campaign on a phone")
    page.goto(visit.url(f"/admin/campaigns/company/{hobbits.pk}/change/"))
    visit.check("a company on a phone")
