"""Fewer taps on a phone (issue 33: ``table_taps_median`` ≤ 3), screen by
screen: a pursuer's melee question also says whether it is behind your
rearmost model, in one tap; in the demo's Lighting the Beacons an orc's
nearest hobbit ½″ away is one tap on its chip, with whether it sees the
beacon ticked beside it (unticked: it sees none), so the next question is
its move's limit, not the objective."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from campaigns.models import Campaign, Scene
from campaigns.services.demo import DEMO_CAMPAIGN_SLUG
from engines.enums import Side
from engines.table.moves import BeginRound, ChooseFirst
from tests.browser.conftest import DEMO_PASSWORD, PHONE
from tests.browser.test_campaign_loop import log_in as demo_log_in
from tests.browser.test_table_mode import current_question, go, log_in
from tests.browser.test_table_orders import (  # noqa: F401
    calm_events,
    demo,
    table_path,
)
from tests.campaigns.table_helpers import add, doctrine_battle, now
from tests.campaigns.test_table_orders_demo import set_up

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def ai_first(battle) -> None:
    """The round begun, every AI character seeing an enemy; the AI first."""
    context = now(battle)[0]
    sees = {f.key: {"sees": True} for f in context.fighters if f.side is Side.AI}
    add(battle, BeginRound(sightings=sees))
    if now(battle)[1].question().phase == "choose":
        add(battle, ChooseFirst(first=Side.AI.value))


def test_a_pursuer_not_in_melee_and_behind_is_told_in_one_tap(open_tab, campaign, user):
    _, battle = doctrine_battle(campaign, "pursuit")
    ai_first(battle)
    visit = open_tab(PHONE, name="table pursuit melee")
    log_in(visit)
    page = visit.page
    page.goto(visit.url(table_path(campaign, battle)))
    go(page, page.get_by_role("link", name=re.compile("^Activate")).first)
    form = page.locator("form.tm-question")
    expect(form).to_contain_text("If not, is it behind your rearmost model?")
    visit.check("the pursuer's melee question")
    go(page, form.get_by_role("button", name="No — it is behind your rearmost model"))
    assert current_question(page).name == "quarry_in"
    assert not page.locator("form.tm-question input[name=behind]").count()
    go(page, page.locator("form.tm-question").get_by_role("button", name="24″"))
    if page.locator("form.tm-question").count():
        assert current_question(page).name != "behind"
    assert visit.foreign_requests == [] and visit.console_errors == []


def test_an_orc_half_an_inch_from_a_hobbit_answers_its_distance_in_one_tap(
    open_tab,
    demo,  # noqa: F811
):
    calm_events()
    campaign = Campaign.objects.get(slug=DEMO_CAMPAIGN_SLUG)
    scene = Scene.objects.get(campaign=campaign, slug="lighting-the-beacons")
    battle = set_up(campaign, scene)
    ai_first(battle)
    beacon = next(iter(now(battle)[0].objective_kinds))
    visit = open_tab(PHONE, name="table beacon half inch")
    demo_log_in(visit, demo.username, DEMO_PASSWORD)
    page = visit.page
    page.goto(visit.url(table_path(campaign, battle)))
    links = page.get_by_role("link", name=re.compile("^Activate"))
    go(page, next(a for a in links.all() if "archer" not in a.inner_text()))
    form = page.locator("form.tm-question")
    go(page, form.locator("button[value^='near:']").first)
    form = page.locator("form.tm-question")
    box = form.get_by_label(re.compile(f"can see {re.escape(beacon)}$"))
    expect(box).not_to_be_checked()
    # The one tap is listed once: "No — X is nearest", not again as the
    # answer to "Which enemy is nearest?".
    expect(page.locator(".tm-asked")).to_contain_text("is nearest")
    expect(page.locator(".tm-asked")).not_to_contain_text("Which enemy is nearest")
    visit.check("the nearest hobbit's distance with the beacon beside it")
    go(page, form.get_by_role("button", name="½″"))
    assert current_question(page).name == "stay_in"
    expect(page.locator(".tm-asked")).to_contain_text(f"see {beacon}? No")
    assert visit.foreign_requests == [] and visit.console_errors == []
