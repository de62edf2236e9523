"""The admin's readiness panel lists each unplayed fighting scene's latest
playtest odds and warnings (RULES §7, issue 32 item 5), in one query whatever
the number of scenes."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.models import PlaytestReport
from campaigns.selectors.readiness import campaign_readiness

pytestmark = pytest.mark.django_db


@pytest.fixture
def ready(campaign, make_company, make_character, make_scene, make_scene_company):
    retinue = make_company(campaign, name="Retinue")
    militia = make_company(campaign, name="Militia", side="ai")
    make_character(retinue, name="Vex")
    make_character(militia, name="Guard")
    scene = make_scene(campaign, title="Alley", slug="alley", status="current")
    make_scene_company(scene, retinue, leading=True)
    make_scene_company(scene, militia, leading=True)
    campaign.alley = scene
    return campaign


def _report(scene, *, seed=1, victory=0.5, warnings=(), status="done"):
    return PlaytestReport.objects.create(
        scene=scene,
        roster="1",
        stance="attack",
        seed=seed,
        battles=10,
        battles_done=10,
        status=status,
        report={
            "battles": 10,
            "seed": seed,
            "victory": victory,
            "draw": 0.0,
            "defeat": 1 - victory,
            "interval": {"victory": [0, 1], "draw": [0, 1], "defeat": [0, 1]},
            "rounds": {"5": 10},
            "characters": {},
            "ends": {"VP": 10},
            "warnings": list(warnings),
        },
    )


def test_each_scene_s_latest_odds_and_warnings_are_listed(ready):
    _report(ready.alley, seed=1, victory=0.2)
    _report(ready.alley, seed=2, victory=0.0, warnings=["The players never won."])
    odds = campaign_readiness(campaign=ready, with_odds=True).odds
    assert [(o.title, o.summary, o.warnings) for o in odds] == [
        (
            "Alley",
            "victory 0.0 %, draw 0.0 %, defeat 100.0 % (attack, 10 battles)",
            ("The players never won.",),
        )
    ]
    assert odds[0].url == f"/campaigns/{ready.slug}/scenes/alley/playtest/"


def test_a_scene_without_a_kept_playtest_says_so(ready):
    _report(ready.alley, status="running")
    (odds,) = campaign_readiness(campaign=ready, with_odds=True).odds
    assert odds.summary == "no playtest kept yet"


def test_the_dashboard_s_readiness_reads_no_odds(ready):
    assert campaign_readiness(campaign=ready).odds == ()


def test_the_odds_take_one_query_whatever_the_number_of_scenes(
    ready, make_scene, make_company, make_character, make_scene_company
):
    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            campaign_readiness(campaign=ready, with_odds=True)
        return len(queries)

    _report(ready.alley)
    before = count()
    retinue = ready.companies.get(name="Retinue")
    for n in range(5):
        company = make_company(ready, name=f"Extra {n}", side="ai")
        make_character(company)
        scene = make_scene(ready, title=f"More {n}", slug=f"more-{n}")
        make_scene_company(scene, company, leading=True)
        make_scene_company(scene, retinue, leading=True)
        _report(scene, seed=n)
        _report(scene, seed=n + 10)
    assert count() == before
    assert len(campaign_readiness(campaign=ready, with_odds=True).odds) == 6


def test_the_admin_s_campaign_page_shows_the_odds(admin_client, ready):
    _report(ready.alley, warnings=["The East Gate cannot be reached."])
    page = admin_client.get(
        reverse("admin:campaigns_campaign_change", args=[ready.pk])
    ).content.decode()
    assert "The odds" in page
    assert "victory 50.0 %" in page
    assert "The East Gate cannot be reached." in page


def test_the_admin_lists_kept_playtests_read_only(admin_client, ready):
    row = _report(ready.alley)
    listing = admin_client.get(reverse("admin:campaigns_playtestreport_changelist"))
    assert listing.status_code == 200 and b"Alley" in listing.content
    change = reverse("admin:campaigns_playtestreport_change", args=[row.pk])
    assert admin_client.get(change).status_code == 200
    assert admin_client.post(change, {}).status_code == 403
