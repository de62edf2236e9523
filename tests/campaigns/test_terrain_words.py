"""The setting's words for the terrain a generated battle rolls (RULES §3.13,
issue 30 part 3): every shipped setting names every kind, a sci-fi or
historical wood is no "woods", and a setting made in the admin may give its
own (else the rules' words)."""

from __future__ import annotations

import pytest

from campaigns.genres import SHIPPED
from campaigns.models import Setting
from campaigns.selectors.battlefield import setting_terrain_words
from campaigns.services.builders import user_make_builder
from engines.battlefield.terrain import Piece
from tests.campaigns.admin_helpers import admin_url

pytestmark = pytest.mark.django_db

SHIPPED_SLUGS = [data["slug"] for data in SHIPPED]


@pytest.mark.parametrize("slug", SHIPPED_SLUGS)
@pytest.mark.parametrize("piece", list(Piece))
def test_each_shipped_setting_names_every_kind_of_piece(slug, piece):
    word = Setting.objects.get(slug=slug).terrain_word(piece.value)
    assert word and word == word.strip() and word.lower() == word


@pytest.mark.parametrize(
    ("slug", "woods"),
    [
        ("fantasy", "woods"),
        ("science-fiction", "scrub or wreckage"),
        ("historical", "orchard or copse"),
    ],
)
def test_a_wood_in_each_settings_words(slug, woods):
    assert dict(setting_terrain_words(Setting.objects.get(slug=slug)))["woods"] == woods


def test_a_setting_made_without_words_uses_the_rules_words():
    setting = Setting.objects.create(slug="bare", name="Bare")
    assert setting_terrain_words(setting) == tuple((p.value, p.value) for p in Piece)


def test_no_setting_uses_the_rules_words():
    assert dict(setting_terrain_words(None))["building or ruin"] == "building or ruin"


def test_a_builder_names_the_terrain_of_their_setting(client, django_user_model):
    builder = django_user_model.objects.create_user(username="wes", password="pw")
    user_make_builder(user=builder)
    client.force_login(builder)
    client.post(
        admin_url(Setting, "add"),
        {
            "name": "Weird West",
            "slug": "weird-west",
            "castle_words": "A fort stands nearby",
            "terrain_woods": "cactus patch",
            "terrain_building": "saloon or ruin",
        },
    )
    setting = Setting.objects.get(slug="weird-west")
    words = dict(setting_terrain_words(setting))
    assert (words["woods"], words["building or ruin"], words["hill"]) == (
        "cactus patch",
        "saloon or ruin",
        "hill",
    )
