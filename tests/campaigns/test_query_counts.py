"""Every page makes the same number of queries at N and at 5N (and at most 15)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.generate import GenerateSizes, campaign_generate
from campaigns.models import Battle, Character, Company, Scene
from campaigns.selectors.lineup import scene_lineup
from campaigns.services.battle_setup import battle_set_up

pytestmark = pytest.mark.django_db

MAX_QUERIES = 15


def sizes(n: int) -> GenerateSizes:
    return GenerateSizes(
        scenes=20 * n,
        battles=20 * n,
        companies=4 * n,
        characters=40 * n,
        wounds=200 * n,
    )


def build(owner, slug: str, n: int):
    campaign = campaign_generate(owner=owner, slug=slug, sizes=sizes(n), seed=n)
    scene = campaign.current_scene()
    fit = scene_lineup(scene=scene).default_participant_ids()[:6]
    planned = battle_set_up(scene=scene, stance="attack", participant_ids=fit, seed=1)
    resolved = Battle.objects.filter(campaign=campaign, status="resolved").last()
    later = Scene.objects.filter(campaign=campaign, status="pending").first()
    company = Company.objects.filter(campaign=campaign).first()
    character = Character.objects.filter(company=company).first()
    return {
        "home": reverse("campaigns:home"),
        "dashboard": reverse("campaigns:dashboard", args=[slug]),
        "company": reverse("campaigns:company", args=[slug, company.pk]),
        "character": reverse("campaigns:character", args=[slug, character.pk]),
        "scene": reverse("campaigns:scene_detail", args=[slug, scene.slug]),
        "setup": reverse("campaigns:battle_setup", args=[slug, scene.slug]),
        "battle": reverse("campaigns:battle_detail", args=[slug, planned.pk]),
        "result": reverse("campaigns:result_entry", args=[slug, planned.pk]),
        "resolved result": reverse("campaigns:result_entry", args=[slug, resolved.pk]),
        "resolution": reverse("campaigns:resolution", args=[slug, resolved.pk]),
        "chronicle": reverse("campaigns:chronicle", args=[slug]),
        "re-roll": reverse("campaigns:battle_reroll", args=[slug, planned.pk]),
        "discard": reverse("campaigns:battle_discard", args=[slug, planned.pk]),
        "reopen": reverse("campaigns:result_reopen", args=[slug, resolved.pk]),
        "later setup": reverse("campaigns:battle_setup", args=[slug, later.slug]),
    }


def count(client, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return len(queries)


@pytest.fixture
def counts(client, user):
    client.force_login(user)
    small = build(user, "small", 1)
    large = build(user, "large", 5)
    return {
        page: (count(client, small[page]), count(client, large[page])) for page in small
    }


PAGES = [
    "home",
    "dashboard",
    "company",
    "character",
    "scene",
    "setup",
    "battle",
    "result",
    "resolved result",
    "resolution",
    "chronicle",
    "re-roll",
    "discard",
    "reopen",
    "later setup",
]


def test_every_page_makes_the_same_queries_at_n_and_5n(counts):
    grew = {page: pair for page, pair in counts.items() if pair[0] != pair[1]}
    assert not grew


def test_every_page_makes_at_most_15_queries(counts):
    heavy = {page: pair[1] for page, pair in counts.items() if pair[1] > MAX_QUERIES}
    assert not heavy


def test_a_fixed_scenes_battle_page_stays_within_15_queries(client, demo_campaign):
    """A fixed demo scene with ways to win (Bree): the ways and their
    conditions are read in one query, like the generated battle's page."""
    scene = demo_campaign.scenes.get(slug="bree")
    assert scene.ways_to_win.exists()
    fit = scene_lineup(scene=scene).default_participant_ids()
    battle = battle_set_up(scene=scene, stance=None, participant_ids=fit, seed=1)
    client.force_login(demo_campaign.owner)
    url = reverse("campaigns:battle_detail", args=[demo_campaign.slug, battle.pk])
    assert count(client, url) <= MAX_QUERIES


def test_a_fixed_scenes_pack_reads_its_ways_to_win_in_one_query(demo_campaign):
    from campaigns.selectors.battle_pack import battle_for_pack, battle_pack_data

    scene = demo_campaign.scenes.get(slug="bree")
    fit = scene_lineup(scene=scene).default_participant_ids()
    battle = battle_set_up(scene=scene, stance=None, participant_ids=fit, seed=1)
    loaded = battle_for_pack(campaign=demo_campaign, battle_id=battle.pk)
    with CaptureQueriesContext(connection) as queries:
        data = battle_pack_data(battle=loaded)
    assert data["scene"]["uses"]["exits"]
    assert len(queries) == 1
