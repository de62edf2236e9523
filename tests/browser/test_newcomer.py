"""A newcomer in a real browser, on a phone: starts a campaign of their own
from "My campaigns" (a Second World War starter), sets up its first battle and
reads the table's setup on the battle page, which fits the phone's width."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from campaigns.models import Campaign
from campaigns.services.genres import settings_ship
from tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def newcomer(django_user_model):
    settings_ship()  # a transactional test starts from an empty database
    return django_user_model.objects.create_user(username="newt", password="pw-newt-1")


def test_a_newcomer_starts_a_campaign_and_sees_the_table_on_a_phone(open_tab, newcomer):
    visit = open_tab(PHONE)
    page = visit.page
    page.goto(visit.url("/"))
    expect(page.get_by_text("narrative campaigns for solo and co-op")).to_be_visible()
    visit.check("login")
    page.get_by_label("Username").fill("newt")
    page.get_by_label("Password").fill("pw-newt-1")
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="New campaign").click()
    visit.check("new campaign")
    page.get_by_label("Name", exact=True).fill("Arnhem 1944")
    page.get_by_label("Setting", exact=True).select_option(label="Historical")
    page.get_by_label(re.compile("starter campaign")).check()
    page.get_by_role("button", name="Start the campaign").click()
    expect(page.get_by_role("heading", name=re.compile("Arnhem 1944"))).to_be_visible()
    visit.check("dashboard")
    assert Campaign.objects.get(owner=newcomer).setting.slug == "historical"

    page.get_by_role("link", name="Set up battle").first.click()
    page.get_by_role("button", name="Set up battle").click()
    expect(page.get_by_role("heading", name="Set up the table")).to_be_visible()
    expect(page.locator("svg.table-diagram")).to_be_visible()
    expect(page.locator(".table-setup__legend")).to_contain_text("2nd Platoon")
    visit.check("battle page on a phone")
    assert (visit.foreign_requests, visit.console_errors) == ([], [])
