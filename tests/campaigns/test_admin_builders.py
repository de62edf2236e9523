"""Campaign builders in the admin (SITE.md "Access"): a builder sees and edits
only the campaigns they own and those campaigns' parts, and only the event
decks they made; they can neither list, open, change nor pick (in a dropdown or
an autocomplete) another builder's objects. A superuser sees all."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from campaigns.models import (
    Campaign,
    Character,
    Commander,
    Company,
    EventDeck,
    Scene,
)
from campaigns.services.builders import user_make_builder
from tests.campaigns.admin_helpers import admin_url, page_form_data

pytestmark = pytest.mark.django_db


def build(owner, make_campaign, make_commander, make_company, make_character, tag):
    """A builder's own campaign and parts, every name ending in ``tag``."""
    campaign = make_campaign(owner=owner, name=f"Campaign {tag}", slug=f"c-{tag}")
    commander = make_commander(campaign, name=f"Commander {tag}")
    company = make_company(campaign, name=f"Company {tag}", commander=commander)
    character = make_character(company, name=f"Character {tag}")
    scene = Scene.objects.create(
        campaign=campaign, slug=f"s-{tag}", title=f"Scene {tag}", order=1
    )
    deck = EventDeck.objects.create(slug=f"d-{tag}", name=f"Deck {tag}", owner=owner)
    return SimpleNamespace(
        campaign=campaign,
        commander=commander,
        company=company,
        character=character,
        scene=scene,
        deck=deck,
    )


@pytest.fixture
def world(
    django_user_model, make_campaign, make_commander, make_company, make_character
):
    alice = django_user_model.objects.create_user(username="alice", password="pw")
    bob = django_user_model.objects.create_user(username="bob", password="pw")
    for user in (alice, bob):
        user_make_builder(user=user)
    parts = (make_campaign, make_commander, make_company, make_character)
    return SimpleNamespace(
        alice=alice,
        bob=bob,
        mine=build(alice, *parts, "Alpha"),
        theirs=build(bob, *parts, "Bravo"),
    )


@pytest.fixture
def alice(client, world):
    client.force_login(world.alice)
    return client


LISTED = [Campaign, Company, Character, Commander, Scene, EventDeck]


@pytest.mark.parametrize("model", LISTED)
def test_a_builder_lists_only_their_own(alice, model):
    """Every list shows Alpha's objects, none of Bravo's."""
    html = alice.get(admin_url(model, "changelist")).content.decode()
    assert ("Alpha" in html, "Bravo" in html) == (True, False)


PARTS = ["campaign", "company", "character", "commander", "scene", "deck"]


@pytest.mark.parametrize("part", PARTS)
def test_a_builder_cannot_open_anothers_object(alice, world, part):
    """Another builder's change page does not open (the admin says there is no
    such object) and shows nothing of it."""
    obj = getattr(world.theirs, part)
    response = alice.get(admin_url(type(obj), "change", obj.pk), follow=True)
    html = response.content.decode()
    assert ("Bravo" in html, "adminform" in response.context) == (False, False)


@pytest.mark.parametrize("part", PARTS)
def test_a_builder_opens_their_own_object(alice, world, part):
    obj = getattr(world.mine, part)
    response = alice.get(admin_url(type(obj), "change", obj.pk))
    assert response.status_code == 200


@pytest.mark.parametrize("part", PARTS)
def test_a_builder_cannot_change_or_delete_anothers_object(alice, world, part):
    """A forged change or delete of Bravo's object changes nothing."""
    obj = getattr(world.theirs, part)
    name_field = "title" if part == "scene" else "name"
    alice.post(admin_url(type(obj), "change", obj.pk), {name_field: "Stolen"})
    alice.post(admin_url(type(obj), "delete", obj.pk), {"post": "yes"})
    obj.refresh_from_db()
    assert getattr(obj, name_field).endswith("Bravo")


def test_the_company_page_offers_only_the_builders_commanders(alice, world):
    response = alice.get(admin_url(Company, "change", world.mine.company.pk))
    field = response.context["adminform"].form.fields["commander"]
    assert [c.name for c in field.queryset] == ["Commander Alpha"]


def test_the_campaign_page_offers_own_and_site_decks_only(alice, world):
    """The event deck dropdown: Alpha's deck and the site's own, never Bravo's."""
    EventDeck.objects.create(slug="site", name="Site deck")
    response = alice.get(admin_url(Campaign, "change", world.mine.campaign.pk))
    field = response.context["adminform"].form.fields["event_deck"]
    assert sorted(d.name for d in field.queryset) == ["Deck Alpha", "Site deck"]


def test_a_forged_pick_of_anothers_deck_is_refused(alice, world):
    """Posting Bravo's deck id on Alpha's campaign is a form error, not a save."""
    url = admin_url(Campaign, "change", world.mine.campaign.pk)
    data = page_form_data(alice.get(url))
    data["event_deck"] = str(world.theirs.deck.pk)
    response = alice.post(url, data)
    world.mine.campaign.refresh_from_db()
    assert (response.status_code, world.mine.campaign.event_deck_id) == (200, None)


@pytest.mark.parametrize(
    ("model_name", "field_name", "scope"),
    [
        ("character", "company", {}),
        ("scenecompany", "allowed_characters", {}),
        ("scene", "next_on_victory", {}),
        ("persistingwound", "character", {}),
    ],
)
def test_no_autocomplete_offers_anothers_objects(
    alice, world, model_name, field_name, scope
):
    """Searching every autocomplete box for "Bravo" finds nothing."""
    response = alice.get(
        "/admin/autocomplete/",
        {
            "term": "Bravo",
            "app_label": "campaigns",
            "model_name": model_name,
            "field_name": field_name,
            **scope,
        },
    )
    results = response.json()["results"] if response.status_code == 200 else []
    assert [r for r in results if "Bravo" in r["text"]] == []


def test_the_company_autocomplete_finds_the_builders_own(alice, world):
    response = alice.get(
        "/admin/autocomplete/",
        {
            "term": "Company",
            "app_label": "campaigns",
            "model_name": "character",
            "field_name": "company",
        },
    )
    assert [r["text"] for r in response.json()["results"]] == ["Company Alpha"]


def test_an_add_page_for_anothers_campaign_asks_among_ones_own(alice, world):
    """``?campaign=<Bravo's>`` is not taken: the page goes on with Alpha's."""
    url = admin_url(Company, "add") + f"?campaign={world.theirs.campaign.pk}"
    response = alice.get(url)
    assert response["Location"].endswith(f"campaign={world.mine.campaign.pk}")


def test_a_character_can_be_added_only_to_ones_own_companies(alice, world):
    """The character page's company box accepts Alpha's company alone."""
    response = alice.get(admin_url(Character, "add"))
    field = response.context["adminform"].form.fields["company"]
    assert [c.name for c in field.queryset] == ["Company Alpha"]


def test_a_builders_new_campaign_is_their_own_and_adds_no_member(alice, world):
    """The owner is not asked: a campaign a builder adds is theirs. Members
    join by invitation: a username slipped into the post adds no one."""
    alice.post(
        admin_url(Campaign, "add"),
        {
            "name": "Fresh",
            "slug": "fresh",
            "member_names": "bob",
            "paper_size": "A4",
            "commanders-TOTAL_FORMS": "0",
            "commanders-INITIAL_FORMS": "0",
        },
    )
    campaign = Campaign.objects.get(slug="fresh")
    assert (campaign.owner, list(campaign.members.all())) == (world.alice, [])


def test_a_builders_new_deck_is_their_own(alice, world):
    alice.post(admin_url(EventDeck, "add"), {"name": "Mine", "slug": "mine-deck"})
    assert EventDeck.objects.get(slug="mine-deck").owner == world.alice


def test_the_sites_own_deck_is_picked_but_not_changed(alice):
    deck = EventDeck.objects.create(slug="site", name="Site deck")
    alice.post(admin_url(EventDeck, "change", deck.pk), {"name": "Mine", "slug": "x"})
    deck.refresh_from_db()
    assert deck.name == "Site deck"


@pytest.mark.parametrize("model", LISTED)
def test_a_superuser_sees_everyones(admin_client, world, model):
    html = admin_client.get(admin_url(model, "changelist")).content.decode()
    assert ("Alpha" in html, "Bravo" in html) == (True, True)


def test_the_demo_user_is_a_builder(demo_campaign):
    """``make run``'s demo user may build campaigns in the admin."""
    owner = demo_campaign.owner
    assert (owner.is_staff, owner.has_perm("campaigns.build_campaigns")) == (
        True,
        True,
    )


def test_a_builder_types_no_members_usernames(alice, world):
    """Members join by invitation: the builder's campaign page has no members
    box and so never says whether a username exists."""
    url = admin_url(Campaign, "change", world.mine.campaign.pk)
    form = alice.get(url).context["adminform"].form
    assert {"members", "member_names"} & set(form.fields) == set()


def test_a_builder_sees_their_campaigns_members_and_how_players_join(alice, world):
    world.mine.campaign.members.add(world.bob)
    html = alice.get(admin_url(Campaign, "change", world.mine.campaign.pk))
    text = html.content.decode()
    assert "bob. Players join by an invitation link" in text


def test_a_superuser_still_picks_members(admin_client, world):
    url = admin_url(Campaign, "change", world.mine.campaign.pk)
    form = admin_client.get(url).context["adminform"].form
    assert "members" in form.fields
