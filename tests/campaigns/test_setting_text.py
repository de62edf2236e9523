"""Engine-written text told in a setting's words (campaigns.setting_words):
scenario names, the special scenarios' pieces, the Siege's castle and troop
types; whole words only, capitals kept; nothing changed without a setting or
in the fantasy setting; the scene admin's castle in the campaign's words."""

from __future__ import annotations

import pytest

from campaigns.models import Scene, Setting
from campaigns.services.campaign_start import campaign_start
from campaigns.setting_words import Words, setting_words
from tests.campaigns.admin_helpers import admin_url

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("slug", "said", "told"),
    [
        (
            "historical",
            "Special scenario: D6 2 → Wizard's Tower",
            "Special scenario: D6 2 → The Observation Post",
        ),
        (
            "historical",
            "Full move toward the wizard's tower.",
            "Full move toward the observation post.",
        ),
        (
            "science-fiction",
            "3 VP to the side holding the magic item at the end.",
            "3 VP to the side holding the artefact at the end.",
        ),
        (
            "science-fiction",
            "Treasure Raid: the treasure is carried off.",
            "Salvage Raid: the salvage is carried off.",
        ),
        (
            "historical",
            "The defender holds the castle nearby as its stronghold.",
            "The defender holds the strongpoint nearby as its stronghold.",
        ),
        ("science-fiction", "Monster, Mounted archer", "Xenoform, Bike gunner"),
        ("science-fiction", "the archer falls", "the heavy weapon team falls"),
        ("fantasy", "Full move toward the wizard's tower.", None),
        ("science-fiction", "Castlereagh and Monstera", None),
    ],
)
def test_engine_text_is_told_in_the_settings_words(slug, said, told):
    words = setting_words(Setting.objects.get(slug=slug))
    assert words.text(said) == (said if told is None else told)


def test_without_a_setting_nothing_changes():
    line = {"purpose": "Special scenario", "outcome": "Dragon's Lair", "dice": [2]}
    assert (setting_words(None).all(line), Words().text("Lurker")) == (line, "Lurker")


def test_the_scene_admin_names_the_castle_in_the_campaigns_words(admin_client, user):
    """The "castle nearby" box reads the setting's words, and says what it does."""
    campaign = campaign_start(
        owner=user,
        name="Colony",
        setting=Setting.objects.get(slug="science-fiction"),
        paper_size="A4",
        start="starter",
    )
    scene = Scene.objects.filter(campaign=campaign).first()
    html = admin_client.get(admin_url(Scene, "change", scene.pk)).content.decode()
    assert (
        "A fortified bunker stands nearby" in html,
        "A castle stands nearby" in html,
    ) == (True, False)


def test_an_admin_names_a_scenarios_piece_and_the_engine_text_uses_it(admin_client):
    """A setting made in the admin keeps the Wizard's Tower's piece, and the
    logged "toward the wizard's tower" reads it."""
    admin_client.post(
        admin_url(Setting, "add"),
        {
            "name": "Weird West",
            "slug": "weird-west",
            "castle_words": "A fort stands nearby",
            "scenario_Wizard's Tower__name": "The Water Tower",
            "scenario_Wizard's Tower__objective": "water tower",
        },
    )
    words = setting_words(Setting.objects.get(slug="weird-west"))
    assert words.text("Full move toward the wizard's tower; the castle.") == (
        "Full move toward the water tower; the stronghold."
    )
