"""Move limits on a phone (issue 33 item 1): in the demo's Lighting the Beacons
the orcs stay within 8" of the beacon. An orc moving toward a seen hobbit is
asked how far it stands from the beacon, and the answer says where its move
must stop, not only the order's words. In Bree the wraiths keep out of the
Prancing Pony and the houses: a wraith charging a hobbit who stands inside is
asked so, and moves toward him instead."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from campaigns.models import Campaign, Scene
from campaigns.services.demo import DEMO_CAMPAIGN_SLUG
from engines.enums import Side
from engines.orders import KeepOut, StayWithin
from engines.table.keeping import KEEP_KEY, NEAR_KEPT
from engines.table.moves import BeginRound, ChooseFirst
from engines.table.questions import CHOICE, MANY, NO, NUMBER, YES, Question
from engines.table.staying import STAY_KEY
from tests.browser.conftest import DEMO_PASSWORD, PHONE
from tests.browser.test_campaign_loop import log_in
from tests.browser.test_table_mode import current_question, go
from tests.browser.test_table_orders import (  # noqa: F401
    calm_events,
    demo,
    table_path,
)
from tests.campaigns.table_helpers import add, now
from tests.campaigns.test_table_orders_demo import set_up
from tests.engines.table_oracle import Foe, Truth, answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_an_orc_moving_toward_a_hobbit_is_told_where_its_move_stops(open_tab, demo):  # noqa: F811
    calm_events()
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
    asked = answer_on_page(visit, truth, STAY_KEY, stay.words())
    assert STAY_KEY in asked
    facts = page.locator(".tm-answer .tm-facts")
    expect(facts).to_contain_text(f'{stay.words()}: it stands 5" from there')
    expect(facts).to_contain_text('after 3" it goes on only while it stays within 8"')
    visit.check("the answer with its limit")
    assert visit.foreign_requests == [] and visit.console_errors == []


def answer_on_page(visit, truth: Truth, limit_key: str, words: str) -> dict:
    """Answer the activation's questions from ``truth`` on the page, checking
    the limit's question shows the order's words; then activate."""
    page = visit.page
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
        if question.name == limit_key:
            expect(form).to_contain_text(words)
            visit.check(f"the limit's question {limit_key}")
        if question.ask == NUMBER:
            form.locator("input.tm-number__input").fill(value)
            tick_beside(visit, truth, asked, keys, limit_key, words)
            go(page, form.get_by_role("button", name="Next"))
        elif question.ask == MANY:
            raise AssertionError("no melee here")
        else:
            go(page, form.locator(f"button[value='{value}']"))
    if page.locator("button[value=activate]").count():
        go(page, page.locator("button[value=activate]"))
    return asked


def tick_beside(visit, truth, asked, keys, limit_key: str, words: str) -> None:
    """The tick boxes beside a distance, set as the truth says (whether it
    sees the one measured, whether that one is free, whether it stands in a
    kept-out area: then the orders' words are on that screen)."""
    form = visit.page.locator("form.tm-question")
    for box in form.locator("input[type=checkbox]").all():
        name = box.get_attribute("name")
        said = box.locator("xpath=..").inner_text().strip()
        if " can see " in said:
            who, whom = said.split(" can see ")
            said = f"Can {who} see {whom}?"
        yes = answer(Question(name, said, CHOICE), truth, asked, keys) == YES
        box.set_checked(yes)
        asked[name] = YES if yes else NO
        if (name, limit_key) == (NEAR_KEPT, KEEP_KEY):
            expect(visit.page.locator(".tm-orders")).to_contain_text(words)
            visit.check("the limit ticked beside the distance")


def test_a_bree_wraith_charging_a_hobbit_in_the_pony_moves_toward_him(open_tab, demo):  # noqa: F811
    campaign = Campaign.objects.get(slug=DEMO_CAMPAIGN_SLUG)
    battle = set_up(campaign, Scene.objects.get(campaign=campaign, slug="bree"))
    add(battle, BeginRound(sightings={}))
    if now(battle)[1].question().phase == "choose":
        add(battle, ChooseFirst(first=Side.AI.value))
    context, _state, _ = now(battle)
    keeps = [
        o
        for c in context.ai_companies
        for o in c.settings.orders
        if isinstance(o, KeepOut)
    ]
    assert len(keeps) > 1

    visit = open_tab(PHONE, name="table limits bree")
    log_in(visit, demo.username, DEMO_PASSWORD)
    page = visit.page
    page.goto(visit.url(table_path(campaign, battle)))
    go(page, page.get_by_role("link", name=re.compile("^Activate")).first)
    # Every hobbit 3" away, seen and free: the wraith charges the nearest.
    truth = Truth(
        foes=[
            Foe(f.label, 3, seen=True, engaged=False)
            for f in sorted(context.fighters, key=lambda f: f.card_order)
            if f.side is Side.PLAYER
        ],
        kept=True,
    )
    asked = answer_on_page(visit, truth, KEEP_KEY, keeps[0].words())
    # Asked on its own, or ticked beside the nearest's distance (issue 33).
    assert {KEEP_KEY, NEAR_KEPT} & set(asked)
    expect(page.locator(".tm-answer__sentence")).to_contain_text("it stops at the edge")
    facts = page.locator(".tm-answer .tm-facts")
    expect(facts).to_contain_text("so the move cannot end beside it")
    visit.check("the wraith's answer with its limits")
    assert visit.foreign_requests == [] and visit.console_errors == []
