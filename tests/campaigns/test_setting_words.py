"""A campaign's setting's words on its pages (issue 25 part 1): troop types on
rosters, character pages and the setup form, scenario names on the battle,
result and resolution pages and in the chronicle."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import Battle, Character, Setting
from campaigns.selectors.battles import battle_url as url
from campaigns.selectors.lineup import scene_lineup
from campaigns.services.battle_setup import battle_set_up
from campaigns.services.campaign_start import campaign_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def colony(user):
    """The science-fiction starter, its first battle set up as a Wizard's Tower."""
    campaign = campaign_start(
        owner=user,
        name="Colony",
        setting=Setting.objects.get(slug="science-fiction"),
        paper_size="A4",
        start="starter",
    )
    scene = campaign.current_scene()
    fit = [c.character.pk for c in scene_lineup(scene=scene).default_participants()]
    battle = battle_set_up(scene=scene, stance="attack", participant_ids=fit, seed=1)
    Battle.objects.filter(pk=battle.pk).update(scenario_name="Wizard's Tower")
    battle.refresh_from_db()
    return battle


def text(client, address: str) -> str:
    return client.get(address).content.decode().replace("&#x27;", "'")


def test_a_roster_names_troop_types_in_the_settings_words(owner, colony):
    drones = colony.campaign.companies.get(name="Feral Drones")
    html = text(
        owner,
        reverse(
            "campaigns:company",
            kwargs={"slug": colony.campaign.slug, "company_id": drones.pk},
        ),
    )
    assert ("Xenoform" in html, "Monster" in html) == (True, False)


def test_a_character_page_names_its_troop_type_in_the_settings_words(owner, colony):
    vasquez = Character.objects.get(name="Dr. Vasquez")
    html = text(
        owner,
        reverse(
            "campaigns:character",
            kwargs={"slug": colony.campaign.slug, "character_id": vasquez.pk},
        ),
    )
    assert ("Militia of" in html, "Auxiliary" in html) == (True, False)


@pytest.mark.parametrize("page", ["battle_detail", "result_entry"])
def test_a_scenario_is_named_in_the_settings_words(owner, colony, page):
    html = text(owner, url(page, colony))
    assert ("The Relay Station" in html, "Wizard's Tower" in html) == (True, False)


FANTASY_ONLY = (
    "Magician",
    "Rogue",
    "Lurker",
    "Monster",
    "Flyer",
    "Airship",
    "Auxiliary",
    "Wizard",
    "Dragon",
    "Magic Item",
)


def test_a_science_fiction_campaigns_pages_speak_no_fantasy(owner, colony):
    """Dashboard, rosters, characters, the setup form, the battle and result
    pages: none of the fantasy words the rules' own names carry."""
    slug = colony.campaign.slug
    pages = [
        reverse("campaigns:dashboard", kwargs={"slug": slug}),
        url("battle_detail", colony),
        url("result_entry", colony),
        *[
            reverse("campaigns:company", kwargs={"slug": slug, "company_id": c.pk})
            for c in colony.campaign.companies.all()
        ],
        *[
            reverse("campaigns:character", kwargs={"slug": slug, "character_id": c.pk})
            for c in Character.objects.filter(company__campaign=colony.campaign)
        ],
    ]
    found = {
        page: [word for word in FANTASY_ONLY if word in text(owner, page)]
        for page in pages
    }
    assert {page: words for page, words in found.items() if words} == {}
