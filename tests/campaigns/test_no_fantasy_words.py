"""Issue 25's "done when": a Historical and a Science-fiction campaign, started
from "My campaigns" and played through — a special scenario set up, its pack
rendered, table-page steps played, a result entered, the chronicle read on
screen and on paper — without one fantasy word on screen or paper."""

from __future__ import annotations

import io
import random
import re

import pdfplumber
import pytest
from django.urls import reverse

from campaigns.models import Battle, Campaign, Setting
from campaigns.printing.battle_pack import battle_pack_pdf
from campaigns.selectors.battles import battle_url
from campaigns.selectors.lineup import scene_lineup
from campaigns.services.battle_setup import battle_set_up
from campaigns.services.result_apply import result_apply
from engines.enums import Scenario
from tests.campaigns.table_helpers import RandomPlayer

pytestmark = pytest.mark.django_db

FANTASY = (
    "Magician",
    "Flyer",
    "Airship",
    "Rogue",
    "Lurker",
    "Monster",
    "Auxiliary",
    "Magic Item",
    "magic item",
    "Wizard",
    "wizard",
    "Dragon",
    "dragon",
    "castle",
    "Castle",
)
"""The rules' fantasy names: troop types, the special scenarios and their
pieces, the Siege's castle."""

SPECIALS = {
    Scenario.SEIZE_MAGIC_ITEM.value,
    Scenario.WIZARDS_TOWER.value,
    Scenario.TREASURE_RAID.value,
    Scenario.DRAGONS_LAIR.value,
}


def pdf_text(pdf: bytes) -> str:
    with pdfplumber.open(io.BytesIO(pdf)) as document:
        return "\n".join(page.extract_text() or "" for page in document.pages)


def page_text(client, address: str) -> str:
    response = client.get(address)
    assert response.status_code == 200, address
    html = response.content.decode()
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    return re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'")


def fantasy_in(text: str) -> list[str]:
    return [word for word in FANTASY if re.search(rf"\b{re.escape(word)}", text)]


def special_battle(campaign: Campaign) -> Battle:
    """The first battle of the campaign's first scene that sets up as a
    special scenario (the ones whose rules' names are fantasy)."""
    scene = campaign.current_scene()
    fit = scene_lineup(scene=scene).default_participant_ids()
    for seed in range(1, 200):
        battle = battle_set_up(
            scene=scene, stance="attack", participant_ids=fit, seed=seed
        )
        if battle.scenario_name in SPECIALS:
            return battle
        Battle.objects.filter(pk=battle.pk).delete()
    raise AssertionError("no special scenario in 200 seeds")


@pytest.mark.parametrize("setting", ["historical", "science-fiction"])
def test_a_campaign_played_through_speaks_no_fantasy(owner, user, result_data, setting):
    """No page or paper of a started, played campaign names a fantasy troop
    type, special scenario, its piece or a castle."""
    response = owner.post(
        "/campaigns/new/",
        {
            "name": "Far from Middle-earth",
            "setting": str(Setting.objects.get(slug=setting).pk),
            "paper_size": "A4",
            "start": "starter",
        },
    )
    assert response.status_code == 302
    campaign = Campaign.objects.get(name="Far from Middle-earth", owner=user)
    battle = special_battle(campaign)
    slug = campaign.slug
    found: dict[str, list[str]] = {}

    found["pack"] = fantasy_in(pdf_text(battle_pack_pdf(battle)))
    player = RandomPlayer(battle=battle, rng=random.Random(7))
    for _ in range(12):
        if player.step() is None:
            break
    for page in ("battle_detail", "battle_table", "result_entry"):
        found[page] = fantasy_in(page_text(owner, battle_url(page, battle)))
    table = owner.get(battle_url("battle_table", battle)).content.decode()
    for query in sorted(
        set(re.findall(r'href="[^"?]*(\?do=(?:act|defend)[^"]*)"', table))
    ):
        address = battle_url("battle_table", battle) + query.replace("&amp;", "&")
        found[address] = fantasy_in(page_text(owner, address))
    result_apply(battle=battle, data=result_data(battle))
    found["resolution"] = fantasy_in(page_text(owner, battle_url("resolution", battle)))
    found["battle_detail after"] = fantasy_in(
        page_text(owner, battle_url("battle_detail", battle))
    )
    found["dashboard"] = fantasy_in(
        page_text(owner, reverse("campaigns:dashboard", kwargs={"slug": slug}))
    )
    found["chronicle"] = fantasy_in(
        page_text(owner, reverse("campaigns:chronicle", kwargs={"slug": slug}))
    )
    chronicle_pdf = owner.get(reverse("campaigns:chronicle_pdf", kwargs={"slug": slug}))
    found["chronicle pdf"] = fantasy_in(pdf_text(chronicle_pdf.content))
    assert {where: words for where, words in found.items() if words} == {}
