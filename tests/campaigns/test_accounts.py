"""Accounts (SITE.md): the login page says what the site is and how to get an
account; ``SIGNUP_OPEN=1`` opens ``/accounts/signup/``, else it is a 404; the
admin goes back to the campaign after a company is saved."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from campaigns.models import Company
from tests.campaigns.admin_helpers import admin_url, page_form_data

pytestmark = pytest.mark.django_db

SIGNUP = "/accounts/signup/"


def test_the_login_page_says_what_the_site_is(client):
    html = client.get("/accounts/login/").content.decode()
    assert "narrative campaigns for solo and co-op miniatures wargames" in html


def test_with_signup_closed_the_login_page_says_to_ask_the_admin(client, settings):
    settings.SIGNUP_OPEN = False
    html = client.get("/accounts/login/").content.decode()
    assert ("ask them (the site's admin)" in html.replace("&#x27;", "'")) and (
        SIGNUP not in html
    )


def test_with_signup_open_the_login_page_links_to_it(client, settings):
    settings.SIGNUP_OPEN = True
    assert f'href="{SIGNUP}"' in client.get("/accounts/login/").content.decode()


def test_signup_is_a_404_when_closed(client, settings):
    settings.SIGNUP_OPEN = False
    assert client.get(SIGNUP).status_code == 404


def test_signup_makes_a_logged_in_campaign_builder(client, settings):
    """A new account is logged in, lands on My campaigns and may build its own
    campaigns in the admin."""
    settings.SIGNUP_OPEN = True
    response = client.post(
        SIGNUP,
        {
            "username": "newt",
            "password1": "a-long-pass-42",
            "password2": "a-long-pass-42",
        },
    )
    user = get_user_model().objects.get(username="newt")
    assert (
        response["Location"],
        client.get("/").status_code,
        user.has_perm("campaigns.build_campaigns"),
    ) == ("/", 200, True)


def test_signup_refuses_mismatched_passwords_and_saves_nothing(client, settings):
    settings.SIGNUP_OPEN = True
    response = client.post(
        SIGNUP, {"username": "newt", "password1": "a-long-pass-42", "password2": "x"}
    )
    assert (response.status_code, get_user_model().objects.count()) == (200, 0)


def test_saving_a_company_goes_back_to_its_campaign(
    admin_client, campaign, make_company
):
    company = make_company(campaign, name="Rangers")
    url = admin_url(Company, "change", company.pk)
    data = page_form_data(admin_client.get(url))
    response = admin_client.post(url, data)
    assert response["Location"] == admin_url(type(campaign), "change", campaign.pk)
