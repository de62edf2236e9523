"""The campaign dashboard and the home page: the one obvious next step, the
timeline, rosters, commanders and the latest chronicle, in a fixed number of
queries whatever the campaign's size."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench.generate import GenerateSizes, campaign_generate
from campaigns.models import (
    CampaignLogEntry,
    CommanderChange,
    PersistingWound,
    Scene,
)
from campaigns.selectors.dashboard import TIMELINE_PAGE, campaign_timeline
from campaigns.services.battle_setup import battle_reroll, battle_set_up
from tests.campaigns.setup_helpers import build_playable
from tests.campaigns.stored_packs import pack_stored_by_worker

pytestmark = pytest.mark.django_db


@pytest.fixture
def playable(campaign):
    return build_playable(campaign)


@pytest.fixture
def member(django_user_model, campaign):
    member = django_user_model.objects.create_user(username="sam", password="pw")
    campaign.members.add(member)
    return member


def dashboard_url(campaign) -> str:
    return reverse("campaigns:dashboard", kwargs={"slug": campaign.slug})


def steps(client, campaign) -> list[tuple[str, bool]]:
    response = client.get(dashboard_url(campaign))
    return [(step.label, step.primary) for step in response.context["steps"]]


def plan(playable):
    return battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
        seed=5,
    )


# --- the next step ---------------------------------------------------------------


def test_with_nothing_planned_the_step_is_set_up_battle(client, user, playable):
    client.force_login(user)
    assert steps(client, playable.campaign) == [("Set up battle", True)]


def test_a_planned_battle_offers_its_pack_first_then_its_result(client, user, playable):
    plan(playable)
    client.force_login(user)
    assert steps(client, playable.campaign) == [
        ("Download battle pack", True),
        ("Enter result", False),
    ]


def download_pack(client, battle) -> None:
    url = reverse(
        "campaigns:battle_pack",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )
    pack_stored_by_worker(battle)
    response = client.get(url)
    assert response.status_code == 200


def test_once_the_pack_is_downloaded_entering_the_result_is_the_step(
    client, user, playable
):
    battle = plan(playable)
    client.force_login(user)
    download_pack(client, battle)
    assert steps(client, playable.campaign) == [
        ("Enter result", True),
        ("Download battle pack", False),
    ]


def test_a_rerolled_battle_asks_for_its_new_pack(client, user, playable):
    battle = plan(playable)
    client.force_login(user)
    download_pack(client, battle)
    battle_reroll(battle=battle)
    assert steps(client, playable.campaign)[0] == ("Download battle pack", True)


def _primary(client, url) -> list[str]:
    """The labels of a page's steps that are shown as the obvious next one."""
    response = client.get(url)
    page = response.context.get("page")
    found = getattr(page, "steps", None) or response.context["steps"]
    return [step.label for step in found if step.primary]


@pytest.mark.parametrize("where", ["battle", "scene"])
def test_a_rerolled_pack_is_not_counted_as_downloaded_on_any_page(
    client, user, playable, where
):
    """After a re-roll the battle and scene pages no longer make "Enter result"
    the obvious step: the pack in hand shows the old setup."""
    battle = plan(playable)
    client.force_login(user)
    download_pack(client, battle)
    url = (
        reverse(
            "campaigns:battle_detail",
            kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
        )
        if where == "battle"
        else reverse(
            "campaigns:scene_detail",
            kwargs={"slug": battle.campaign.slug, "scene": playable.scene.slug},
        )
    )
    before = _primary(client, url)
    battle_reroll(battle=battle)
    assert ("Enter result" in before, "Enter result" in _primary(client, url)) == (
        True,
        False,
    )


def test_the_new_pack_downloaded_after_a_reroll_counts(client, user, playable):
    """Downloading the re-rolled battle's pack makes entering the result the
    step again."""
    battle = plan(playable)
    client.force_login(user)
    download_pack(client, battle)
    battle_reroll(battle=battle)
    download_pack(client, battle)
    assert steps(client, playable.campaign)[0] == ("Enter result", True)


def test_a_pack_downloaded_in_another_session_does_not_count(client, user, playable):
    """What the player has in hand is known per session (per device)."""
    battle = plan(playable)
    client.force_login(user)
    download_pack(client, battle)
    other = Client()
    other.force_login(user)
    assert steps(other, playable.campaign)[0] == ("Download battle pack", True)


def test_a_sanctuary_offers_rest_through_its_confirm_page(
    client, user, campaign, make_scene
):
    """Resting changes the campaign: the step leads to the page that says what
    it will heal, which has the button."""
    scene = make_scene(campaign, kind="sanctuary", status="current", title="Rivendell")
    client.force_login(user)
    response = client.get(dashboard_url(campaign))
    step = response.context["steps"][0]
    rest = reverse("campaigns:scene_rest", args=[campaign.slug, scene.slug])
    assert (step.label, step.method, step.url) == ("Rest here", "get", rest)


def test_a_member_is_offered_the_pack_and_nothing_that_changes_the_campaign(
    client, member, playable
):
    plan(playable)
    client.force_login(member)
    assert steps(client, playable.campaign) == [("Download battle pack", True)]


def test_a_member_is_not_offered_to_set_up(client, member, playable):
    client.force_login(member)
    assert steps(client, playable.campaign) == []


def test_with_every_scene_resolved_the_story_is_told(client, user, campaign):
    Scene.objects.create(
        campaign=campaign, title="The end", slug="end", status="resolved"
    )
    client.force_login(user)
    assert "The story is told" in client.get(dashboard_url(campaign)).content.decode()


# --- the timeline ------------------------------------------------------------------


def test_sub_scenes_are_nested_under_their_larger_battle(campaign, make_scene):
    helms = make_scene(campaign, kind="larger_battle", title="Helm's Deep")
    wall = make_scene(campaign, kind="sub_scene", parent=helms, title="The wall")
    keep = make_scene(campaign, kind="sub_scene", parent=helms, title="The keep")
    page = campaign_timeline(campaign=campaign)
    assert [(e.scene.pk, [s.pk for s in e.sub_scenes]) for e in page] == [
        (helms.pk, [wall.pk, keep.pk])
    ]


def test_the_timeline_opens_on_the_page_of_the_current_scene(campaign, make_scene):
    for n in range(TIMELINE_PAGE + 3):
        make_scene(campaign, status="resolved" if n <= TIMELINE_PAGE else "pending")
    current = Scene.objects.filter(campaign=campaign).order_by("order")[
        TIMELINE_PAGE + 1
    ]
    Scene.objects.filter(pk=current.pk).update(status="current")
    assert campaign_timeline(campaign=campaign).number == 2


def test_a_resolved_scene_shows_its_outcome(client, user, campaign, make_scene):
    make_scene(campaign, title="Weathertop", status="resolved", outcome="defeat")
    client.force_login(user)
    content = client.get(dashboard_url(campaign)).content.decode()
    assert '<span class="badge badge--defeat">Defeat</span>' in content


# --- rosters, commanders, chronicle --------------------------------------------------


def test_the_companies_in_the_current_scene_show_their_card_values(
    client, user, playable
):
    frodo = playable.players[0]
    frodo.attack, frodo.defence, frodo.shooting_range = 2, -1, 12
    frodo.save()
    client.force_login(user)
    content = client.get(dashboard_url(playable.campaign)).content.decode()
    assert all(
        cell in content
        for cell in ('data-label="Att">+2<', 'data-label="Def">−1<', ">12&quot;<")
    )


def test_an_open_wound_fills_a_slot_on_the_dashboard_roster(client, user, playable):
    PersistingWound.objects.create(character=playable.players[0], name="Morgul-blade")
    client.force_login(user)
    content = client.get(dashboard_url(playable.campaign)).content.decode()
    assert 'title="Morgul-blade"' in content


def test_a_dead_character_is_marked_dead(client, user, playable):
    playable.players[1].alive = False
    playable.players[1].save()
    client.force_login(user)
    content = client.get(dashboard_url(playable.campaign)).content.decode()
    assert '<span class="badge badge--dead">Dead</span>' in content


def test_commanders_show_reputation_rating_and_their_latest_changes(
    client, user, playable
):
    CommanderChange.objects.create(
        commander=playable.ai_commander,
        field="reputation",
        old_value="bold",
        new_value="rash",
        reason="Drunk on victory",
    )
    client.force_login(user)
    content = client.get(dashboard_url(playable.campaign)).content.decode()
    assert "Reputation: Bold → Rash (Drunk on victory)" in content


def test_the_latest_ten_chronicle_entries_come_newest_first(client, user, campaign):
    for n in range(12):
        CampaignLogEntry.objects.create(
            campaign=campaign, kind="note", text=f"Entry {n}", order=n
        )
    client.force_login(user)
    response = client.get(dashboard_url(campaign))
    assert [e.text for e in response.context["page"].log_entries] == [
        f"Entry {n}" for n in range(11, 1, -1)
    ]


def test_the_latest_entries_tell_the_story_without_the_single_effects(
    client, user, campaign
):
    """A result's entry tells its story; the effects it made (one row each in
    the log) are not listed beside it on the dashboard."""
    story = "Battle 1 at Amon Hen: a victory. Boromir fell and is grievously wounded."
    CampaignLogEntry.objects.create(campaign=campaign, kind="result", text=story)
    CampaignLogEntry.objects.create(
        campaign=campaign, kind="effect", text="character 12: unfit False → True"
    )
    client.force_login(user)
    response = client.get(dashboard_url(campaign))
    assert [e.text for e in response.context["page"].log_entries] == [story]


# --- home ----------------------------------------------------------------------------


def test_home_lists_the_campaigns_the_user_owns_or_is_a_member_of(
    client, user, campaign, make_campaign
):
    make_campaign(name="The Hobbit", slug="hobbit").members.add(user)
    make_campaign(name="Not mine", slug="not-mine")
    client.force_login(user)
    response = client.get(reverse("campaigns:home"))
    assert [c.name for c in response.context["campaigns"]] == [
        "The Hobbit",
        "The War of the Ring",
    ]


def test_home_shows_each_campaigns_current_scene(client, user, playable):
    client.force_login(user)
    content = client.get(reverse("campaigns:home")).content.decode()
    assert "Now: <strong><bdi>Weathertop</bdi></strong>" in content


# --- query counts ----------------------------------------------------------------


def generated(user, slug: str, factor: int):
    return campaign_generate(
        owner=user,
        slug=slug,
        sizes=GenerateSizes(
            scenes=12 * factor,
            battles=6 * factor,
            companies=4 * factor,
            characters=30 * factor,
            wounds=60 * factor,
        ),
        seed=factor,
    )


def queries(client, path: str) -> int:
    with CaptureQueriesContext(connection) as context:
        response = client.get(path)
    assert response.status_code == 200
    return len(context)


def test_the_dashboard_runs_as_many_queries_for_a_campaign_five_times_bigger(
    client, user, django_assert_max_num_queries
):
    small = generated(user, "small", 1)
    big = generated(user, "big", 5)
    client.force_login(user)
    with django_assert_max_num_queries(15):
        client.get(dashboard_url(big))
    assert queries(client, dashboard_url(small)) == queries(client, dashboard_url(big))


def test_a_dashboard_with_a_planned_battle_runs_as_many_queries_at_5x(client, user):
    """With a battle planned too, the count is flat and within 15."""
    counts = []
    for slug, factor in (("small", 1), ("big", 5)):
        campaign = generated(user, slug, factor)
        scene = campaign.current_scene()
        fighters = scene.scene_companies.get(side="player").company.characters
        battle_set_up(
            scene=scene,
            stance="recon",
            participant_ids=[c.pk for c in fighters.all()[:3]],
            seed=1,
        )
        client.force_login(user)
        counts.append(queries(client, dashboard_url(campaign)))
    assert counts[0] == counts[1] <= 15


def test_home_runs_as_many_queries_for_more_campaigns(
    client, user, make_campaign, make_scene
):
    def home_queries() -> int:
        return queries(client, reverse("campaigns:home"))

    client.force_login(user)
    campaign = make_campaign(owner=user)
    make_scene(campaign, status="current")
    few = home_queries()
    for _ in range(5):
        make_scene(make_campaign(owner=user), status="current")
    assert home_queries() == few
