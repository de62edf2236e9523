"""The battle page's setup shows each AI company's scene orders and the
scene's notes for it (issue 25 part 4), each order in the words its AI card
prints; a company without either shows nothing."""

from __future__ import annotations

import json
import re

import pytest

from campaigns.models import SceneCompany, SceneOrder
from campaigns.selectors.battle_pack import battle_pack_data
from campaigns.selectors.battles import battle_url as url
from campaigns.services.battle_setup import battle_set_up
from engines.orders.kinds import IgnoreTerrain
from tests.campaigns.setup_helpers import build_playable

pytestmark = pytest.mark.django_db


def set_up(playable):
    return battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
        seed=8,
    )


def orders_section(html: str) -> str:
    found = re.search(r"<h3>Scene orders</h3>(.*?)</section>", html, re.S)
    return found.group(1) if found else ""


def test_the_setup_lists_an_ai_companys_orders_and_notes(owner, campaign):
    """The order as the AI card words it, and the scene's notes, under the
    company's name."""
    playable = build_playable(campaign)
    wraiths = SceneCompany.objects.get(
        scene=playable.scene, company=playable.ai_company
    )
    SceneCompany.objects.filter(pk=wraiths.pk).update(
        notes="The Witch-king never crosses the ford."
    )
    SceneOrder.objects.create(scene_company=wraiths, kind="ignore_terrain")
    battle = set_up(playable)
    section = orders_section(owner.get(url("battle_detail", battle)).content.decode())
    said = IgnoreTerrain().words() + "."
    card = json.dumps(battle_pack_data(battle=battle)["procedures"])
    assert (
        said in section,
        said in card,
        "The Witch-king never crosses the ford." in section,
        "Ringwraiths" in section,
    ) == (True, True, True, True)


def test_no_orders_no_section(owner, campaign):
    """Without orders or notes the setup says nothing of them."""
    battle = set_up(build_playable(campaign))
    html = owner.get(url("battle_detail", battle)).content.decode()
    assert "<h3>Scene orders</h3>" not in html
