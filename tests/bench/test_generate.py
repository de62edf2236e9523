"""bench.generate and generate_campaign: the sizes asked for, and a campaign the site
can serve."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db.models import Count, Q

from bench.generate import GenerateSizes, campaign_generate
from campaigns.models import Battle, Campaign, Character, PersistingWound, Scene

pytestmark = pytest.mark.django_db

SMALL = GenerateSizes(scenes=40, battles=30, companies=6, characters=60, wounds=600)


@pytest.fixture
def generated(user):
    return campaign_generate(owner=user, slug="big", sizes=SMALL, seed=3)


def test_generates_the_sizes_asked_for(generated):
    assert Scene.objects.filter(campaign=generated).count() == 40
    assert Battle.objects.filter(campaign=generated, status="resolved").count() == 30
    assert Character.objects.filter(company__campaign=generated).count() == 60
    assert PersistingWound.objects.count() == 600


def test_has_exactly_one_current_fighting_scene(generated):
    current = Scene.objects.filter(campaign=generated, status="current").exclude(
        kind="larger_battle"
    )
    assert current.count() == 1


def test_sub_scenes_sit_under_larger_battles(generated):
    subs = Scene.objects.filter(campaign=generated, kind="sub_scene")
    assert subs.exists()
    assert set(subs.values_list("parent__kind", flat=True)) == {"larger_battle"}


def test_never_more_open_wounds_than_slots_and_most_healed(generated):
    characters = Character.objects.annotate(
        open=Count("wounds", filter=Q(wounds__status="open"))
    )
    assert all(c.open < c.wound_slots for c in characters)
    assert PersistingWound.objects.filter(status="healed").count() > 500


def test_same_seed_same_campaign(user, django_user_model):
    other = django_user_model.objects.create_user(username="twin")
    first = campaign_generate(owner=user, slug="a", sizes=SMALL, seed=9)
    second = campaign_generate(owner=other, slug="b", sizes=SMALL, seed=9)

    def stats(campaign):
        return list(
            Character.objects.filter(company__campaign=campaign)
            .order_by("id")
            .values_list("attack", "defence", "wound_slots")
        )

    assert stats(first) == stats(second)


def test_command_refuses_a_taken_slug_with_one_line(generated):
    with pytest.raises(CommandError, match="already exists"):
        call_command("generate_campaign", "--slug", "big", "--scenes", "5")


def test_command_refuses_impossible_sizes():
    with pytest.raises(CommandError, match="at least 2 scenes"):
        call_command("generate_campaign", "--scenes", "1")
    assert not Campaign.objects.exists()
