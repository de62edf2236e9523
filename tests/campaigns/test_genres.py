"""Settings (issue 25 part 1): the three shipped settings and their words,
edited in the admin, carried by export and import by value."""

from __future__ import annotations

import pytest

from campaigns.models import Setting
from campaigns.services.builders import user_make_builder
from campaigns.transfer import CampaignImportError, campaign_export, campaign_import
from engines.enums import Scenario, TroopType
from tests.campaigns.admin_helpers import admin_url

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("slug", "troop", "name"),
    [
        ("fantasy", TroopType.ARCHER, "Archer"),
        ("science-fiction", TroopType.MAGICIAN, "Psyker"),
        ("historical", TroopType.ARCHER, "Support weapon"),
        ("historical", TroopType.CAVALRY, "Cavalry"),
    ],
)
def test_each_shipped_setting_names_every_troop_type(slug, troop, name):
    setting = Setting.objects.get(slug=slug)
    assert (setting.troop_name(troop.value), len(setting.troop_words)) == (
        name,
        len(TroopType),
    )


@pytest.mark.parametrize(
    ("slug", "scenario", "name"),
    [
        ("fantasy", Scenario.DRAGONS_LAIR, "Dragon's Lair"),
        ("science-fiction", Scenario.SEIZE_MAGIC_ITEM, "Recover the Artefact"),
        ("historical", Scenario.WIZARDS_TOWER, "The Observation Post"),
    ],
)
def test_each_shipped_setting_names_every_scenario(slug, scenario, name):
    setting = Setting.objects.get(slug=slug)
    assert (setting.scenario_name(scenario.value), len(setting.scenario_words)) == (
        name,
        len(Scenario),
    )


@pytest.fixture
def weird_west(campaign):
    setting = Setting.objects.create(
        slug="weird-west",
        name="Weird West",
        castle_words="A fort stands nearby",
        troop_words={"magician": {"name": "Hexslinger", "description": "Magic."}},
    )
    campaign.setting = setting
    campaign.save(update_fields=["setting"])
    return setting


def test_an_export_carries_the_setting_whole(campaign, weird_west):
    setting = campaign_export(campaign=campaign)["setting"]
    assert (setting["name"], setting["troop_words"]["magician"]["name"]) == (
        "Weird West",
        "Hexslinger",
    )


def test_an_import_shares_an_identical_setting(campaign, weird_west, other_user):
    copy = campaign_import(data=campaign_export(campaign=campaign), owner=other_user)
    assert copy.campaign.setting == weird_west


def test_an_import_never_changes_a_different_setting_of_the_same_slug(
    campaign, weird_west, other_user
):
    """The file's words win for the import, under a fresh slug; the site's
    setting keeps its own."""
    document = campaign_export(campaign=campaign)
    document["setting"]["castle_words"] = "A mission stands nearby"
    copy = campaign_import(data=document, owner=other_user).campaign
    weird_west.refresh_from_db()
    assert (
        copy.setting.slug,
        copy.setting.castle_words,
        copy.setting.owner,
        weird_west.castle_words,
    ) == ("weird-west-2", "A mission stands nearby", other_user, "A fort stands nearby")


def test_an_import_onto_a_site_without_the_setting_makes_it(campaign, other_user):
    document = campaign_export(campaign=campaign)
    document["setting"] = {
        "slug": "gothic",
        "name": "Gothic horror",
        "description": "",
        "castle_words": "A ruined abbey stands nearby",
        "troop_words": {},
        "scenario_words": {},
    }
    copy = campaign_import(data=document, owner=other_user).campaign
    assert copy.setting.name == "Gothic horror"


def test_a_document_without_a_setting_imports_with_none(campaign, other_user):
    document = campaign_export(campaign=campaign)
    del document["setting"]
    assert campaign_import(data=document, owner=other_user).campaign.setting is None


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("nonsense", "setting: must be an object or null"),
        ({"slug": "x", "name": "X", "flavour": 1}, "setting.flavour: unknown field"),
        ({"slug": "x", "name": "X", "troop_words": [1]}, "setting.troop_words"),
    ],
)
def test_a_bad_setting_is_refused_by_path_and_nothing_written(
    campaign, other_user, bad, message
):
    document = campaign_export(campaign=campaign)
    document["setting"] = bad
    with pytest.raises(CampaignImportError, match=message):
        campaign_import(data=document, owner=other_user)


def test_a_builder_adds_a_setting_of_their_own(client, django_user_model):
    builder = django_user_model.objects.create_user(username="wes", password="pw")
    user_make_builder(user=builder)
    client.force_login(builder)
    client.post(
        admin_url(Setting, "add"),
        {
            "name": "Weird West",
            "slug": "weird-west",
            "castle_words": "A fort stands nearby",
            "troop_magician__name": "Hexslinger",
        },
    )
    setting = Setting.objects.get(slug="weird-west")
    assert (setting.owner, setting.troop_name("magician")) == (builder, "Hexslinger")


def test_a_builder_cannot_change_the_sites_setting(client, django_user_model):
    builder = django_user_model.objects.create_user(username="wes", password="pw")
    user_make_builder(user=builder)
    client.force_login(builder)
    fantasy = Setting.objects.get(slug="fantasy")
    client.post(
        admin_url(Setting, "change", fantasy.pk),
        {"name": "Mine", "slug": "fantasy", "castle_words": "x"},
    )
    fantasy.refresh_from_db()
    assert fantasy.name == "Fantasy"
