"""Scene orders at the table on a phone (issue 23, part 4): in the demo's Bree,
a Ringwraith with no enemy in sight is sent by its scene order toward the Ring
(Frodo carries it); the page shows the order before it asks anything, names
it in its answer, and the printed AI card says the same."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from campaigns.models import Campaign, Event, Scene
from campaigns.printing.battle_pack import battle_pack_pdf
from campaigns.selectors.lineup import scene_lineup
from campaigns.selectors.table_context import table_context
from campaigns.services.battle_setup import battle_set_up
from campaigns.services.demo import DEMO_CAMPAIGN_SLUG, demo_seed
from engines.enums import Side
from engines.orders import NoEnemyInSight
from engines.table.moves import BeginRound, ChooseFirst, TellTap
from engines.table.questions import MANY, NUMBER
from tests.browser.conftest import DEMO_PASSWORD, PHONE
from tests.browser.test_campaign_loop import log_in
from tests.browser.test_table_mode import current_question, go
from tests.campaigns.pack_helpers import page_texts, squash
from tests.campaigns.table_helpers import add, now
from tests.campaigns.test_table_orders_demo import set_up
from tests.engines.table_oracle import Foe, Truth, answer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FAR_AWAY = 20
"""Every enemy this far from the wraith: beyond Bree's 12" sight limit."""


@pytest.fixture
def demo(settings, tmp_path):
    settings.DEMO_LOGIN_FILE = tmp_path / "demo-login"
    return demo_seed(password=DEMO_PASSWORD)


def bree_battle():
    campaign = Campaign.objects.get(slug=DEMO_CAMPAIGN_SLUG)
    scene = Scene.objects.get(campaign=campaign, slug="bree")
    return campaign, battle_set_up(
        scene=scene,
        stance=None,
        participant_ids=scene_lineup(scene=scene).default_participant_ids(),
        seed=1,
    )


def table_path(campaign, battle) -> str:
    return reverse(
        "campaigns:battle_table", kwargs={"slug": campaign.slug, "battle_id": battle.pk}
    )


def calm_events() -> None:
    """No event of the demo's deck changes sight or the robot: these tests read
    the scene's own orders, whatever round 1's card (the fog has its own)."""
    Event.objects.update(sight_limit=None, toward_last_seen=False)


def test_a_bree_wraith_seeing_no_enemy_goes_toward_the_ring(open_tab, demo):
    """The wraith's activation shows its scene order; with every hobbit out of
    sight the answer is the order's full move toward the Ring, named as its
    step; the AI card in the printed pack prints the same order."""
    calm_events()
    campaign, battle = bree_battle()
    context = table_context(battle=battle)
    wraiths = context.ai_companies[0]
    order = next(o for o in wraiths.settings.orders if isinstance(o, NoEnemyInSight))
    assert "Ring" in order.words()

    pages = [squash(t) for t in page_texts(battle_pack_pdf(battle))]
    words = order.action_words()
    printed = f"Otherwise (no enemy in sight) → {words[:1].upper()}{words[1:]}"
    assert any(printed in t for t in pages)

    visit = open_tab(PHONE, name="table orders bree")
    visit.page.on("dialog", lambda dialog: dialog.accept())
    log_in(visit, demo.username, DEMO_PASSWORD)
    page = visit.page
    page.goto(visit.url(table_path(campaign, battle)))
    for _ in range(10):  # no wraith sees a hobbit: "No" to each asked
        if not page.locator("#q-sees").count():
            break
        go(page, page.get_by_role("button", name="No", exact=True))
    else:
        raise AssertionError("asked more than there are wraiths")
    if page.get_by_role("button", name="Begin round 1").count():
        go(page, page.get_by_role("button", name="Begin round 1"))
    if page.get_by_role("button", name="The AI goes first", exact=True).count():
        go(page, page.get_by_role("button", name="The AI goes first", exact=True))
    link = page.get_by_role("link", name=re.compile("^Activate")).first
    label = link.inner_text().removeprefix("Activate").strip()
    go(page, link)
    expect(page.locator(".tm-orders")).to_contain_text(order.words())
    visit.check("the wraith's orders")

    truth = Truth(
        foes=[
            Foe(f.label, FAR_AWAY, seen=False)
            for f in sorted(context.fighters, key=lambda f: f.card_order)
            if f.side is Side.PLAYER
        ]
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
        if question.ask == NUMBER:
            form.locator("input.tm-number__input").fill(value)
            for box in form.locator("input[type=checkbox]").all():
                box.set_checked(False)
            go(page, form.get_by_role("button", name="Next"))
        elif question.ask == MANY:
            raise AssertionError("no melee here")
        else:
            go(page, form.locator(f"button[value='{value}']"))
    if page.locator("button[value=activate]").count():
        go(page, page.locator("button[value=activate]"))
    visit.check("the wraith's answer")
    sentence = page.locator(".tm-answer__sentence").inner_text()
    assert sentence.startswith(f"{label} — ")
    assert order.label in sentence
    assert page.locator(".tm-step__label").inner_text() == order.label
    assert asked  # the page asked where the hobbits are before deciding
    assert visit.foreign_requests == [] and visit.console_errors == []


def test_amon_hens_black_arrow_is_asked_and_rolled_at_the_rounds_end(open_tab, demo):
    """Round 1's AI activations done, the phone asks for the end of round's
    scene orders: whether Boromir and Lurtz are both on the table; "Yes" rolls
    the black arrow's gate (and its attack if the gate passes) and shows the
    dice; then round 2 can begin."""
    campaign = Campaign.objects.get(slug=DEMO_CAMPAIGN_SLUG)
    battle = set_up(campaign, Scene.objects.get(campaign=campaign, slug="amon-hen"))
    add(battle, BeginRound(sightings={}))
    if now(battle)[1].question().phase == "choose":
        add(battle, ChooseFirst(first="player"))
    context, state, _ = now(battle)
    for fighter in state.fighters_on_table(context, Side.AI):
        add(battle, TellTap(tap="activated", key=fighter.key))

    visit = open_tab(PHONE, name="table orders amon hen")
    log_in(visit, demo.username, DEMO_PASSWORD)
    page = visit.page
    page.goto(visit.url(table_path(campaign, battle)))
    expect(page.locator("#now-title")).to_have_text("End of round 1: scene orders")
    expect(page.locator(".tm-orders")).to_contain_text("a black arrow")
    visit.check("the end of round's orders")
    page.get_by_label("Yes").check()
    go(page, page.get_by_role("button", name="Roll the end of round 1"))
    expect(page.locator(".tm-answer .tm-eyebrow")).to_have_text("Scene orders")
    expect(page.locator(".tm-answer .tm-dice")).to_contain_text("D6 5+")
    expect(page.locator("form.tm-begin")).to_be_visible()
    visit.check("the orders rolled")
    assert visit.foreign_requests == [] and visit.console_errors == []
