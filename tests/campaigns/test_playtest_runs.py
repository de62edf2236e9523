"""Kept playtests (RULES §7, issue 32 items 5 and 8): asked for by the
service, fought by the task with its progress on the row, kept per scene,
roster, stance and seed; one on its way per scene; a deleted scene ends one
cleanly; an unplayable scene kept with why."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import IntegrityError, transaction
from django.utils import timezone

from campaigns.models import PlaytestReport, Scene
from campaigns.services import playtest as service
from campaigns.tasks import playtest_run
from tests.campaigns.setup_helpers import build_playable

pytestmark = pytest.mark.django_db

BATTLES = 4


@pytest.fixture
def playable(campaign):
    return build_playable(campaign)


def _ask(playable, user=None, **fields):
    values = {
        "stance": "attack",
        "participant_ids": [c.pk for c in playable.players[:3]],
        "battles": BATTLES,
        "seed": 7,
    }
    values.update(fields)
    return service.playtest_ask(scene=playable.scene, user=user, **values)


def test_asking_runs_the_playtest_and_keeps_its_report(
    playable, user, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        asked = _ask(playable, user=user)
    row = PlaytestReport.objects.get()
    assert asked.started
    assert (row.status, row.battles_done, row.asked_by) == ("done", BATTLES, user)
    assert row.report["battles"] == BATTLES
    assert row.report["seed"] == 7
    assert set(row.report["characters"]) == {c.name for c in playable.players[:3]}


def test_the_same_playtest_asked_again_is_kept_not_fought_again(
    playable, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        _ask(playable)
    with django_capture_on_commit_callbacks(execute=True) as sent:
        again = _ask(playable)
    assert (again.started, again.why_not, sent) == (
        False,
        "This playtest is kept already.",
        [],
    )


def test_more_battles_of_a_kept_playtest_fight_it_again_on_its_row(
    playable, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        _ask(playable)
    with django_capture_on_commit_callbacks(execute=True):
        _ask(playable, battles=BATTLES + 2)
    row = PlaytestReport.objects.get()
    assert (row.battles, row.report["battles"]) == (BATTLES + 2, BATTLES + 2)


@pytest.mark.parametrize(
    "change", [{"seed": 8}, {"stance": "defend"}, {"participant_ids": [1, 2]}]
)
def test_a_report_is_kept_per_roster_stance_and_seed(
    playable, no_worker, change, django_capture_on_commit_callbacks
):
    first = _ask(playable).row
    PlaytestReport.objects.filter(pk=first.pk).update(status="done")
    second = _ask(playable, **change)
    assert second.started
    assert PlaytestReport.objects.count() == 2


def test_a_second_playtest_of_a_scene_waits_for_the_one_on_its_way(playable, no_worker):
    first = _ask(playable)
    second = _ask(playable, seed=99)
    assert first.started and not second.started
    assert second.row.pk == first.row.pk
    assert "Another playtest of this scene is running" in second.why_not
    assert PlaytestReport.objects.count() == 1


def test_the_database_refuses_two_playtests_of_a_scene_on_their_way(playable):
    fields = {"scene": playable.scene, "roster": "1", "stance": "attack"}
    PlaytestReport.objects.create(seed=1, battles=1, status="running", **fields)
    with pytest.raises(IntegrityError), transaction.atomic():
        PlaytestReport.objects.create(seed=2, battles=1, status="queued", **fields)


def test_a_silent_playtest_is_reported_failed_when_the_next_is_asked(
    playable, no_worker, settings
):
    stuck = _ask(playable).row
    long_ago = timezone.now() - timedelta(
        seconds=settings.PLAYTEST_TIME_LIMIT + settings.PLAYTEST_GRACE + 1
    )
    PlaytestReport.objects.filter(pk=stuck.pk).update(
        status="running", alive_at=long_ago
    )
    assert _ask(playable, seed=99).started
    stuck.refresh_from_db()
    assert (stuck.status, stuck.error) == ("failed", service.SILENT_MESSAGE)


def test_a_fixed_scene_keeps_no_stance(playable):
    Scene.objects.filter(pk=playable.scene.pk).update(scenario_mode="fixed")
    playable.scene.refresh_from_db()
    assert service.playtest_stance(scene=playable.scene, stance="defend") == ""


def test_an_unplayable_scene_is_kept_with_why(playable):
    row = PlaytestReport.objects.create(
        scene=playable.scene, roster="", stance="attack", seed=1, battles=10
    )
    assert playtest_run.call(row.pk) == "done"
    row.refresh_from_db()
    assert row.status == "done"
    assert row.report["battles"] == 0
    assert row.report["warnings"] == [
        "It cannot be playtested: No player character fit to fight can take part in it."
    ]


def test_progress_is_written_to_the_row_now_and_then(playable, monkeypatch, settings):
    settings.PLAYTEST_PROGRESS_EVERY = 3600
    row = _row(playable, battles=150)
    seen = []

    def fake(spec, *, battles, seed, jobs, progress):
        for done in (50, 100):
            progress(done, battles)
            seen.append(PlaytestReport.objects.get(pk=row.pk).battles_done)
        return real(spec, battles=1, seed=seed)

    real = _patch(monkeypatch, fake)
    assert playtest_run.call(row.pk) == "done"
    assert seen == [50, 50]  # the second call came too soon to be written


def test_a_scene_deleted_while_its_playtest_runs_ends_it_cleanly(
    playable, monkeypatch, caplog, settings
):
    settings.PLAYTEST_PROGRESS_EVERY = 0
    row = _row(playable, battles=200)
    fought = []

    def fake(spec, *, battles, seed, jobs, progress):
        progress(50, battles)
        fought.append(50)
        Scene.objects.filter(pk=playable.scene.pk).delete()
        progress(100, battles)
        fought.append(100)  # never reached
        raise AssertionError("the playtest went on")

    _patch(monkeypatch, fake)
    assert playtest_run.call(row.pk) == "gone"
    assert fought == [50]
    assert not PlaytestReport.objects.exists()
    assert "Traceback" not in caplog.text


def test_a_playtest_of_a_deleted_scene_is_not_fought(playable):
    row = _row(playable)
    Scene.objects.filter(pk=playable.scene.pk).delete()
    assert playtest_run.call(row.pk) == "gone"


def test_a_playtest_past_its_time_limit_is_kept_as_failed(playable, monkeypatch):
    from campaigns.tasks import RenderTimeLimit

    def fake(spec, **kwargs):
        raise RenderTimeLimit("too long")

    _patch(monkeypatch, fake)
    row = _row(playable)
    assert playtest_run.call(row.pk) == "failed"
    row.refresh_from_db()
    assert row.status == "failed"
    assert "was stopped; try fewer battles" in row.error


def test_an_error_in_the_playtest_is_kept_as_failed_in_words(playable, monkeypatch):
    def fake(spec, **kwargs):
        raise ZeroDivisionError

    _patch(monkeypatch, fake)
    row = _row(playable)
    assert playtest_run.call(row.pk) == "failed"
    row.refresh_from_db()
    assert (row.status, row.error) == ("failed", "The playtest stopped on an error.")


def _row(playable, battles=BATTLES):
    roster = service.playtest_roster([c.pk for c in playable.players[:2]])
    return PlaytestReport.objects.create(
        scene=playable.scene, roster=roster, stance="attack", seed=3, battles=battles
    )


def _patch(monkeypatch, fake):
    import campaigns.tasks

    real = campaigns.tasks.playtest
    monkeypatch.setattr(campaigns.tasks, "playtest", fake)
    return real
