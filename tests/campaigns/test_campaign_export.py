"""campaign_export: one JSON document with everything of a campaign, refs for ids."""

from __future__ import annotations

import json

import pytest
from django.apps import apps

from campaigns.models import Campaign, Character, Effect, Scene, Setting
from campaigns.transfer import campaign_export, campaign_export_json
from campaigns.transfer.document import (
    FORMAT,
    SCHEMA_VERSION,
    SETTING_KEYS,
    campaign_kind,
    event_deck_kinds,
    excluded,
    kinds,
)
from tests.campaigns.transfer_helpers import play_demo

pytestmark = pytest.mark.django_db

COLLECTIONS = [kind.key for kind in kinds()]


def exported_fields(model) -> set[str]:
    """The model's field names that are document values."""
    if model is Setting:
        # It travels whole as the document's "setting" (campaigns.transfer.genres).
        return set(SETTING_KEYS)
    every = [*kinds(), campaign_kind(), *event_deck_kinds()]
    kind = next((k for k in every if k.model is model), None)
    # A model that does not travel (invitations) exports nothing: every one of
    # its fields is then listed as left out, with why.
    return set() if kind is None else {v.field.name for v in kind.values}


@pytest.fixture
def world(settings, tmp_path):
    return play_demo(settings=settings, tmp_path=tmp_path)


@pytest.fixture
def document(world):
    return campaign_export(campaign=world.campaign)


@pytest.mark.parametrize(
    "model", list(apps.get_app_config("campaigns").get_models()), ids=str
)
def test_every_field_of_every_model_is_exported_or_excluded_with_a_reason(model):
    """A new model field travels, or is listed as left out, never forgotten."""
    fields = {f.name for f in [*model._meta.concrete_fields, *model._meta.many_to_many]}
    leftover = fields - exported_fields(model) - set(excluded(model))
    assert leftover == set()


def test_no_field_is_both_exported_and_excluded():
    models = apps.get_app_config("campaigns").get_models()
    assert all(not (exported_fields(m) & set(excluded(m))) for m in models)


def test_the_document_names_its_format_and_schema_version(document):
    assert (document["format"], document["schema_version"]) == (FORMAT, SCHEMA_VERSION)


def test_the_document_has_the_campaign_its_deck_and_every_collection(document):
    expected = [
        "format",
        "schema_version",
        "owner",
        "campaign",
        "event_deck",
        "setting",
    ]
    assert list(document) == expected + COLLECTIONS


def test_a_played_campaign_fills_every_collection(document):
    """The played demo has something of every kind, so the round trip tests all."""
    empty = [key for key in COLLECTIONS if not document[key]]
    assert empty == []


def test_the_owner_and_the_members_are_usernames(world, document):
    assert (document["owner"], document["campaign"]["members"]) == (
        "demo",
        ["sam-member"],
    )


def test_the_event_deck_travels_whole_with_its_twelve_events(document):
    deck = document["event_deck"]
    assert (deck["slug"], len(deck["events"])) == ("middle-earth", 12)


def test_refs_count_from_one_in_each_collection(document):
    assert all(
        [item["ref"] for item in document[key]]
        == list(range(1, len(document[key]) + 1))
        for key in COLLECTIONS
    )


def test_no_database_id_is_left_in_references(world, document):
    """A battle's scene is the ref of its scene in the document, not its pk."""
    scene_refs = {item["slug"]: item["ref"] for item in document["scenes"]}
    battle = world.battles[-1]
    exported = next(b for b in document["battles"] if b["number"] == battle.number)
    assert exported["scene"] == scene_refs[battle.scene.slug]


def test_a_battle_setup_names_its_characters_by_ref(world, document):
    characters = {c["ref"]: c["name"] for c in document["characters"]}
    battle = document["battles"][-1]
    named = [
        (characters[int(c["key"])], c["name"])
        for c in battle["setup_data"]["characters"]
    ]
    assert all(ours == theirs for ours, theirs in named)


def test_earlier_setups_name_their_characters_by_ref_too(document):
    characters = {c["ref"]: c["name"] for c in document["characters"]}
    earlier = document["battles"][-1]["previous_setups"][0]["setup"]["characters"]
    assert all(characters[int(c["key"])] == c["name"] for c in earlier)


def test_the_quarry_of_a_pursuit_scene_is_a_list_of_character_refs(document):
    characters = {c["ref"]: c["name"] for c in document["characters"]}
    bridge = next(s for s in document["scenes"] if s["slug"] == "bree-bridge")
    assert [characters[ref] for ref in bridge["quarry"]] == ["Frodo Baggins"]


def test_sub_scenes_name_their_larger_battle_by_ref(document):
    scenes = {s["ref"]: s for s in document["scenes"]}
    subs = [s for s in document["scenes"] if s["kind"] == "sub_scene"]
    assert {scenes[s["parent"]]["kind"] for s in subs} == {"larger_battle"}


def test_a_commander_changed_by_hand_names_who_changed_it(document):
    by_hand = [
        c for c in document["commander_changes"] if c["reason"] == "Tested by hand"
    ]
    assert [c["changed_by"] for c in by_hand] == ["demo"]


def test_an_effect_names_its_target_by_ref_in_its_collection(world, document):
    effect = Effect.objects.filter(
        battle__campaign=world.campaign, target_model="character"
    ).first()
    character = Character.objects.get(pk=effect.target_id)
    exported = next(
        e for e in document["effects"] if e["description"] == effect.description
    )
    target = document["characters"][exported["target"] - 1]
    assert target["name"] == character.name


def test_an_effect_snapshot_names_other_rows_by_ref(document):
    """A new wound's snapshot holds its character as a ref, like the wound does."""
    opened = next(e for e in document["effects"] if e["kind"] == "wound_opened")
    wound = document["wounds"][opened["target"] - 1]
    assert opened["after"]["character_id"] == wound["character"]


def test_the_text_export_is_the_same_document(world, document):
    text = campaign_export_json(campaign=world.campaign)
    assert json.loads(text) == document


def test_the_text_export_puts_one_object_per_line(world, document):
    lines = campaign_export_json(campaign=world.campaign).splitlines()
    per_list = [len(document[key]) + 2 if document[key] else 1 for key in COLLECTIONS]
    assert len(lines) == 8 + sum(per_list)


def test_an_empty_campaign_exports_empty_collections(campaign):
    document = campaign_export(campaign=campaign)
    assert all(document[key] == [] for key in COLLECTIONS)


def test_another_campaign_stays_out_of_the_export(world, campaign, make_scene):
    make_scene(campaign, slug="not-ours", title="Not ours")
    document = campaign_export(campaign=world.campaign)
    assert "not-ours" not in {s["slug"] for s in document["scenes"]}


def test_the_export_reads_only_a_few_queries(world, django_assert_max_num_queries):
    """One query per collection (and the deck, users, many-to-many), not per row."""
    campaign = Campaign.objects.select_related("owner", "event_deck", "setting").get(
        pk=world.campaign.pk
    )
    with django_assert_max_num_queries(len(COLLECTIONS) + 6):
        campaign_export(campaign=campaign)


def test_scene_count_matches_the_campaign(world, document):
    assert (
        len(document["scenes"]) == Scene.objects.filter(campaign=world.campaign).count()
    )
