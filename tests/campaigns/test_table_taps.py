"""Fewer taps (issue 22, part 4; SITE.md ``table_taps_median``): the demo's
fighting scenes of every doctrine, each set up with seed 1, played at the
table by a truthful player on tables as they mostly are (in contact with one
enemy now and then, most enemies in sight and free: ``typical``); the median
of the taps an AI activation takes is at most 4, counted as
:func:`tests.engines.table_player.taps` counts them."""

from __future__ import annotations

import random
import statistics
from pathlib import Path

import pytest
from django.conf import settings
from django.db import transaction
from django.test import override_settings

from campaigns.models import Campaign, Scene
from campaigns.selectors.lineup import scene_lineup
from campaigns.selectors.table_context import table_context
from campaigns.services.battle_setup import battle_set_up
from campaigns.services.demo import demo_seed
from engines.enums import Doctrine
from engines.table.context import Context
from tests.engines.table_battles import Log
from tests.engines.table_player import TruthfulPlayer

pytestmark = pytest.mark.django_db

TAPS_MEDIAN = 4
"""SITE.md ``table_taps_median``'s target."""
PLAYS = 4
"""Battles played per scene, each with its own truthful player."""


def _context(campaign: Campaign, scene: Scene) -> Context:
    campaign.scenes.update(status="pending")
    Scene.objects.filter(pk=scene.pk).update(status="current")
    if scene.parent_id:
        Scene.objects.filter(pk=scene.parent_id).update(status="current")
    scene.refresh_from_db()
    battle = battle_set_up(
        scene=scene,
        stance=None if scene.scenario_mode == "fixed" else "attack",
        participant_ids=scene_lineup(scene=scene).default_participant_ids(),
        seed=1,
    )
    return table_context(battle=battle)


@pytest.fixture(scope="module")
def demo_contexts(django_db_setup, django_db_blocker, tmp_path_factory):
    """Every demo fighting scene's battle as table mode sees it; the database
    is left as it was."""
    folder = tmp_path_factory.mktemp("demo-taps")
    contexts: dict[str, Context] = {}
    with (
        django_db_blocker.unblock(),
        override_settings(
            DEMO_FIXTURES_DIR=Path(settings.BASE_DIR) / "fixtures",
            DEMO_LOGIN_FILE=folder / ".demo-login",
        ),
        transaction.atomic(),
    ):
        login = demo_seed(password="x-demo-pass-1")
        campaign = Campaign.objects.get(slug=login.campaign_slug)
        for scene in campaign.scenes.order_by("order"):
            if scene.is_fighting():
                contexts[scene.slug] = _context(campaign, scene)
        transaction.set_rollback(True)
    return contexts


def _taps(contexts: dict[str, Context]) -> dict[Doctrine, list[int]]:
    """Taps per activation, by the doctrine of the character activated."""
    found: dict[Doctrine, list[int]] = {d: [] for d in Doctrine}
    for slug, context in contexts.items():
        for n in range(PLAYS):
            player = TruthfulPlayer(
                Log(context), random.Random(f"{slug}:{n}"), typical=True
            )
            before = 0
            for _ in range(120):
                if player.step() is None:
                    break
                if len(player.taps) > before:
                    entry = player.log.entries[-1]
                    fighter = context.fighter(entry.subject, player.log.state)
                    doctrine = context.company(fighter.company).doctrine
                    found[doctrine].append(player.taps[-1])
                    before = len(player.taps)
    return found


def test_the_demo_covers_every_doctrine(demo_contexts):
    doctrines = {
        c.doctrine for context in demo_contexts.values() for c in context.ai_companies
    }
    assert doctrines == set(Doctrine)


def test_an_ai_activation_takes_at_most_four_taps_at_the_median(demo_contexts):
    """Over the demo's scenes of every doctrine, the median AI activation takes
    at most 4 taps; no doctrine's median is above 5."""
    found = _taps(demo_contexts)
    every = [n for taps in found.values() for n in taps]
    medians = {d.value: statistics.median(t) for d, t in found.items() if t}
    assert statistics.median(every) <= TAPS_MEDIAN, medians
    assert all(m <= TAPS_MEDIAN + 1 for m in medians.values()), medians
