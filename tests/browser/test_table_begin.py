"""The start of a round on a phone (RULES §4, issue 33): the arrivals are
placed first, with where the setup sheet puts them; then the page asks only
what can change who goes first — "Does X see an enemy?", one at a time,
stopping at the first yes — and the AI's next activation is picked among
those still to act."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from campaigns.models import Battle, BattleParticipant, TableLog
from engines.enums import Side
from engines.table.begin import begin_walk
from engines.table.moves import BeginRound, ChooseFirst, TellTap
from tests.browser.conftest import PHONE
from tests.browser.test_table_mode import go, log_in
from tests.campaigns.table_helpers import add, doctrine_battle, now

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def round_two_with_a_late_rider(campaign):
    """Round 2 about to begin, the AI winning its initiative: round 1 played
    (every AI character told activated); the last rider in reserve, so it
    comes on at the start of round 2. The battle's seed is tried until the AI
    wins round 2's roll (the page then asks what it sees)."""
    _, battle = doctrine_battle(campaign, "priority", seed=1)
    late = battle.participants.filter(side="ai").order_by("order").last()
    BattleParticipant.objects.filter(pk=late.pk).update(reserve=True)
    for seed in range(1, 60):
        TableLog.objects.filter(battle=battle).delete()
        Battle.objects.filter(pk=battle.pk).update(setup_seed=seed)
        battle.refresh_from_db()
        add(battle, BeginRound(sightings={}))
        if now(battle)[1].question().phase == "choose":
            add(battle, ChooseFirst(first="player"))
        context, state, _ = now(battle)
        for fighter in state.fighters_on_table(context, Side.AI):
            add(battle, TellTap(tap="activated", key=fighter.key))
        context, state, _ = now(battle)
        if begin_walk(context, state, seen={}).ask is not None:
            return battle, late, context, state
    raise AssertionError("no seed where the AI wins round 2's initiative")


def test_arrivals_are_placed_first_then_one_sight_question_at_a_time(
    open_tab, campaign, user
):
    battle, late, context, state = round_two_with_a_late_rider(campaign)
    visit = open_tab(PHONE, name="table begin")
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
    arrivals = page.locator(".tm-arrivals")
    expect(arrivals).to_contain_text(late.character.name)
    expect(arrivals).to_contain_text("placed touching")
    # The arrivals come before the question, on the page as at the table.
    html = page.content()
    assert html.index("tm-arrivals") < html.index('id="q-sees"')
    visit.check("round 2: arrivals, then the first sight question")
    asked = []
    for _ in range(10):
        question = page.locator("#q-sees")
        if not question.count():
            break
        asked.append(question.locator("bdi").inner_text())
        # No to the first, yes to the second: the second settles it.
        go(page, page.get_by_role("button", name="Yes" if asked[1:] else "No"))
    first = begin_walk(context, state, seen={}).ask
    second = begin_walk(context, state, seen={first.key: False}).ask
    assert asked == [first.label, *([second.label] if second else [])]
    assert late.character.name in asked  # the arrival counts for sight
    _, state, _ = now(battle)
    assert state.round == 2
    if len(asked) == 2:
        assert state.first is Side.AI
    expect(page.locator("#now-title")).to_have_text("Which AI character goes next?")
    assert visit.foreign_requests == [] and visit.console_errors == []
