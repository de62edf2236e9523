"""A builder rolls a battlefield for a generated scene, looks at it and keeps
it as the scene's own terrain (RULES §3.13, issue 30 part 4)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from campaigns.models import Campaign, Setting
from campaigns.selectors.readiness import campaign_readiness
from campaigns.services.campaign_start import campaign_start
from campaigns.services.scene_terrain import (
    scene_terrain_keep,
    scene_terrain_problem,
    scene_terrain_roll,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def starter(user) -> Campaign:
    return campaign_start(
        owner=user,
        name="Sand",
        setting=Setting.objects.get(slug="science-fiction"),
        paper_size="A4",
        start="starter",
    )


def test_a_seed_always_rolls_the_same_table(starter):
    scene = starter.current_scene()
    first = scene_terrain_roll(scene=scene, seed=5)
    assert first.features == scene_terrain_roll(scene=scene, seed=5).features
    assert 4 <= len(first.features) <= 6


def test_the_roll_names_pieces_in_the_settings_words(starter):
    scene = starter.current_scene()
    words = set(starter.setting.terrain_words.values())
    for seed in range(10):
        names = {f.name for f in scene_terrain_roll(scene=scene, seed=seed).features}
        assert names <= words


def test_a_kept_table_becomes_the_scenes_own_and_is_rolled_no_more(starter):
    scene = starter.current_scene()
    rolled = scene_terrain_roll(scene=scene, seed=5)
    scene_terrain_keep(scene=scene, seed=5)
    kept = list(scene.features.order_by("order"))
    assert [(f.name, f.x, f.y, f.cover) for f in kept] == [
        (f.name, f.x, f.y, f.cover.value) for f in rolled.features
    ]
    assert "has terrain features of its own" in scene_terrain_problem(scene=scene)
    with pytest.raises(ValidationError):
        scene_terrain_keep(scene=scene, seed=6)
    assert scene.features.count() == len(kept)


def test_a_bad_seed_is_refused_and_nothing_is_kept(starter):
    scene = starter.current_scene()
    with pytest.raises(ValidationError):
        scene_terrain_keep(scene=scene, seed=-1)
    assert not scene.features.exists()


def test_the_readiness_panel_says_the_terrain_is_rolled(starter):
    readiness = campaign_readiness(campaign=starter)
    assert readiness.gaps == ()
    assert any("terrain is rolled for each battle" in n.text for n in readiness.notes)


def test_the_admin_shows_a_rolled_table_and_keeps_it(admin_client, starter):
    scene = starter.current_scene()
    url = reverse("admin:campaigns_scene_terrain", args=[scene.pk])
    page = admin_client.get(url, {"seed": "5"})
    assert page.status_code == 200
    assert "Keep this table as the scene" in page.content.decode()
    bad = admin_client.get(url, {"seed": "x"})
    assert "A seed is a whole number" in bad.content.decode()
    kept = admin_client.post(url, {"seed": "5"})
    assert kept.status_code == 302
    assert scene.features.count() == len(
        scene_terrain_roll(scene=scene, seed=5).features
    )
    assert scene.features.exists()


def test_a_settings_terrain_words_travel_with_an_export():
    from campaigns.transfer.errors import ErrorList
    from campaigns.transfer.genres import setting_check, setting_export

    setting = Setting.objects.get(slug="historical")
    exported = setting_export(setting)
    assert exported["terrain_words"]["woods"] == "orchard or copse"
    errors = ErrorList()
    assert setting_check(exported, errors)["terrain_words"] == setting.terrain_words
    assert not errors


def test_an_older_file_without_terrain_words_gets_the_shipped_ones():
    from campaigns.transfer.errors import ErrorList
    from campaigns.transfer.genres import setting_check, setting_export

    older = setting_export(Setting.objects.get(slug="science-fiction"))
    del older["terrain_words"]
    words = setting_check(older, ErrorList())["terrain_words"]
    assert words["woods"] == "scrub or wreckage"


def test_bad_terrain_words_are_refused_with_a_message():
    from campaigns.transfer.errors import ErrorList
    from campaigns.transfer.genres import setting_check, setting_export

    raw = setting_export(Setting.objects.get(slug="fantasy")) | {
        "terrain_words": {"woods": 3}
    }
    errors = ErrorList()
    setting_check(raw, errors)
    assert errors


def test_the_battle_page_shows_the_rolled_terrain(owner, starter):
    from campaigns.printing.diagram import TERRAIN_ROLLED
    from campaigns.selectors.lineup import scene_lineup
    from campaigns.services.battle_setup import battle_set_up
    from engines.battlefield import Battlefield

    scene = starter.current_scene()
    ids = scene_lineup(scene=scene).default_participant_ids()
    battle = battle_set_up(scene=scene, stance="attack", participant_ids=ids, seed=3)
    page = owner.get(
        reverse(
            "campaigns:battle_detail",
            kwargs={"slug": starter.slug, "battle_id": battle.pk},
        )
    ).content.decode()
    field = Battlefield.from_data(battle.setup_data["battlefield"])
    rolled = [
        f for f in field.features if f.name in starter.setting.terrain_words.values()
    ]
    assert TERRAIN_ROLLED in page
    assert rolled and all(f"<bdi>{f.name}</bdi>" in page for f in rolled)
