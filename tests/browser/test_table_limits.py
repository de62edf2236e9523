"""Move limits on a phone (issue 33 item 1): in the demo's Lighting the Beacons
the orcs stay within 8" of the beacon. An orc moving toward a seen hobbit is
asked how far it stands from the beacon, and the answer says where its move
must stop, not only the order's words."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from campaigns.models import Campaign, Scene
from campaigns.services.demo import DEMO_CAMPAIGN_SLUG
from engines.enums import Side
from engines.orders import StayWithin
from engines.table.moves import BeginRound, ChooseFirst
from engines.table.questions import MANY, NUMBER
from engines.table.staying import STAY_KEY
from tests.browser.conftest import DEMO_PASSWORD, PHONE
from tests.browser.test_campaign_loop import log_in
from tests.browser.test_table_mode import current_question, go
from tests.browser.test_table_orders import demo, table_path  # noqa: F401
from tests.campaigns.table_helpers import add, now
from tests.campaigns.test_table_orders_demo import set_up
from tests.engines.table_oracle import Foe, Truth, answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_orc_moving_toward_a_hobbit_is_told_where_its_move_stops(open_tab, demo):  # noqa: F811
    campaign = Campaign.objects.get(slug=DEMO_CAMPAIGN_SLUG)
    scene = Scene.objects.get(campaign=campaign, slug="lighting-the-beacons")
    battle = set_up(campaign, scene)
    add(battle, BeginRound(sightings={}))
    if now(battle)[1].question().phase == "choose":
        add(battle, ChooseFirst(first=Side.AI.value))
    context, _state, _ = now(battle)
    stay = next(
        o
        for c in context.ai_companies
        for o in c.settings.orders
        if isinstance(o, StayWithin)
    )

    visit = open_tab(PHONE, name="table limits beacons")
    log_in(visit, demo.username, DEMO_PASSWORD)
    page = visit.page
    page.goto(visit.url(table_path(campaign, battle)))
    links = page.get_by_role("link", name=re.compile("^Activate"))
    # An orc that cannot shoot: it moves toward the hobbit 10" away.
    link = next(a for a in links.all() if "archer" not in a.inner_text())
    go(page, link)

    truth = Truth(
        foes=[
            Foe(f.label, 10, seen=True, engaged=False)
            for f in sorted(context.fighters, key=lambda f: f.card_order)
            if f.side is Side.PLAYER
        ],
        stay=5,
    )
    asked: dict[str, str] = {}
    keys: dict[str, str] = {}
    for _ in range(12):
        if not page.locator("form.tm-question").count():
            break
        question = current_question(page)
        keys.update({c.value: c.label for c in question.choices})
        value = answer(question, truth, asked, keys)
        asked[question.name] = value
        form = page.locator("form.tm-question")
        if question.name == STAY_KEY:
            expect(form).to_contain_text(stay.words())
            visit.check("how far from the beacon")
        if question.ask == NUMBER:
            form.locator("input.tm-number__input").fill(value)
            go(page, form.get_by_role("button", name="Next"))
        elif question.ask == MANY:
            raise AssertionError("no melee here")
        else:
            go(page, form.locator(f"button[value='{value}']"))
    if page.locator("button[value=activate]").count():
        go(page, page.locator("button[value=activate]"))
    assert STAY_KEY in asked
    facts = page.locator(".tm-answer .tm-facts")
    expect(facts).to_contain_text(f'{stay.words()}: it stands 5" from there')
    expect(facts).to_contain_text('after 3" it goes on only while it stays within 8"')
    visit.check("the answer with its limit")
    assert visit.foreign_requests == [] and visit.console_errors == []
