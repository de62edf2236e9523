"""A GET never enqueues work (issue 22, part 7): every campaign page, read by
its owner or a member, and the admin pages of a campaign's parts, leave the
task queue as they found it — even when the battle's pack as it is now was
never asked for, or its render is overdue (the worker side or the owner's
Retry send those). Counted with the django-tasks database backend."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from campaigns.models import Battle, Campaign, Character, Company, Scene
from campaigns.printing.models import PackRender
from campaigns.printing.pack_store import pack_key
from campaigns.selectors.battle_pack import battle_pack_data
from campaigns.services.battle_setup import battle_set_up
from tests.campaigns.admin_helpers import admin_url
from tests.campaigns.setup_helpers import build_playable
from tests.campaigns.test_access_walk import (
    MEMBERS_WRITE,
    OWNER,
    OWNER_EVEN_TO_READ,
    READ,
    status,
    url_for,
)

pytestmark = pytest.mark.django_db

SITE = "http://testserver"


@pytest.fixture
def db_tasks(settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


@pytest.fixture
def world(campaign, django_user_model, db_tasks):
    """A planned battle whose setup's render never ran (no commit in a test),
    so its pack was never asked for: the old battle page would ask."""
    playable = build_playable(campaign)
    battle = battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
        seed=5,
    )
    member = django_user_model.objects.create_user(username="member", password="pw")
    campaign.members.add(member)
    return playable, battle, member


def pages(playable, battle: Battle, *, owner: bool = True) -> list[str]:
    """Every campaign page the user may read (a member not the owner's
    invitations, a 403 even to read)."""
    owners = OWNER if owner else OWNER - OWNER_EVEN_TO_READ
    return [
        reverse("campaigns:home"),
        *(url_for(name, playable, battle) for name in sorted(READ | owners)),
        *(url_for(name, playable, battle) for name in sorted(MEMBERS_WRITE)),
    ]


def read_all(client, urls: list[str], capture) -> list[int]:
    codes = []
    for url in urls:
        with capture(execute=True):
            codes.append(status(client.get(url)))
    return codes


@pytest.mark.parametrize("who", ["owner", "member"])
def test_a_get_of_every_campaign_page_enqueues_nothing(
    client, user, world, who, django_capture_on_commit_callbacks
):
    playable, battle, member = world
    client.force_login(user if who == "owner" else member)
    before = DBTaskResult.objects.count()
    codes = read_all(
        client,
        pages(playable, battle, owner=who == "owner"),
        django_capture_on_commit_callbacks,
    )
    assert set(codes) <= {200, 304, 405}
    assert (DBTaskResult.objects.count(), PackRender.objects.count()) == (before, 0)


def test_a_get_of_a_battle_whose_render_is_overdue_enqueues_nothing(
    client, user, world, django_capture_on_commit_callbacks
):
    """A render queued an hour ago that no worker took: the page says so (the
    owner may Retry); looking at it sends nothing again."""
    playable, battle, _ = world
    key = pack_key(battle_pack_data(battle=battle, site_url=SITE))
    PackRender.objects.create(
        battle=battle,
        key=key,
        site_url=SITE,
        attempts=1,
        enqueued_at=timezone.now() - timedelta(hours=1),
    )
    client.force_login(user)
    before = DBTaskResult.objects.count()
    read_all(client, pages(playable, battle), django_capture_on_commit_callbacks)
    html = client.get(url_for("battle_detail", playable, battle)).content.decode()
    assert DBTaskResult.objects.count() == before
    assert "No worker finished the pack in time" in html


def test_a_get_of_the_admin_pages_of_a_campaign_enqueues_nothing(
    admin_client, world, django_capture_on_commit_callbacks
):
    playable, battle, _ = world
    urls = [
        admin_url(Campaign, "change", playable.campaign.pk),
        admin_url(Scene, "change", playable.scene.pk),
        admin_url(Company, "change", playable.player_company.pk),
        admin_url(Character, "change", playable.players[0].pk),
        admin_url(Battle, "change", battle.pk),
        admin_url(Battle, "changelist"),
    ]
    before = DBTaskResult.objects.count()
    codes = read_all(admin_client, urls, django_capture_on_commit_callbacks)
    assert (set(codes), DBTaskResult.objects.count()) == ({200}, before)
