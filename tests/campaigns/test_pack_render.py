"""Battle packs rendered in the background: setting up and re-rolling send the
pack to a worker once committed; the battle page says "Preparing your pack…"
until it is stored, then offers the download; a failed, overdue or refused
render is reported with a Retry button, never left preparing. Tasks run with
the immediate backend (the test settings), when the transaction commits."""

from __future__ import annotations

import errno
import time
from datetime import timedelta

import pytest
from django.core.files.storage import default_storage
from django.urls import reverse
from django.utils import timezone

from campaigns.models import Battle
from campaigns.printing import pack_store
from campaigns.printing.models import PackRender
from campaigns.printing.pack_store import pack_key, pack_path
from campaigns.selectors.battle_pack import battle_pack_data
from campaigns.selectors.battles import battle_url as url
from campaigns.selectors.pack_status import (
    NOT_ASKED_MESSAGE,
    STALE_MESSAGE,
    PackState,
    pack_render_latest,
)
from campaigns.services.battle_setup import battle_reroll
from campaigns.services.pack_render import pack_render_ensure, pack_render_schedule
from campaigns.tasks import pack_render
from tests.campaigns.dump import database_dump
from tests.campaigns.stored_packs import pack_stored_by_worker

pytestmark = pytest.mark.django_db

SITE = "http://testserver"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


@pytest.fixture
def renders(monkeypatch):
    """Counts renders; each makes a small stand-in PDF (the layout is tested
    elsewhere: here only when and whether a render happens matters)."""
    calls = []

    def fake_render_pack_pdf(data) -> bytes:
        calls.append(data)
        return b"%PDF-1.7 stand-in " + str(len(calls)).encode()

    monkeypatch.setattr(pack_store.printing, "render_pack_pdf", fake_render_pack_pdf)
    return calls


@pytest.fixture
def battle(make_pack_battle) -> Battle:
    return make_pack_battle(players=2, ai=2)


@pytest.fixture
def member(client, django_user_model, campaign):
    sam = django_user_model.objects.create_user(username="sam")
    campaign.members.add(sam)
    client.force_login(sam)
    return client


def current_key(battle: Battle, site: str = SITE) -> str:
    return pack_key(battle_pack_data(battle=battle, site_url=site))


def row_of(battle: Battle, site: str = SITE) -> PackRender | None:
    return PackRender.objects.filter(key=current_key(battle, site)).first()


def page(client, battle: Battle, capture) -> str:
    """The battle page; a GET asks for nothing to run once it is served."""
    with capture(execute=True) as callbacks:
        response = client.get(url("battle_detail", battle))
    assert (response.status_code, callbacks) == (200, [])
    return response.content.decode()


def asked(battle: Battle, capture) -> None:
    """The battle's pack asked for, as setting up or a change it prints does
    once committed."""
    with capture(execute=True):
        pack_render_schedule(battle=battle, site_url=SITE)


def age(render: PackRender, seconds: float, *, field: str = "enqueued_at") -> None:
    PackRender.objects.filter(pk=render.pk).update(
        **{field: timezone.now() - timedelta(seconds=seconds)}
    )


# --- asked for when the setup changes -----------------------------------------------


def test_setting_up_sends_the_pack_to_a_worker_once_committed(
    make_pack_battle, renders, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        battle = make_pack_battle(players=2, ai=2)
    stored = row_of(battle, "http://127.0.0.1:8000")
    assert (stored.status, len(renders)) == ("stored", 1)


def test_nothing_is_sent_before_the_setup_commits(make_pack_battle, renders):
    make_pack_battle(players=2, ai=2)
    assert (PackRender.objects.count(), len(renders)) == (0, 0)


def test_the_setup_page_sends_the_pack_printing_the_players_address(
    owner, campaign, renders, settings, django_capture_on_commit_callbacks
):
    from tests.campaigns.setup_helpers import build_playable

    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "192.168.1.20"]
    playable = build_playable(campaign)
    setup = reverse(
        "campaigns:battle_setup",
        kwargs={"slug": campaign.slug, "scene": playable.scene.slug},
    )
    data = {"stance": "attack", "participants": [c.pk for c in playable.players]}
    with django_capture_on_commit_callbacks(execute=True):
        owner.post(setup, data, HTTP_HOST="192.168.1.20:8000")
    render = PackRender.objects.get()
    assert (render.site_url, render.status) == ("http://192.168.1.20:8000", "stored")


def test_rerolling_sends_the_new_pack(
    battle, renders, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        battle = battle_reroll(battle=battle, site_url=SITE)
    assert (row_of(battle).status, len(renders)) == ("stored", 1)


# --- the battle page ------------------------------------------------------------------


def test_the_page_says_preparing_while_no_worker_has_it(
    owner, battle, no_worker, django_capture_on_commit_callbacks
):
    asked(battle, django_capture_on_commit_callbacks)
    assert "Preparing your pack…" in page(
        owner, battle, django_capture_on_commit_callbacks
    )


def test_the_preparing_page_refreshes_itself_with_a_script_of_the_site(
    owner, battle, no_worker, django_capture_on_commit_callbacks
):
    asked(battle, django_capture_on_commit_callbacks)
    html = page(owner, battle, django_capture_on_commit_callbacks)
    assert 'data-pack-refresh="/campaigns/' in html
    assert '<script src="/static/js/pack-status.js" defer></script>' in html


def test_the_preparing_page_offers_a_refresh_not_a_render(
    owner, battle, no_worker, django_capture_on_commit_callbacks
):
    """No "download it now": a GET of the pack never renders it."""
    asked(battle, django_capture_on_commit_callbacks)
    html = page(owner, battle, django_capture_on_commit_callbacks)
    assert (f'<a href="{url("battle_detail", battle)}">refresh</a>' in html) and (
        "download it now" not in html
    )


def test_the_page_offers_the_download_once_stored(
    owner, battle, renders, django_capture_on_commit_callbacks
):
    asked(battle, django_capture_on_commit_callbacks)
    html = page(owner, battle, django_capture_on_commit_callbacks)
    assert (
        f'<a class="button" href="{url("battle_pack", battle)}">Download battle pack'
        in html
    )


def test_a_stored_page_has_no_script(
    owner, battle, renders, django_capture_on_commit_callbacks
):
    asked(battle, django_capture_on_commit_callbacks)
    assert "<script" not in page(owner, battle, django_capture_on_commit_callbacks)


def test_a_pack_nobody_asked_for_is_offered_to_the_owners_retry_not_rendered(
    owner, battle, renders, django_capture_on_commit_callbacks
):
    """A change made behind the site's back (no service, no admin page) leaves
    the battle's current pack unasked: the page says so and offers Retry; the
    GET renders nothing."""
    asked(battle, django_capture_on_commit_callbacks)
    character = battle.participants.first().character
    character.name = "Strider"
    character.save()
    html = page(owner, battle, django_capture_on_commit_callbacks)
    assert (NOT_ASKED_MESSAGE in html, len(renders), row_of(battle)) == (
        True,
        1,
        None,
    )
    assert f'action="{url("battle_pack_retry", battle)}"' in html


def test_an_unchanged_pack_is_not_rendered_again(
    owner, battle, renders, django_capture_on_commit_callbacks
):
    asked(battle, django_capture_on_commit_callbacks)
    for _ in range(3):
        page(owner, battle, django_capture_on_commit_callbacks)
    assert len(renders) == 1


def test_a_pack_stored_before_is_ready_without_a_render(
    battle, renders, django_capture_on_commit_callbacks
):
    pack_store.stored_pack(battle=battle, site_url=SITE)
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    assert (row_of(battle).status, len(renders)) == ("stored", 1)


# --- failures: reported, with a retry -------------------------------------------------


@pytest.fixture
def broken_render(monkeypatch):
    def fail(data):
        raise RuntimeError("layout exploded")

    monkeypatch.setattr(pack_store.printing, "render_pack_pdf", fail)


def test_a_failed_render_is_reported_on_the_page(
    owner, battle, broken_render, django_capture_on_commit_callbacks
):
    asked(battle, django_capture_on_commit_callbacks)
    html = page(owner, battle, django_capture_on_commit_callbacks)
    assert "Your pack could not be prepared." in html


def test_the_owner_gets_a_retry_button(
    owner, battle, broken_render, django_capture_on_commit_callbacks
):
    asked(battle, django_capture_on_commit_callbacks)
    html = page(owner, battle, django_capture_on_commit_callbacks)
    assert f'<form method="post" action="{url("battle_pack_retry", battle)}">' in html


def test_a_member_sees_the_failure_without_a_retry_button(
    member, battle, broken_render, django_capture_on_commit_callbacks
):
    asked(battle, django_capture_on_commit_callbacks)
    html = page(member, battle, django_capture_on_commit_callbacks)
    assert ("could not be prepared" in html, "Retry" in html) == (True, False)


def test_a_failed_render_is_not_sent_again_by_looking_at_the_page(
    owner, battle, broken_render, django_capture_on_commit_callbacks
):
    asked(battle, django_capture_on_commit_callbacks)
    for _ in range(3):
        page(owner, battle, django_capture_on_commit_callbacks)
    assert row_of(battle).attempts == 1


def test_retry_sends_the_pack_again_and_the_page_offers_it(
    owner, battle, broken_render, monkeypatch, django_capture_on_commit_callbacks
):
    asked(battle, django_capture_on_commit_callbacks)
    monkeypatch.setattr(
        pack_store.printing, "render_pack_pdf", lambda data: b"%PDF-1.7 at last"
    )
    with django_capture_on_commit_callbacks(execute=True):
        response = owner.post(url("battle_pack_retry", battle))
    assert response.status_code == 302
    assert "Download battle pack" in page(
        owner, battle, django_capture_on_commit_callbacks
    )


def test_retry_is_a_post(owner, battle):
    assert owner.get(url("battle_pack_retry", battle)).status_code == 405


def test_a_member_may_not_retry(member, battle):
    assert member.post(url("battle_pack_retry", battle)).status_code == 403


def test_retry_needs_the_csrf_token(user, battle):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    assert client.post(url("battle_pack_retry", battle)).status_code == 403


@pytest.fixture
def slow_render(monkeypatch):
    """A render that would take 5 s; ``ran["out"]`` tells whether it ran to
    its end (so a test asks whether the limit stopped it, not how long the
    machine took around it)."""
    ran = {"out": False}

    def slow(data):
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            time.sleep(0.01)
        ran["out"] = True
        return b"%PDF-1.7 too late"

    monkeypatch.setattr(pack_store.printing, "render_pack_pdf", slow)
    return ran


def test_a_render_past_the_time_limit_is_stopped_and_reported(
    battle, settings, slow_render, django_capture_on_commit_callbacks
):
    settings.PACK_RENDER_TIME_LIMIT = 0.3
    with django_capture_on_commit_callbacks(execute=True):
        status = pack_render_ensure(battle=battle, site_url=SITE)
    status = pack_render_ensure(battle=battle, site_url=SITE)
    assert (status.state, slow_render["out"]) == (PackState.FAILED, False)
    assert "took longer than 0.3 seconds" in status.error


def test_nothing_is_stored_for_a_render_stopped_by_the_time_limit(
    battle, settings, slow_render, django_capture_on_commit_callbacks
):
    settings.PACK_RENDER_TIME_LIMIT = 0.3
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    assert not default_storage.exists(pack_path(current_key(battle)))


# --- a worker that never comes, or died -----------------------------------------------


def test_a_render_no_worker_took_is_sent_again(
    battle, no_worker, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    age(row_of(battle), 3600)
    with django_capture_on_commit_callbacks(execute=True):
        status = pack_render_ensure(battle=battle, site_url=SITE)
    assert (status.state, row_of(battle).attempts) == (PackState.PREPARING, 2)


def test_a_render_no_worker_took_twice_is_reported_not_preparing_forever(
    battle, no_worker, django_capture_on_commit_callbacks
):
    for _ in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            status = pack_render_ensure(battle=battle, site_url=SITE)
        age(row_of(battle), 3600)
    assert (status.state, status.error) == (PackState.FAILED, STALE_MESSAGE)


def test_a_render_whose_worker_died_is_sent_again(
    battle, no_worker, django_capture_on_commit_callbacks
):
    """A row left running past the time limit and its grace (the worker was
    killed mid-render) goes to the next worker."""
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    render = row_of(battle)
    PackRender.objects.filter(pk=render.pk).update(status="running")
    age(render, 3600, field="started_at")
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    render.refresh_from_db()
    assert (render.status, render.attempts) == ("queued", 2)


def test_a_running_render_within_its_time_is_left_alone(
    battle, no_worker, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    render = row_of(battle)
    PackRender.objects.filter(pk=render.pk).update(
        status="running", started_at=timezone.now()
    )
    with django_capture_on_commit_callbacks(execute=True):
        status = pack_render_ensure(battle=battle, site_url=SITE)
    render.refresh_from_db()
    assert (status.state, render.attempts) == (PackState.PREPARING, 1)


def test_two_pages_seeing_an_overdue_render_send_it_once(
    battle, no_worker, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    age(row_of(battle), 3600)
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
        pack_render_ensure(battle=battle, site_url=SITE)
    assert row_of(battle).attempts == 2


# --- the task itself ------------------------------------------------------------------


def test_the_task_of_a_discarded_battle_does_nothing(battle, renders):
    render = PackRender.objects.create(battle=battle, key="k" * 64, site_url=SITE)
    render.delete()
    assert (pack_render.call(render.pk), len(renders)) == ("gone", 0)


def test_a_render_asked_before_a_change_stores_the_pack_as_it_is_now(
    battle, renders, no_worker, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    render = row_of(battle)
    character = battle.participants.first().character
    character.name = "Strider"
    character.save()
    pack_render.call(render.pk)
    assert (
        row_of(battle).status,
        PackRender.objects.filter(pk=render.pk).exists(),
    ) == (
        "stored",
        False,
    )


# --- the disk refusing the pack -------------------------------------------------------


@pytest.fixture
def full_disk(monkeypatch):
    def refuse(name, content, max_length=None):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(default_storage, "save", refuse)


def test_a_refused_pack_is_reported_clearly(
    battle, renders, full_disk, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    status = pack_render_ensure(battle=battle, site_url=SITE)
    assert status.state == PackState.FAILED
    assert "could not store it" in status.error


def test_a_refused_pack_leaves_the_battle_intact(
    battle, renders, full_disk, django_capture_on_commit_callbacks
):
    before = database_dump()
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    assert database_dump() == before


def test_a_refused_pack_is_reported_on_the_battle_page_with_retry(
    owner, battle, renders, full_disk, django_capture_on_commit_callbacks
):
    asked(battle, django_capture_on_commit_callbacks)
    html = page(owner, battle, django_capture_on_commit_callbacks)
    assert ("could not store it" in html, "Retry" in html) == (True, True)


# --- the download ---------------------------------------------------------------------


def test_the_pack_is_downloaded_as_an_attachment_naming_campaign_and_battle(
    owner, battle, renders
):
    pack_stored_by_worker(battle)
    response = owner.get(url("battle_pack", battle))
    scene = battle.scene.slug
    assert response["Content-Disposition"] == (
        f'attachment; filename="wotr-battle-{battle.number}-{scene}.pdf"'
    )


def test_downloading_before_the_worker_shows_preparing_and_renders_nothing(
    owner, battle, no_worker, renders, django_capture_on_commit_callbacks
):
    """The pack's GET before a worker stored it: the "preparing" page, leading
    back to the battle page; nothing rendered, nothing asked for."""
    asked(battle, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = owner.get(url("battle_pack", battle))
    html = response.content.decode()
    assert (response.status_code, response["Content-Type"], callbacks) == (
        200,
        "text/html; charset=utf-8",
        [],
    )
    assert ("Preparing your pack…" in html, len(renders)) == (True, 0)
    assert f'data-pack-refresh="{url("battle_detail", battle)}"' in html


def test_downloading_a_pack_a_worker_stored_serves_it(
    owner, battle, renders, django_capture_on_commit_callbacks
):
    asked(battle, django_capture_on_commit_callbacks)
    response = owner.get(url("battle_pack", battle))
    assert (response["Content-Type"], len(renders)) == ("application/pdf", 1)


# --- the dashboard's pack step --------------------------------------------------------


def steps(client, battle) -> list[str]:
    import re

    response = client.get(reverse("campaigns:dashboard", args=[battle.campaign.slug]))
    section = response.content.decode().split('class="panel next-step"')[1]
    section = section.split("</section>")[0]
    return re.findall(r'class="button[^"]*" href="([^"]+)">([^<]+)<', section)


def test_the_dashboard_step_says_preparing_and_leads_to_the_battle_page(
    owner, battle, no_worker, django_capture_on_commit_callbacks
):
    asked(battle, django_capture_on_commit_callbacks)
    assert steps(owner, battle)[0] == (
        url("battle_detail", battle),
        "Preparing your pack…",
    )


def test_the_dashboard_step_is_the_download_once_stored(
    owner, battle, renders, django_capture_on_commit_callbacks
):
    asked(battle, django_capture_on_commit_callbacks)
    assert steps(owner, battle)[0] == (
        url("battle_pack", battle),
        "Download battle pack",
    )


def test_the_dashboard_step_reports_a_failure(
    owner, battle, broken_render, django_capture_on_commit_callbacks
):
    asked(battle, django_capture_on_commit_callbacks)
    assert steps(owner, battle)[0] == (
        url("battle_detail", battle),
        "Pack failed: see why",
    )


def test_the_latest_render_is_one_query(
    battle, renders, django_assert_num_queries, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    with django_assert_num_queries(1):
        latest = pack_render_latest(battle=battle, site_url=SITE)
    assert latest.ready


def test_a_stored_pack_whose_file_was_deleted_is_offered_to_retry_and_rendered(
    owner, battle, renders, django_capture_on_commit_callbacks
):
    """Old pack files may be deleted at any time: the page then offers Retry
    (never a download that leads nowhere), and Retry renders it again."""
    asked(battle, django_capture_on_commit_callbacks)
    default_storage.delete(pack_path(current_key(battle)))
    html = page(owner, battle, django_capture_on_commit_callbacks)
    assert ("was deleted" in html, "Download battle pack" in html) == (True, False)
    with django_capture_on_commit_callbacks(execute=True):
        owner.post(url("battle_pack_retry", battle))
    assert "Download battle pack" in page(
        owner, battle, django_capture_on_commit_callbacks
    )
    assert len(renders) == 2
