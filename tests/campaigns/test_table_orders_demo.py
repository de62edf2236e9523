"""The demo's scenes with their orders (issue 23, "Done when"): on every demo
fighting scene of every doctrine, the printed AI card, the table page and the
engine give the same decision for the same situation.

- the table reads the very orders the pack prints: each AI company's
  procedure at the table is the card's procedure;
- played by a truthful player, every page decision equals the engine's on the
  whole situation (the player compares each one), and its steps and action
  are printed on the card with the orders.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import override_settings
from django.urls import reverse

from campaigns.models import Campaign, Scene, TableEntry
from campaigns.selectors.battle_pack import battle_pack_data
from campaigns.selectors.lineup import scene_lineup
from campaigns.selectors.table_context import table_context
from campaigns.services.battle_setup import battle_set_up
from campaigns.services.demo import demo_seed
from engines.doctrines import procedure
from engines.enums import Action, Doctrine
from engines.table.last_seen import with_last_seen
from engines.table.questions import REORGANIZE
from engines.table.state import state_fold
from tests.engines.table_battles import Log
from tests.engines.table_player import TruthfulPlayer

pytestmark = pytest.mark.django_db

PLAYS = 3


@pytest.fixture(scope="module")
def demo(django_db_setup, django_db_blocker, tmp_path_factory):
    """Each demo fighting scene's battle (seed 1) as the table sees it, with
    the procedures its pack prints."""
    workdir = tmp_path_factory.mktemp("demo-orders")
    found = {}
    with (
        django_db_blocker.unblock(),
        override_settings(
            DEMO_FIXTURES_DIR=Path(settings.BASE_DIR) / "fixtures",
            DEMO_LOGIN_FILE=workdir / ".demo-login",
        ),
        transaction.atomic(),
    ):
        login = demo_seed(password="x-demo-pass-1")
        campaign = Campaign.objects.get(slug=login.campaign_slug)
        for scene in campaign.scenes.order_by("order"):
            if not scene.is_fighting():
                continue
            battle = set_up(campaign, scene)
            printed = battle_pack_data(battle=battle)["procedures"]
            found[scene.slug] = (table_context(battle=battle), printed)
        transaction.set_rollback(True)
    return found


def set_up(campaign: Campaign, scene: Scene):
    """The scene made current and a battle set up for it with seed 1."""
    campaign.scenes.update(status="pending")
    Scene.objects.filter(pk=scene.pk).update(status="current")
    if scene.parent_id:
        Scene.objects.filter(pk=scene.parent_id).update(status="current")
    scene.refresh_from_db()
    return battle_set_up(
        scene=scene,
        stance=None if scene.scenario_mode == "fixed" else "attack",
        participant_ids=scene_lineup(scene=scene).default_participant_ids(),
        seed=1,
    )


def _dumps(values) -> list[str]:
    return sorted(json.dumps(v, sort_keys=True, default=str) for v in values)


def test_the_table_reads_the_orders_the_card_prints(demo):
    """Every AI company's procedure at the table, orders included, is the one
    its AI card prints; the demo gives orders to some company."""
    for slug, (context, printed) in demo.items():
        table = [
            procedure(c.doctrine, c.settings).to_data() for c in context.ai_companies
        ]
        assert _dumps(table) == _dumps(printed.values()), slug
    assert any(
        c.settings.orders for context, _ in demo.values() for c in context.ai_companies
    )


def test_card_page_and_engine_decide_alike_on_every_demo_scene(demo):
    """On every demo scene, every doctrine among them, each page decision is
    the engine's on the whole situation and is printed on the card."""
    doctrines = set()
    by_order = 0
    for slug, (context, _) in demo.items():
        for n in range(PLAYS):
            player = TruthfulPlayer(Log(context), random.Random(f"{slug}:{n}"))
            for _ in range(120):
                if player.step() is None:
                    break
            for mine, theirs in player.compared:
                assert mine == theirs, slug
            for n, entry in enumerate(player.log.entries):
                if entry.kind != "activation":
                    continue
                decision = entry.data["decision"]
                if decision["action"] == REORGANIZE:
                    continue
                fighter = context.fighter(entry.subject, player.log.state)
                # The card as the round's event amends it (the events page
                # prints the event: a fog's last-seen rule is its order).
                before = state_fold(context, player.log.entries[:n])
                answers = entry.data["inputs"]["answers"]
                amended = with_last_seen(context, before, fighter, answers)
                company = amended.company(fighter.company)
                card = procedure(company.doctrine, company.settings)
                doctrines.add(company.doctrine)
                assert set(decision["steps"]) <= set(card.step_ids()), slug
                assert Action(decision["action"]) in card.actions(), slug
                by_order += bool(decision.get("order"))
    assert doctrines == set(Doctrine)
    assert by_order


def test_a_single_characters_arrival_round_comes_to_the_table(demo):
    """Moria's cave troll arrives in round 2 (its own arrival round), while the
    rest of its company comes on in round 1."""
    context, _ = demo["moria"]
    troll = next(f for f in context.fighters if f.name == "Cave troll")
    company = [f for f in context.fighters if f.company == troll.company]
    assert troll.arrives == 2
    assert {f.arrives for f in company if f is not troll} == {1}


def demo_table(client, settings, tmp_path, slug: str):
    """The demo's scene ``slug`` set up (seed 1), its owner logged in: the
    battle and its table page's address."""
    settings.DEMO_FIXTURES_DIR = Path(settings.BASE_DIR) / "fixtures"
    settings.DEMO_LOGIN_FILE = tmp_path / ".demo-login"
    login = demo_seed(password="x-demo-pass-1")
    campaign = Campaign.objects.get(slug=login.campaign_slug)
    battle = set_up(campaign, campaign.scenes.get(slug=slug))
    client.force_login(get_user_model().objects.get(username=login.username))
    url = reverse(
        "campaigns:battle_table",
        kwargs={"slug": campaign.slug, "battle_id": battle.pk},
    )
    return battle, url


def test_the_fell_beasts_stoop_is_rolled_as_round_1_begins(client, settings, tmp_path):
    """The Witch-king and Théoden: the fell beast's stoop, an each-round order
    before round 1, is rolled when round 1 begins on the table page: the log
    says whom it struck and whether it wounds."""
    battle, url = demo_table(client, settings, tmp_path, "the-witch-king-and-theoden")
    client.post(url, {"action": "begin", "version": "0"})
    entry = TableEntry.objects.get(log__battle=battle, position=0)
    stoop = entry.data["scene_orders"]
    assert [d["order"] for d in stoop] == [
        "Before round 1: an attack D6 + 3 against the defence of Théoden "
        "(the fell beast's stoop)"
    ]
    assert re.search(r"Théoden: (wounds|misses)", stoop[0]["detail"])
    assert "scene order: attack on Théoden" in client.get(url).content.decode()


def test_amon_hens_black_arrows_are_rolled_at_the_end_of_each_round(
    client, settings, tmp_path
):
    """Amon Hen: once round 1's AI activations are done the table page asks
    for the end of round's scene orders, not the next round; it asks whether
    Boromir and Lurtz are both on the table, and on "yes" rolls the black
    arrow's D6 5+ gate in an entry of its own; round 2 then begins."""
    battle, url = demo_table(client, settings, tmp_path, "amon-hen")
    client.post(url, {"action": "begin", "version": "0"})
    if "first" in client.get(url).content.decode():
        client.post(url, {"action": "first", "first": "player", "version": "1"})
    context = table_context(battle=battle)
    for fighter in context.fighters:
        if fighter.side.value != "ai" or fighter.arrives > 1:
            continue
        version = TableEntry.objects.filter(log__battle=battle).count()
        client.post(
            url,
            {
                "action": "tap",
                "tap": "activated",
                "key": fighter.key,
                "version": version,
            },
        )
    page = client.get(url).content.decode()
    assert "End of round 1: scene orders" in page
    assert "Boromir and Lurtz are both on the table" in page
    assert 'name="holds-end-0" value="yes"' in page
    version = TableEntry.objects.filter(log__battle=battle).count()
    client.post(
        url, {"action": "round_orders", "holds-end-0": "yes", "version": version}
    )
    entry = TableEntry.objects.filter(log__battle=battle).order_by("-position")[0]
    assert entry.kind == "orders"
    (arrow,) = entry.data["scene_orders"]
    assert "a black arrow" in arrow["order"]
    assert entry.data["log"][0]["purpose"] == "scene order: D6 5+"
    assert 'name="action" value="begin"' in client.get(url).content.decode()
