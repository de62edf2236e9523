"""The follow-up on a phone (RULES §4; issue 33 item 6): tapping "It felled
its enemy: follow-up" before "Frodo fell" tells the fall first, and the
follow-up's questions never offer Frodo."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from engines.enums import Side
from engines.table.moves import Activate, BeginRound, ChooseFirst
from tests.browser.conftest import PHONE
from tests.browser.test_table_mode import go, log_in
from tests.campaigns.table_helpers import add, doctrine_battle, now

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_follow_up_before_the_fall_never_offers_the_fallen(
    open_tab, campaign, user
):
    _, battle = doctrine_battle(campaign, "priority", seed=12)
    add(battle, BeginRound(sightings={}))
    if now(battle)[1].question().phase == "choose":
        add(battle, ChooseFirst(first=Side.AI.value))
    context, state, _ = now(battle)
    rider = context.fighter(state.question().key)
    frodo = next(f for f in context.fighters if f.name == "Frodo")
    add(battle, Activate(key=rider.key, answers={"melee": "yes", "contacts": "p1"}))
    visit = open_tab(PHONE, name="table follow-up")
    log_in(visit)
    page = visit.page
    page.goto(
        visit.url(
            reverse(
                "campaigns:battle_table",
                kwargs={"slug": campaign.slug, "battle_id": battle.pk},
            )
        )
    )
    visit.check("continued the melee")
    go(page, page.get_by_role("button", name="It felled its enemy", exact=False))
    expect(page.locator(".tm-eyebrow").first).to_contain_text("Follow-up")
    visit.check("the follow-up")
    assert not page.locator(f"form.tm-question [value='{frodo.key}']").count()
    assert frodo.label not in page.locator("form.tm-question").inner_text()
    assert now(battle)[1].fighters[frodo.key].fallen
    assert visit.foreign_requests == [] and visit.console_errors == []
