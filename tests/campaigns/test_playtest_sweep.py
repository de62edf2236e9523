"""A kept playtest whose worker died is reported as failed within seconds, not
left "running" until the time limit and its grace: the worker marks it alive
every PLAYTEST_HEARTBEAT seconds while it fights, and ``serve``'s supervisor
sweeps (``playtests_sweep``) the ones silent for PLAYTEST_SILENCE seconds, or
that no worker took up within the time limit and its grace (issue 32)."""

from __future__ import annotations

import io
import re
import time
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from campaigns import tasks
from campaigns.management.commands.serve import Command
from campaigns.models import PlaytestReport, Scene
from campaigns.selectors.playtest import unplayable_report
from campaigns.services.playtest import (
    SILENT_MESSAGE,
    WAITED_MESSAGE,
    playtests_sweep,
)
from tests.campaigns.setup_helpers import build_playable


@pytest.fixture
def playable(campaign):
    return build_playable(campaign)


def _seconds(settings, when: str | None) -> float | None:
    """'silence+1', 'wait-5': seconds from the settings' limits (None: never)."""
    if when is None:
        return None
    limits = {
        "silence": settings.PLAYTEST_SILENCE,
        "wait": settings.PLAYTEST_TIME_LIMIT + settings.PLAYTEST_GRACE,
    }
    name, change = re.fullmatch(r"(\w+)([+-]\d+)", when).groups()
    return limits[name] + float(change)


def _playtest(scene, *, status, asked_s_ago, alive_s_ago=None, seed=1):
    now = timezone.now()
    return PlaytestReport.objects.create(
        scene=scene,
        roster="1",
        stance="attack",
        seed=seed,
        battles=10,
        status=status,
        asked_at=now - timedelta(seconds=asked_s_ago),
        alive_at=None if alive_s_ago is None else now - timedelta(seconds=alive_s_ago),
    )


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("status", "asked", "alive", "after", "error"),
    [
        ("running", "wait+1", "silence-2", "running", ""),
        ("running", "wait+1", "silence+1", "failed", SILENT_MESSAGE),
        ("running", "wait-5", None, "running", ""),
        ("running", "wait+1", None, "failed", SILENT_MESSAGE),
        ("queued", "wait-5", None, "queued", ""),
        ("queued", "wait+1", None, "failed", WAITED_MESSAGE),
        ("done", "wait+1", "wait+1", "done", ""),
        ("failed", "wait+1", "wait+1", "failed", ""),
    ],
)
def test_the_sweep_reports_a_playtest_nobody_is_fighting_and_only_it(
    playable, settings, status, asked, alive, after, error
):
    """Running: marked alive within the silence, it is left to its worker;
    silent past it, failed with why in words (a row its worker never marked,
    by the wait). Queued: left waiting behind the queue's other work for the
    time limit and its grace, then failed. A finished row is never touched."""
    row = _playtest(
        playable.scene,
        status=status,
        asked_s_ago=_seconds(settings, asked),
        alive_s_ago=_seconds(settings, alive),
    )
    swept = playtests_sweep()
    row.refresh_from_db()
    assert (swept, row.status, row.error) == (int(bool(error)), after, error)
    assert (row.finished_at is not None) == bool(error)


@pytest.mark.django_db
def test_the_sweep_looks_at_every_scene_or_at_the_one_asked(playable, settings):
    other = Scene.objects.create(
        campaign=playable.campaign,
        title="Amon Hen",
        slug="amon-hen",
        order=20,
        kind="major",
        status="pending",
    )
    silent = _seconds(settings, "silence+1")
    first = _playtest(
        playable.scene, status="running", asked_s_ago=60, alive_s_ago=silent
    )
    _playtest(other, status="running", asked_s_ago=60, alive_s_ago=silent)
    assert playtests_sweep(scene_id=other.pk) == 1
    first.refresh_from_db()
    assert first.status == "running"
    assert playtests_sweep() == 1
    assert PlaytestReport.objects.filter(status="failed").count() == 2


@pytest.mark.django_db
def test_the_page_tells_the_swept_playtest_failed_and_offers_the_form(
    playable, settings, owner
):
    """The page polls while a playtest runs: once swept, it says why it failed
    and shows the form again, in words (no status code or rule number)."""
    _playtest(
        playable.scene,
        status="running",
        asked_s_ago=60,
        alive_s_ago=_seconds(settings, "silence+1"),
    )
    url = reverse(
        "campaigns:scene_playtest",
        kwargs={"slug": playable.campaign.slug, "scene": playable.scene.slug},
    )
    assert "A playtest is running" in owner.get(url).content.decode()
    playtests_sweep()
    page = owner.get(url).content.decode()
    assert "A playtest is running" not in page
    assert "The latest playtest failed." in page
    assert SILENT_MESSAGE in page


@pytest.mark.django_db
def test_the_supervisors_sweep_reports_silent_playtests_and_says_so(playable, settings):
    """``serve`` runs the sweep every few seconds: the pack renders' and the
    playtests', with a line in its log for what it did."""
    row = _playtest(
        playable.scene,
        status="running",
        asked_s_ago=60,
        alive_s_ago=_seconds(settings, "silence+1"),
    )
    log = io.StringIO()
    Command(stderr=log)._sweep()
    row.refresh_from_db()
    assert (row.status, row.error) == ("failed", SILENT_MESSAGE)
    assert "Reported 1 playtest(s) as failed: no worker is fighting them." in (
        log.getvalue()
    )
    log = io.StringIO()
    Command(stderr=log)._sweep()
    assert log.getvalue() == ""


@pytest.mark.django_db
def test_a_worker_still_fighting_a_swept_playtest_stops_and_keeps_nothing(
    playable, settings, monkeypatch
):
    """Reported failed while its worker was only late: at its next progress
    the worker stops, and the row keeps the sweep's words, not a report."""
    row = _playtest(playable.scene, status="queued", asked_s_ago=0)

    def late(spec, *, progress, **kwargs):
        PlaytestReport.objects.filter(pk=row.pk).update(
            alive_at=timezone.now() - timedelta(seconds=settings.PLAYTEST_SILENCE + 1)
        )
        assert playtests_sweep() == 1
        progress(1, 10)
        raise AssertionError("the worker fought on")

    monkeypatch.setattr(tasks, "playtest_spec", lambda **kwargs: object())
    monkeypatch.setattr(tasks, "playtest", late)
    assert tasks.playtest_run.call(row.pk) == "gone"
    row.refresh_from_db()
    assert (row.status, row.error, row.report) == ("failed", SILENT_MESSAGE, None)


@pytest.mark.django_db(transaction=True)
def test_the_worker_marks_its_playtest_alive_while_it_fights(
    playable, settings, monkeypatch
):
    """Beating every 0.1 s from its own thread while a battle takes 0.6 s and
    no progress is written: the row's alive time moves on, so the sweep
    leaves it to its worker; once done, the beat stops."""
    settings.PLAYTEST_HEARTBEAT = 0.1
    settings.PLAYTEST_PROGRESS_EVERY = 3600
    row = _playtest(playable.scene, status="queued", asked_s_ago=0)
    seen = {}

    def slow(spec, *, seed, **kwargs):
        taken = PlaytestReport.objects.get(pk=row.pk).alive_at
        time.sleep(0.6)
        seen["alive"] = PlaytestReport.objects.get(pk=row.pk).alive_at - taken
        return unplayable_report("slow", seed=seed)

    monkeypatch.setattr(tasks, "playtest_spec", lambda **kwargs: object())
    monkeypatch.setattr(tasks, "playtest", slow)
    assert tasks.playtest_run.call(row.pk) == "done"
    row.refresh_from_db()
    done_at = row.alive_at
    time.sleep(0.3)
    row.refresh_from_db()
    assert (seen["alive"] >= timedelta(seconds=0.4), row.alive_at == done_at) == (
        True,
        True,
    )


@pytest.mark.django_db(transaction=True)
def test_the_heartbeat_leaves_a_row_asked_again_since_to_its_own_run(
    playable, settings, monkeypatch
):
    """A playtest asked again while an old worker still fights it is another
    run: the old worker's beat does not mark the new run alive, and the old
    worker keeps nothing on it."""
    settings.PLAYTEST_HEARTBEAT = 0.1
    settings.PLAYTEST_PROGRESS_EVERY = 3600
    row = _playtest(playable.scene, status="queued", asked_s_ago=0)
    asked_again = timezone.now() + timedelta(seconds=1)

    def overtaken(spec, *, seed, **kwargs):
        PlaytestReport.objects.filter(pk=row.pk).update(
            asked_at=asked_again, alive_at=None
        )
        time.sleep(0.4)
        return unplayable_report("old", seed=seed)

    monkeypatch.setattr(tasks, "playtest_spec", lambda **kwargs: object())
    monkeypatch.setattr(tasks, "playtest", overtaken)
    assert tasks.playtest_run.call(row.pk) == "gone"
    row.refresh_from_db()
    assert (row.status, row.alive_at, row.report) == ("running", None, None)
