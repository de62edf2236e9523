"""The scene's playtest page (SITE.md URL, RULES §7, issue 32 item 5): the
latest kept report with its pictures and words, the owner's form that runs a
new one on the worker, its progress while it runs, and no query growth."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import Character, PlaytestReport
from campaigns.services.playtest import playtest_roster
from engines.playtest.report import ROBOT
from tests.campaigns.setup_helpers import build_playable

pytestmark = pytest.mark.django_db


@pytest.fixture
def playable(campaign):
    return build_playable(campaign)


def _url(playable):
    return reverse(
        "campaigns:scene_playtest",
        kwargs={"slug": playable.campaign.slug, "scene": playable.scene.slug},
    )


def _post(owner, playable, **fields):
    data = {
        "stance": "attack",
        "participants": [str(c.pk) for c in playable.players[:2]],
        "battles": "3",
        "seed": "5",
    }
    data.update(fields)
    return owner.post(_url(playable), data)


def _kept(playable, **fields):
    values = {
        "scene": playable.scene,
        "roster": playtest_roster([c.pk for c in playable.players[:2]]),
        "stance": "attack",
        "seed": 1,
        "battles": 100,
        "battles_done": 100,
        "status": "done",
        "report": {
            "battles": 100,
            "seed": 1,
            "victory": 0.25,
            "draw": 0.5,
            "defeat": 0.25,
            "interval": {
                "victory": [0.17, 0.34],
                "draw": [0.4, 0.6],
                "defeat": [0.17, 0.34],
            },
            "rounds": {"4": 30, "6": 70},
            "characters": {"Frodo": {"fell": 0.125, "wounded": 0.5}},
            "ends": {"VP": 60, "routed": 40},
            "warnings": ["The East Gate cannot be reached."],
            "robot": ROBOT,
        },
    }
    values.update(fields)
    return PlaytestReport.objects.create(**values)


def test_the_owner_runs_a_playtest_and_sees_its_report(
    owner, playable, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = _post(owner, playable)
    assert response.status_code == 302
    row = PlaytestReport.objects.get()
    assert (row.status, row.battles, row.seed) == ("done", 3, 5)
    page = owner.get(_url(playable)).content.decode()
    assert "3 battles, seed 5" in page
    assert f"Run by <bdi>{row.asked_by.get_username()}</bdi> on" in page
    assert "playtest-bar" in page and "playtest-rounds" in page


def test_the_page_shows_the_latest_report_in_full(owner, playable):
    _kept(playable)
    page = owner.get(_url(playable)).content.decode()
    for text in (
        "25.0\u00a0%",  # a share never split across two lines
        "17.0\u00a0% to 34.0\u00a0%",
        "Frodo",
        "12.5\u00a0%",
        "routed",
        "The East Gate cannot be reached.",
        "The battles lasted 4 to 6 rounds, most often 6.",
        "a plain, honest robot",
        'class="playtest-bar"',
    ):
        assert text in page, text


def test_a_get_never_enqueues(owner, playable, no_worker):
    owner.get(_url(playable))
    assert not PlaytestReport.objects.exists()


def test_while_it_runs_the_page_shows_its_progress_and_refreshes_itself(
    owner, playable
):
    _kept(playable, status="running", battles_done=40, report=None)
    page = owner.get(_url(playable)).content.decode()
    assert '<noscript><meta http-equiv="refresh" content="5"></noscript>' in page
    assert "40 of 100 battles fought" in page
    assert 'data-pack-refresh="' in page


def test_a_finished_page_does_not_refresh(owner, playable):
    _kept(playable)
    assert b'http-equiv="refresh"' not in owner.get(_url(playable)).content


def test_a_failed_playtest_says_why(owner, playable):
    _kept(playable, status="failed", error="It took too long.", report=None)
    assert "It took too long." in owner.get(_url(playable)).content.decode()


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("battles", "0", "from 1 to 100,000"),
        ("battles", "100001", "from 1 to 100,000"),
        ("battles", "many", "from 1 to 100,000"),
        ("seed", "-1", "The seed is a whole number"),
        ("participants", [], "Pick at least one character"),
        ("participants", ["999999"], "Select a valid choice"),
        ("stance", "charge", "Select a valid choice"),
    ],
)
def test_bad_input_is_refused_on_the_form_and_saves_nothing(
    owner, playable, field, value, message
):
    response = _post(owner, playable, **{field: value})
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not PlaytestReport.objects.exists()


def test_a_member_reads_the_page_but_cannot_run(client, playable, django_user_model):
    member = django_user_model.objects.create_user(username="m", password="pw")
    playable.campaign.members.add(member)
    client.force_login(member)
    _kept(playable)
    page = client.get(_url(playable))
    assert page.status_code == 200
    assert b"Run the playtest" not in page.content
    assert _post(client, playable).status_code == 403
    assert PlaytestReport.objects.count() == 1


def test_a_scene_that_is_not_a_battle_says_so(owner, playable):
    playable.scene.kind = "sanctuary"
    playable.scene.save()
    assert b"not a battle" in owner.get(_url(playable)).content
    response = _post(owner, playable)
    assert b"Nothing was run" in response.content
    assert not PlaytestReport.objects.exists()


def test_a_kept_report_of_the_scene_can_be_picked_and_a_bad_pick_is_ignored(
    owner, playable
):
    older = _kept(playable, seed=9)
    _kept(playable, seed=10)
    assert "seed 9</h2>" not in owner.get(_url(playable)).content.decode()
    picked = owner.get(_url(playable), {"report": older.pk}).content.decode()
    assert "100 battles, seed 9" in picked
    for bad in ("x", "999999", "-3"):
        assert owner.get(_url(playable), {"report": bad}).status_code == 200


def test_the_scene_and_the_dashboard_link_to_the_odds(owner, playable):
    url = _url(playable)
    scene_page = reverse(
        "campaigns:scene_detail",
        kwargs={"slug": playable.campaign.slug, "scene": playable.scene.slug},
    )
    dashboard = reverse("campaigns:dashboard", kwargs={"slug": playable.campaign.slug})
    assert url in owner.get(scene_page).content.decode()
    assert url in owner.get(dashboard).content.decode()


def test_the_page_reads_no_more_queries_with_more_reports_and_characters(
    owner, playable, django_assert_max_num_queries
):
    _kept(playable)
    with django_assert_max_num_queries(30) as small:
        owner.get(_url(playable))
    for seed in range(2, 8):
        _kept(playable, seed=seed)
    for i in range(8):
        Character.objects.create(
            company=playable.player_company, name=f"Extra {i}", wound_slots=2
        )
    with django_assert_max_num_queries(len(small.captured_queries)):
        owner.get(_url(playable))
