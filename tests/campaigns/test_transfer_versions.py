"""A version 1 document (before the battlefield as data) still imports.

``data/campaign_version_1.json`` is a real version 1 document: the demo after
its first battle, exported, with every value version 2 added taken out (also
from effect snapshots), no ``scene_features`` and ``schema_version`` 1.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from campaigns.models import Battle, SceneCompany
from campaigns.services.result_reopen import result_reopen
from campaigns.transfer import campaign_export, campaign_import
from campaigns.transfer.document import SCHEMA_VERSION
from campaigns.transfer.versions import document_upgrade
from tests.campaigns.transfer_helpers import set_up

pytestmark = pytest.mark.django_db

VERSION_1 = Path(__file__).parent / "data" / "campaign_version_1.json"
ADDED_IN_2 = {
    "scenes": {"sight_limit", "battle_length", "scores_victory_points"},
    "scene_companies": {"deployment", "deployment_radius", "allowed_characters"},
    "objectives": {"x", "y", "carried_by"},
    "wounds": {"attack_modifier", "defence_modifier", "move_modifier"},
}


@pytest.fixture
def document() -> dict:
    return json.loads(VERSION_1.read_text())


@pytest.fixture
def imported(document, user):
    return campaign_import(data=VERSION_1.read_bytes(), owner=user).campaign


def test_the_file_is_a_version_1_document(document):
    """Nothing of version 2 is in it, so the test below reads what it says."""
    added = {
        key
        for collection, keys in ADDED_IN_2.items()
        for item in document[collection]
        for key in keys & item.keys()
    }
    assert (document["schema_version"], "scene_features" in document, added) == (
        1,
        False,
        set(),
    )


def test_a_version_1_document_imports_whole(document, imported):
    exported = campaign_export(campaign=imported)
    lists = [key for key, value in document.items() if isinstance(value, list)]
    assert {key: len(exported[key]) for key in lists} == {
        key: len(document[key]) for key in lists
    }


def test_values_version_1_lacked_take_their_defaults(imported):
    scene = imported.scenes.get(slug="weathertop")
    assert (scene.sight_limit, scene.battle_length, scene.scores_victory_points) == (
        None,
        6,
        False,
    )


def test_a_company_entering_at_the_centre_deploys_in_a_centre_circle(imported):
    """As the database migration did for rows that were there (radius 6)."""
    centre = SceneCompany.objects.filter(scene__campaign=imported, entry_edge="centre")
    assert centre.exists()
    assert set(centre.values_list("deployment", "deployment_radius")) == {("centre", 6)}


def test_the_imported_campaign_exports_as_the_current_version(imported):
    exported = campaign_export(campaign=imported)
    assert (exported["schema_version"], exported["scene_features"]) == (
        SCHEMA_VERSION,
        [],
    )


def test_play_goes_on_with_the_next_scene(imported):
    battle = set_up(imported, seed=5)
    assert (battle.scene.slug, battle.number) == ("bree-bridge", 2)


def test_the_imported_result_can_be_reopened_exactly(imported):
    """The effects' snapshots lack the version 2 columns, and still match."""
    battle = imported.battles.get(status="resolved")
    result_reopen(battle=battle)
    assert Battle.objects.get(pk=battle.pk).status == "planned"


def test_a_version_3_document_is_not_changed():
    document = {"schema_version": 3, "scene_companies": [{"entry_edge": "centre"}]}
    assert document_upgrade(document) is document


def test_a_version_1_company_with_a_deployment_keeps_it():
    entry = {"entry_edge": "centre", "deployment": "anywhere"}
    upgraded = document_upgrade({"schema_version": 1, "scene_companies": [entry]})
    assert upgraded["scene_companies"] == [entry]


def test_the_upgrade_leaves_the_read_document_as_it_was(document):
    before = json.dumps(document)
    document_upgrade(document)
    assert json.dumps(document) == before
