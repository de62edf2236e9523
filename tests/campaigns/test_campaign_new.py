"""A campaign of one's own (SITE.md ``/campaigns/new/``): name, setting, paper
size and a start — a starter campaign of that setting, ready to play, a copy of
the demo, or empty; "My campaigns" offers it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import Campaign, Setting
from campaigns.selectors.lineup import scene_lineup
from campaigns.selectors.readiness import campaign_readiness
from campaigns.services.battle_setup import battle_set_up
from campaigns.services.campaign_start import campaign_slug_for, campaign_start

pytestmark = pytest.mark.django_db

NEW = "/campaigns/new/"


def post(client, **fields):
    """The form as sent, the setting named by its slug."""
    data = {
        "name": "My War",
        "setting": "historical",
        "paper_size": "LETTER",
        "start": "starter",
        **fields,
    }
    setting = Setting.objects.filter(slug=data["setting"]).first()
    data["setting"] = str(setting.pk) if setting else data["setting"]
    return client.post(NEW, data)


def test_my_campaigns_offers_a_new_campaign(owner):
    html = owner.get(reverse("campaigns:home")).content.decode()
    assert f'href="{NEW}"' in html


def test_a_user_with_no_campaign_is_not_told_to_run_make_run(owner):
    """The empty list speaks to a player, not to whoever installed the site."""
    html = owner.get(reverse("campaigns:home")).content.decode()
    assert ("make run" in html, "Start one of your own" in html) == (False, True)


def test_the_new_campaign_page_asks_name_setting_paper_and_start(owner):
    html = owner.get(NEW).content.decode()
    for name in ("name", "setting", "paper_size", "start"):
        assert f'name="{name}"' in html


def test_an_anonymous_visitor_is_sent_to_log_in(client):
    assert client.get(NEW)["Location"].startswith("/accounts/login/")


@pytest.mark.parametrize("setting", ["fantasy", "science-fiction", "historical"])
def test_a_starter_is_ready_to_play(owner, user, setting):
    """Two or three scenes, two companies a side, nothing lacking, and its first
    battle sets up."""
    response = post(owner, setting=setting)
    campaign = Campaign.objects.get(owner=user)
    scene = campaign.current_scene()
    sides = sorted(scene.scene_companies.values_list("side", flat=True))
    fit = [c.character.pk for c in scene_lineup(scene=scene).default_participants()]
    battle = battle_set_up(scene=scene, stance="attack", participant_ids=fit, seed=1)
    assert (
        response["Location"],
        campaign.setting.slug,
        campaign.paper_size,
        campaign.scenes.count() in (2, 3),
        sides,
        campaign_readiness(campaign=campaign).gaps,
        battle.number,
    ) == (
        f"/campaigns/{campaign.slug}/",
        setting,
        "LETTER",
        True,
        ["ai", "ai", "player", "player"],
        (),
        1,
    )


def test_an_empty_campaign_has_no_scenes(owner, user):
    post(owner, start="empty", name="Blank Slate")
    campaign = Campaign.objects.get(owner=user)
    assert (campaign.name, campaign.slug, campaign.scenes.count()) == (
        "Blank Slate",
        "blank-slate",
        0,
    )


def test_a_copy_of_the_demo_is_the_users_under_their_name(owner, user):
    post(owner, start="demo", name="Our Ring", paper_size="A4")
    campaign = Campaign.objects.get(owner=user)
    assert (
        campaign.name,
        campaign.slug,
        campaign.scenes.filter(slug="bree").exists(),
        campaign.members.count(),
    ) == ("Our Ring", "our-ring", True, 0)


def test_a_name_is_required_and_nothing_is_saved(owner):
    response = post(owner, name="   ")
    assert ("Give the campaign a name." in response.content.decode()) and (
        Campaign.objects.count() == 0
    )


@pytest.mark.parametrize(
    "fields", [{"setting": "steampunk"}, {"start": "all"}, {"paper_size": "A3"}]
)
def test_an_unknown_choice_is_a_form_error(owner, fields):
    response = post(owner, **fields)
    assert (response.status_code, Campaign.objects.count()) == (200, 0)


def test_a_taken_slug_gets_a_number(user):
    fantasy = Setting.objects.get(slug="fantasy")
    for _ in range(2):
        campaign_start(
            owner=user, name="Twice", setting=fantasy, paper_size="A4", start="empty"
        )
    assert sorted(Campaign.objects.values_list("slug", flat=True)) == [
        "twice",
        "twice-2",
    ]


@pytest.mark.parametrize(
    ("name", "slug"), [("New", "new-campaign"), ("!!!", "campaign")]
)
def test_a_slug_never_takes_a_site_url(name, slug):
    """ "new" and "import" are the site's own pages under /campaigns/."""
    assert campaign_slug_for(name=name) == slug


def test_a_starter_needs_a_setting_that_has_one(owner, user):
    """A builder's own setting has no starter: the form says so, saves nothing."""
    Setting.objects.create(slug="weird-west", name="Weird West", owner=user)
    response = post(owner, setting="weird-west")
    assert ("There is no starter campaign for" in response.content.decode()) and (
        Campaign.objects.count() == 0
    )


def test_another_users_setting_cannot_be_picked(owner, other_user):
    Setting.objects.create(slug="theirs", name="Theirs", owner=other_user)
    response = post(owner, setting="theirs", start="empty")
    assert (response.status_code, Campaign.objects.count()) == (200, 0)


def test_a_starter_of_a_setting_draws_from_its_deck(owner, user, demo_campaign):
    """The science-fiction starter's random events come from the streets deck."""
    post(owner, setting="science-fiction", name="Colony")
    campaign = Campaign.objects.get(owner=user, name="Colony")
    assert campaign.event_deck.slug == "streets"
