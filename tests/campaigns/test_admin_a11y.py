"""The admin's tabular inlines for screen readers and axe-core (issue 26 part
6): each field named by its column and its row, no empty header cell."""

from __future__ import annotations

import re

import pytest

from campaigns.models import Campaign, Company
from tests.campaigns.admin_helpers import admin_url

pytestmark = pytest.mark.django_db


def tag(html: str, name: str) -> str:
    """The page's form control called ``name``."""
    return re.search(rf'<(?:input|select|textarea)[^>]*name="{name}"[^>]*>', html)[0]


def test_each_inline_field_is_named_by_its_column_and_row(
    admin_client, campaign, make_company, make_character
):
    """A saved row's boxes say which row they are in, the copied "new" row's
    say they are new, and a saved row's delete box says what it deletes."""
    company = make_company(campaign, name="Hobbits")
    make_character(company, name="Frodo Baggins")

    html = admin_client.get(admin_url(Company, "change", company.pk)).content.decode()

    assert 'aria-label="Name (character 1)"' in tag(html, "characters-0-name")
    assert 'aria-label="Name (new character)"' in tag(
        html, "characters-__prefix__-name"
    )
    assert 'aria-label="Delete (character 1)"' in tag(html, "characters-0-DELETE")


def test_no_inline_header_cell_is_empty(admin_client, campaign, make_company):
    """The header above the rows' titles, and above the delete boxes where
    rows cannot be deleted, has words for screen readers."""
    company = make_company(campaign, name="Hobbits")

    html = admin_client.get(admin_url(Company, "change", company.pk)).content.decode()

    headers = re.findall(r"<th[^>]*>(.*?)</th>", html, re.S)
    assert headers
    assert all(re.sub(r"<[^>]*>", "", cell).strip() for cell in headers)
    assert (
        '<th class="original"><span class="visually-hidden">Character</span></th>'
        in html
    )


def test_a_read_only_table_can_be_focused_to_scroll_it(admin_client, campaign):
    """The campaign's scenes, a table with no field (and, with no scene, no
    link): a phone scrolls it sideways, from the keyboard once focused. An
    editable table is not a stop of its own."""
    html = admin_client.get(admin_url(Campaign, "change", campaign.pk)).content.decode()

    scenes = re.search(r'<div[^>]*id="scenes-group"[^>]*>', html)[0]
    assert 'tabindex="0"' in scenes
    assert 'aria-labelledby="scenes-heading"' in scenes
    commanders = re.search(r'<div[^>]*id="commanders-group"[^>]*>', html)[0]
    assert "tabindex" not in commanders
