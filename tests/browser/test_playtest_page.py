"""The scene's playtest page in a real browser (RULES §7, issue 32 item 5): the
owner runs a playtest from the form and reads its report; the page while one
runs, and the set-up form's odds; each at desktop and phone widths, fitting
the width, with no accessibility violation (axe)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from campaigns.models import PlaytestReport, Scene
from campaigns.services.demo import DEMO_CAMPAIGN_SLUG, demo_seed
from tests.browser.conftest import DEMO_PASSWORD, DESKTOP, PHONE
from tests.browser.test_campaign_loop import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def demo(settings, tmp_path):
    settings.DEMO_LOGIN_FILE = tmp_path / "demo-login"
    return demo_seed(password=DEMO_PASSWORD)


def _url(name: str, scene: str) -> str:
    return reverse(
        f"campaigns:{name}", kwargs={"slug": DEMO_CAMPAIGN_SLUG, "scene": scene}
    )


@pytest.mark.parametrize(
    ("viewport", "name"), [(DESKTOP, "playtest-desktop"), (PHONE, "playtest-phone")]
)
def test_the_owner_runs_a_playtest_and_reads_its_odds(open_tab, demo, viewport, name):
    visit = open_tab(viewport, name=name)
    log_in(visit, demo.username, DEMO_PASSWORD)
    page = visit.page
    page.goto(visit.url(_url("scene_playtest", "bree")))
    expect(page.get_by_text("No playtest of this scene is kept yet.")).to_be_visible()
    visit.check("playtest empty")
    page.get_by_label("Battles").fill("0")
    page.get_by_role("button", name="Run the playtest").click()
    expect(page.get_by_text("from 1 to 100,000").first).to_be_visible()
    visit.check("playtest refused")
    assert not PlaytestReport.objects.exists()
    page.get_by_label("Battles").fill("6")
    page.get_by_role("button", name="Run the playtest").click()
    expect(page.get_by_role("heading", name="6 battles, seed 1")).to_be_visible()
    expect(page.get_by_text("a plain, honest robot")).to_be_visible()
    assert page.locator("svg.playtest-bar").count() == 1
    assert page.locator("[style]").count() == 0
    visit.check("playtest report")

    page.goto(visit.url(_url("battle_setup", "bree")))
    expect(page.get_by_role("heading", name="The odds")).to_be_visible()
    visit.check("setup odds")

    scene = Scene.objects.get(campaign__slug=DEMO_CAMPAIGN_SLUG, slug="bree")
    kept = PlaytestReport.objects.get()
    running = PlaytestReport.objects.create(
        scene=scene, roster=kept.roster, stance="defend", seed=2, battles=1000,
        battles_done=250, status="running",
    )  # fmt: skip
    page.goto(visit.url(_url("scene_playtest", "bree")))
    expect(page.get_by_text("250 of 1000 battles fought.")).to_be_visible()
    visit.check("playtest running")
    # With scripts, the page looks again by itself and shows the report when
    # it is done (without, a refresh in a noscript tag does).
    report = dict(kept.report, seed=2)
    PlaytestReport.objects.filter(pk=running.pk).update(
        status="done", battles=6, battles_done=6, report=report
    )
    expect(
        page.get_by_role("heading", name="Defend, 6 battles, seed 2")
    ).to_be_visible()
    visit.check("playtest done by itself")
    assert visit.foreign_requests == []
    assert visit.console_errors == []
