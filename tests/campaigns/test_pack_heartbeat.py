"""A render whose worker died is sent again within seconds: the worker marks
its render alive every PACK_RENDER_HEARTBEAT seconds, and a render silent for
PACK_RENDER_SILENCE seconds goes to the next worker, long before the time
limit and its grace."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from campaigns.printing.models import PackRender
from campaigns.printing.pack_store import pack_key
from campaigns.selectors.battle_pack import battle_pack_data
from campaigns.selectors.pack_status import PackState
from campaigns.services.pack_render import pack_render_ensure, pack_renders_sweep
from campaigns.tasks import heartbeat

SITE = "http://testserver"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"


def row_of(battle) -> PackRender:
    return PackRender.objects.get(
        key=pack_key(battle_pack_data(battle=battle, site_url=SITE))
    )


def running(battle, *, started_s_ago: float, alive_s_ago: float | None) -> PackRender:
    """The battle's render, taken by a worker ``started_s_ago`` and last
    marked alive ``alive_s_ago`` (None: never)."""
    render = row_of(battle)
    now = timezone.now()
    PackRender.objects.filter(pk=render.pk).update(
        status="running",
        started_at=now - timedelta(seconds=started_s_ago),
        alive_at=None if alive_s_ago is None else now - timedelta(seconds=alive_s_ago),
    )
    return render


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("alive_s_ago", "status", "attempts"),
    [
        (1, "running", 1),
        (7, "running", 1),
        (9, "queued", 2),
        (None, "running", 1),
    ],
)
def test_a_render_silent_past_the_silence_is_sent_again_and_only_then(
    make_pack_battle,
    no_worker,
    django_capture_on_commit_callbacks,
    alive_s_ago,
    status,
    attempts,
):
    """Started 12 s ago, far within the time limit: marked alive 1 or 7 s ago
    (silence 8 s) it is left to its worker; silent for 9 s it is sent again; a
    worker that never marks it (an older one) is judged by the limit only."""
    battle = make_pack_battle(players=2, ai=2)
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    render = running(battle, started_s_ago=12, alive_s_ago=alive_s_ago)
    with django_capture_on_commit_callbacks(execute=True):
        state = pack_render_ensure(battle=battle, site_url=SITE)
    render.refresh_from_db()
    assert (state.state, render.status, render.attempts) == (
        PackState.PREPARING,
        status,
        attempts,
    )


@pytest.mark.django_db
def test_a_render_sent_again_is_not_alive_until_a_worker_takes_it(
    make_pack_battle, no_worker, django_capture_on_commit_callbacks
):
    battle = make_pack_battle(players=2, ai=2)
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    render = running(battle, started_s_ago=30, alive_s_ago=20)
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    render.refresh_from_db()
    assert (render.status, render.started_at, render.alive_at) == ("queued", None, None)


@pytest.mark.django_db(transaction=True)
def test_the_heartbeat_marks_the_render_alive_while_it_runs(
    make_pack_battle, no_worker, settings
):
    """Beating every 0.1 s from its own thread, for 0.6 s: the row's alive
    time moves on while the render runs, and stops once it is done."""
    settings.PACK_RENDER_HEARTBEAT = 0.1
    battle = make_pack_battle(players=1, ai=1)
    pack_render_ensure(battle=battle, site_url=SITE)
    started = timezone.now() - timedelta(seconds=5)
    render = row_of(battle)
    PackRender.objects.filter(pk=render.pk).update(
        status="running", started_at=started, alive_at=started
    )
    with heartbeat(render.pk, started):
        time.sleep(0.6)
    render.refresh_from_db()
    last = render.alive_at
    time.sleep(0.3)
    render.refresh_from_db()
    assert (last > started + timedelta(seconds=4), render.alive_at == last) == (
        True,
        True,
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("alive_s_ago", "sent", "status", "attempts"),
    [(1, 0, "running", 1), (9, 1, "queued", 2)],
)
def test_the_supervisors_sweep_sends_a_silent_render_again(
    make_pack_battle,
    no_worker,
    django_capture_on_commit_callbacks,
    alive_s_ago,
    sent,
    status,
    attempts,
):
    """No page asks (a GET never enqueues): ``serve``'s sweep finds the render
    whose worker fell silent for 9 s and sends it again; one marked alive 1 s
    ago is left to its worker."""
    battle = make_pack_battle(players=2, ai=2)
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    render = running(battle, started_s_ago=12, alive_s_ago=alive_s_ago)
    with django_capture_on_commit_callbacks(execute=True):
        swept = pack_renders_sweep()
    render.refresh_from_db()
    assert (swept, render.status, render.attempts) == (sent, status, attempts)


@pytest.mark.django_db
def test_the_sweep_gives_up_a_render_out_of_attempts(
    make_pack_battle, no_worker, settings, django_capture_on_commit_callbacks
):
    """Silent and out of attempts: reported as failed, not sent a third time."""
    battle = make_pack_battle(players=2, ai=2)
    with django_capture_on_commit_callbacks(execute=True):
        pack_render_ensure(battle=battle, site_url=SITE)
    render = running(battle, started_s_ago=12, alive_s_ago=9)
    PackRender.objects.filter(pk=render.pk).update(
        attempts=settings.PACK_RENDER_ATTEMPTS
    )
    with django_capture_on_commit_callbacks(execute=True):
        pack_renders_sweep()
    render.refresh_from_db()
    assert (render.status, render.attempts) == (
        "failed",
        settings.PACK_RENDER_ATTEMPTS,
    )
