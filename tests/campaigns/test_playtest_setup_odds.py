"""The battle set-up form shows the odds of a kept playtest for the chosen
stance and characters, else a link to run one (RULES §7, issue 32 item 5),
without a query per character."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import Character, PlaytestReport
from campaigns.selectors.lineup import scene_lineup
from campaigns.services.playtest import playtest_roster
from tests.campaigns.setup_helpers import build_playable

pytestmark = pytest.mark.django_db


@pytest.fixture
def playable(campaign):
    return build_playable(campaign)


def _setup_url(playable):
    return reverse(
        "campaigns:battle_setup",
        kwargs={"slug": playable.campaign.slug, "scene": playable.scene.slug},
    )


def _defaults(playable):
    return scene_lineup(scene=playable.scene).default_participant_ids()


def _kept(playable, ids, *, stance="attack", victory=0.25, seed=1):
    return PlaytestReport.objects.create(
        scene=playable.scene,
        roster=playtest_roster(ids),
        stance=stance,
        seed=seed,
        battles=50,
        battles_done=50,
        status="done",
        report={
            "battles": 50,
            "seed": seed,
            "victory": victory,
            "draw": 0.0,
            "defeat": 1 - victory,
            "interval": {"victory": [0, 1], "draw": [0, 1], "defeat": [0, 1]},
            "rounds": {"5": 50},
            "characters": {},
            "ends": {"VP": 50},
            "warnings": [],
        },
    )


def test_without_a_kept_playtest_the_form_links_to_run_one(owner, playable):
    page = owner.get(_setup_url(playable)).content.decode()
    assert "No playtest is kept for this stance and these characters." in page
    first = _defaults(playable)[0]
    assert f"/playtest/?stance=attack&amp;participants={first}" in page


def test_the_form_shows_the_kept_odds_of_the_chosen_stance_and_characters(
    owner, playable
):
    _kept(playable, _defaults(playable), victory=0.25)
    page = owner.get(_setup_url(playable)).content.decode()
    assert "victory 25.0 %, draw 0.0 %, defeat 75.0 %" in page
    assert "a plain, honest robot" in page


def test_odds_of_other_characters_or_another_stance_are_not_the_chosen_ones(
    owner, playable
):
    _kept(playable, _defaults(playable)[:1], victory=0.25)
    _kept(playable, _defaults(playable), stance="defend", victory=0.75, seed=2)
    page = owner.get(_setup_url(playable)).content.decode()
    assert "No playtest is kept for this stance" in page
    assert "75.0 %" not in page and "victory 25.0 %" not in page


def test_a_posted_choice_shows_its_own_odds(owner, playable):
    ids = _defaults(playable)[:2]
    _kept(playable, ids, stance="defend", victory=0.75)
    page = owner.post(
        _setup_url(playable),
        {"stance": "defend", "participants": [str(i) for i in ids], "seed": "x"},
    ).content.decode()
    assert "victory 75.0 %" in page


def test_the_odds_read_no_query_per_character(
    owner, playable, django_assert_max_num_queries
):
    _kept(playable, _defaults(playable))
    with django_assert_max_num_queries(60) as small:
        owner.get(_setup_url(playable))
    for i in range(6):
        Character.objects.create(
            company=playable.player_company, name=f"Extra {i}", wound_slots=2
        )
    _kept(playable, _defaults(playable))
    with django_assert_max_num_queries(len(small.captured_queries)):
        owner.get(_setup_url(playable))


def test_the_run_link_picks_the_stance_and_characters_on_the_playtest_form(
    owner, playable
):
    picked = _defaults(playable)[1]
    url = reverse(
        "campaigns:scene_playtest",
        kwargs={"slug": playable.campaign.slug, "scene": playable.scene.slug},
    )
    page = owner.get(url, {"stance": "defend", "participants": picked})
    html = page.content.decode()
    assert 'value="defend" id="id_stance_2" required checked' in html
    assert html.count('name="participants"') > 1
    assert html.count("checked") == 2  # the stance and the one character
    assert not PlaytestReport.objects.exists()
