"""Everything an import creates belongs to the importer: its event deck and its
setting too, whatever their slug; nothing imported is ever site-wide."""

from __future__ import annotations

import copy
import json

import pytest
from django.conf import settings as django_settings

from campaigns.admin.builders import owned
from campaigns.models import EventDeck, Setting
from campaigns.services.builders import user_make_builder
from campaigns.transfer import campaign_export, campaign_import, event_deck_import

pytestmark = pytest.mark.django_db

STREETS = django_settings.BASE_DIR / "fixtures" / "event_decks" / "streets.json"


@pytest.fixture
def site_deck():
    """The site's own "Alone on the Streets" (no owner), as seed_demo loads it."""
    return event_deck_import(data=json.loads(STREETS.read_text()))


@pytest.fixture
def importer(django_user_model):
    user = django_user_model.objects.create_user(username="merry", password="pw")
    user_make_builder(user=user)
    return user


@pytest.fixture
def builder(django_user_model):
    user = django_user_model.objects.create_user(username="pippin", password="pw")
    user_make_builder(user=user)
    return user


def _deck_document(deck: EventDeck) -> dict:
    return {
        "slug": deck.slug,
        "name": deck.name,
        "description": deck.description,
        "events": [
            {"card": e.card, "title": e.title, "text": e.text}
            for e in deck.events.all()
        ],
    }


@pytest.fixture
def spoof(campaign, site_deck) -> dict:
    """A campaign file whose deck takes the site deck's slug and name, with one
    event rewritten."""
    document = campaign_export(campaign=campaign)
    deck = _deck_document(site_deck)
    deck["events"][0]["title"] = "Hand over your wallet"
    document["event_deck"] = deck
    document["campaign"]["random_events"] = True
    return document


def test_a_look_alike_site_deck_becomes_the_importers_own(spoof, importer, site_deck):
    deck = campaign_import(data=spoof, owner=importer).campaign.event_deck
    assert (deck.slug, deck.name, deck.owner) == (
        "streets-2",
        "Alone on the Streets",
        importer,
    )


def test_a_look_alike_site_deck_is_not_offered_to_another_builder(
    spoof, importer, builder, site_deck
):
    """Another builder's deck choices are the site's decks and their own."""
    campaign_import(data=spoof, owner=importer)
    offered = owned(EventDeck.objects.all(), builder, picking=True)
    assert list(offered) == [site_deck]


def test_a_look_alike_site_deck_leaves_the_site_deck_as_it_was(
    spoof, importer, site_deck
):
    before = _deck_document(site_deck)
    campaign_import(data=spoof, owner=importer)
    site_deck.refresh_from_db()
    assert (_deck_document(site_deck), site_deck.owner) == (before, None)


def test_nothing_an_import_creates_is_site_wide(spoof, importer):
    spoof["setting"] = {
        "slug": "gothic",
        "name": "Gothic horror",
        "description": "",
        "castle_words": "A ruined abbey stands nearby",
        "troop_words": {},
        "scenario_words": {},
    }
    campaign_import(data=spoof, owner=importer)
    assert (
        EventDeck.objects.filter(owner=None).count(),
        Setting.objects.filter(owner=None, slug__startswith="gothic").count(),
    ) == (1, 0)


def test_the_site_deck_itself_is_shared_when_identical(campaign, importer, site_deck):
    document = campaign_export(campaign=campaign)
    document["event_deck"] = _deck_document(site_deck)
    imported = campaign_import(data=document, owner=importer).campaign
    assert imported.event_deck == site_deck


def test_another_builders_identical_deck_is_copied_not_shared(
    campaign, importer, builder, site_deck
):
    """Sharing it would let its builder change the importer's campaign."""
    theirs = event_deck_import(data={**_deck_document(site_deck), "slug": "mine"})
    theirs.owner = builder
    theirs.save(update_fields=["owner"])
    document = campaign_export(campaign=campaign)
    document["event_deck"] = _deck_document(theirs)
    deck = campaign_import(data=document, owner=importer).campaign.event_deck
    assert (deck.slug, deck.owner) == ("mine-2", importer)


def test_the_importers_own_identical_deck_is_shared(campaign, importer, spoof):
    first = campaign_import(data=spoof, owner=importer).campaign.event_deck
    again = campaign_import(data=copy.deepcopy(spoof), owner=importer)
    assert again.campaign.event_deck == first


def test_another_builders_identical_setting_is_copied_not_shared(
    campaign, importer, builder
):
    words = {
        "slug": "gothic",
        "name": "Gothic horror",
        "description": "",
        "castle_words": "A ruined abbey stands nearby",
        "troop_words": {},
        "scenario_words": {},
    }
    Setting.objects.create(owner=builder, **words)
    document = campaign_export(campaign=campaign)
    document["setting"] = words
    setting = campaign_import(data=document, owner=importer).campaign.setting
    assert (setting.slug, setting.owner) == ("gothic-2", importer)


def test_the_importers_own_setting_copy_is_shared_on_the_next_import(
    campaign, importer, builder
):
    words = {
        "slug": "gothic",
        "name": "Gothic horror",
        "description": "",
        "castle_words": "A ruined abbey stands nearby",
        "troop_words": {},
        "scenario_words": {},
    }
    Setting.objects.create(owner=builder, **words)
    document = campaign_export(campaign=campaign)
    document["setting"] = words
    first = campaign_import(data=document, owner=importer).campaign.setting
    again = campaign_import(data=copy.deepcopy(document), owner=importer)
    assert again.campaign.setting == first
