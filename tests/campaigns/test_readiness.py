"""What a campaign lacks before it can be played (the selector the admin's
panel and the dashboard share), and the dashboard showing it to the owner."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.models import Event, EventDeck
from campaigns.selectors.readiness import campaign_readiness
from engines.events import EVENT_KEYS

pytestmark = pytest.mark.django_db


def gaps(campaign) -> list[str]:
    return [gap.text for gap in campaign_readiness(campaign=campaign).gaps]


@pytest.fixture
def ready(campaign, make_company, make_character, make_scene, make_scene_company):
    """A campaign with one current fighting scene, complete."""
    retinue = make_company(campaign, name="Retinue")
    militia = make_company(campaign, name="Militia", side="ai")
    make_character(retinue, name="Vex")
    make_character(militia, name="Guard")
    scene = make_scene(campaign, title="Alley", status="current")
    make_scene_company(scene, retinue, leading=True)
    make_scene_company(scene, militia, leading=True)
    campaign.retinue, campaign.militia, campaign.alley = retinue, militia, scene
    return campaign


def test_a_complete_campaign_is_ready(ready):
    assert campaign_readiness(campaign=ready).ready


def test_the_demo_campaign_is_ready(demo_campaign):
    assert gaps(demo_campaign) == []


def test_a_campaign_without_scenes_says_so(campaign):
    readiness = campaign_readiness(campaign=campaign)

    assert (gaps(campaign), readiness.gaps[0].fix_url) == (
        ["The campaign has no scenes yet."],
        f"/admin/campaigns/scene/add/?campaign={campaign.pk}",
    )


def test_no_current_scene_links_to_the_first_unplayed_scene(ready, make_scene):
    ready.alley.status = "pending"
    ready.alley.save()

    readiness = campaign_readiness(campaign=ready)

    assert (
        readiness.gaps[0].fix_url == f"/admin/campaigns/scene/{ready.alley.pk}/change/"
    )


def test_a_finished_campaign_lacks_nothing(ready):
    ready.alley.status = "resolved"
    ready.alley.outcome = "victory"
    ready.alley.save()

    assert gaps(ready) == []


def test_a_fighting_scene_without_an_ai_company(ready):
    ready.alley.scene_companies.filter(side="ai").delete()

    assert gaps(ready) == [
        "“Alley” has no AI company: add the company the robot plays."
    ]


def test_a_fighting_scene_without_a_leader(ready):
    ready.alley.scene_companies.filter(side="player").update(leading=False)

    assert gaps(ready) == ["“Alley”: choose the company that leads the player side."]


def test_a_company_without_characters_links_to_the_company(ready):
    ready.militia.characters.all().delete()

    readiness = campaign_readiness(campaign=ready)

    assert (gaps(ready), readiness.gaps[0].fix_url) == (
        ["“Alley”: “Militia” has no characters."],
        f"/admin/campaigns/company/{ready.militia.pk}/change/#characters-group",
    )


def test_a_minimum_no_allowed_characters_can_meet(ready, make_character):
    entry = ready.alley.scene_companies.get(side="player")
    entry.allowed_characters.set([ready.retinue.characters.get()])
    entry.min_characters = 2
    entry.save()

    assert gaps(ready) == [
        "“Alley”: at least 2 of “Retinue” must take part, but only 1 can."
    ]


def test_a_larger_battle_without_sub_scenes(ready, make_scene):
    make_scene(ready, title="Siege", kind="larger_battle")

    assert gaps(ready) == [
        "“Siege” is a larger battle with no sub-scenes: add the battles fought in it."
    ]


def test_random_events_with_an_incomplete_deck(ready):
    deck = EventDeck.objects.create(name="Neon", slug="neon")
    for key in EVENT_KEYS[:11]:
        Event.objects.create(deck=deck, card=key, title=key, text=key)
    ready.random_events, ready.event_deck = True, deck
    ready.save()

    readiness = campaign_readiness(campaign=ready)

    assert gaps(ready)[0].startswith("Random events are on, but the event deck “Neon”")
    assert readiness.gaps[0].fix_url == f"/admin/campaigns/eventdeck/{deck.pk}/change/"


def test_a_gap_in_a_later_scene_does_not_block_the_current_one(
    ready, make_scene, make_scene_company
):
    later = make_scene(ready, title="Later")
    make_scene_company(later, ready.retinue, leading=True)

    readiness = campaign_readiness(campaign=ready)

    assert (readiness.ready, readiness.blocks_play) == (False, False)


def test_a_gap_in_the_current_scene_blocks_play(ready):
    ready.alley.scene_companies.filter(side="ai").delete()

    assert campaign_readiness(campaign=ready).blocks_play


def test_the_check_makes_the_same_queries_whatever_the_size(
    ready, make_scene, make_company, make_character, make_scene_company
):
    def count() -> int:
        with CaptureQueriesContext(connection) as queries:
            campaign_readiness(campaign=ready)
        return len(queries)

    before = count()
    for n in range(5):
        company = make_company(ready, name=f"Extra {n}", side="ai")
        make_character(company)
        scene = make_scene(ready, title=f"More {n}")
        make_scene_company(scene, company, leading=True)
        make_scene_company(scene, ready.retinue, leading=True)
    assert count() == before


# --- the dashboard --------------------------------------------------------------------


def dashboard(client, campaign):
    return client.get(reverse("campaigns:dashboard", args=[campaign.slug]))


def test_the_owner_s_dashboard_lists_what_is_missing_instead_of_set_up(
    client, user, ready
):
    ready.alley.scene_companies.filter(side="ai").delete()
    client.force_login(user)

    page = dashboard(client, ready).content.decode()

    assert "has no AI company" in page and "Set up battle" not in page


def test_a_ready_campaign_s_dashboard_offers_set_up_and_no_list(client, user, ready):
    client.force_login(user)

    page = dashboard(client, ready).content.decode()

    assert "Set up battle" in page and "Before this campaign can be played" not in page


def test_a_member_does_not_see_the_list(client, other_user, ready):
    ready.members.add(other_user)
    ready.alley.scene_companies.filter(side="ai").delete()
    client.force_login(other_user)

    assert "has no AI company" not in dashboard(client, ready).content.decode()


def test_the_list_links_to_the_admin_only_for_staff(client, user, ready):
    ready.alley.scene_companies.filter(side="ai").delete()
    client.force_login(user)
    without = dashboard(client, ready).content.decode()
    user.is_staff = True
    user.save()
    with_links = dashboard(client, ready).content.decode()

    link = (
        f'href="/admin/campaigns/scene/{ready.alley.pk}/change/#scene_companies-group"'
    )
    assert (link in without, link in with_links) == (False, True)
