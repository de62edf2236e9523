"""The follow-up after "Continue the melee" (RULES §4; issue 33 item 6): the
player may tap "It felled its enemy: follow-up" before telling "X fell"; the
follow-up then never offers the fallen enemy as a target."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from campaigns.models import Battle
from engines.enums import Side
from engines.table.moves import Activate, BeginRound, ChooseFirst, TellTap
from tests.campaigns.table_helpers import add, doctrine_battle, now

pytestmark = pytest.mark.django_db


def table_url(battle: Battle) -> str:
    return reverse(
        "campaigns:battle_table",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )


def test_the_follow_up_tapped_before_the_fall_does_not_offer_the_fallen(
    client, user, campaign
):
    _, battle = doctrine_battle(campaign, "priority", seed=12)
    client.force_login(user)
    add(battle, BeginRound(sightings={}))
    if now(battle)[1].question().phase == "choose":
        add(battle, ChooseFirst(first=Side.AI.value))
    context, state, _ = now(battle)
    rider = state.question().key
    frodo = next(f for f in context.fighters if f.name == "Frodo")
    add(
        battle,
        Activate(key=rider, answers={"melee": "yes", "contacts": frodo.key}),
    )
    page = client.get(table_url(battle)).content.decode()
    assert "It felled its enemy" in page
    # The follow-up control, as the page offers it, right after the answer.
    form = page[page.index('id="answer"') :]
    form = form[: form.index("It felled its enemy")]
    form = form[form.rindex("<form") :]
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form))
    response = client.post(table_url(battle), fields)
    assert response.status_code == 302
    follow_up = client.get(response.url).content.decode()
    assert "Follow-up activation" in follow_up
    assert f'value="{frodo.key}"' not in follow_up
    assert now(battle)[1].fighters[frodo.key].fallen


def test_with_no_ai_character_left_the_page_offers_no_next_round(
    client, user, campaign
):
    """Issue 33 item 9: every AI character fallen, the page ends the battle
    (the AI side lost its last character) instead of offering a round."""
    _, battle = doctrine_battle(campaign, "priority", seed=12)
    client.force_login(user)
    add(battle, BeginRound(sightings={}))
    context, state, _ = now(battle)
    for fighter in state.fighters_on_table(context, Side.AI):
        add(battle, TellTap(tap="fell", key=fighter.key))
    page = client.get(table_url(battle)).content.decode()
    assert "Begin round" not in page and 'value="begin"' not in page
    assert "lost its last character" in page
