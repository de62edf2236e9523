"""Asking for a playtest of a scene (RULES §7) on the task worker.

A playtest is kept per scene, roster, stance and seed
(:class:`~campaigns.models.PlaytestReport`); :func:`playtest_ask` finds or makes
its row and, once the transaction commits, sends it to the worker
(:func:`campaigns.tasks.playtest_run`). At most one playtest of a scene is on
its way at a time: the row's conditional unique constraint decides between two
POSTs at once, so the second is told of the first instead of starting another.
A row whose worker fell silent, or that no worker took up in time, is
reported as failed (:func:`playtests_sweep`, run by ``serve``'s supervisor
every few seconds and before each ask), so a killed worker neither shows a
playtest running for long nor blocks the scene's playtests.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from campaigns.models import PlaytestReport, Scene
from campaigns.models.playtest import (
    ON_ITS_WAY,
    PlaytestStatus,
    playtest_roster,
    playtest_stance,
)
from engines.enums import Stance

logger = logging.getLogger(__name__)

SILENT_MESSAGE = "Its worker stopped before it finished; run it again."
WAITED_MESSAGE = (
    "No worker took it up in time (the task worker may have stopped); run it again."
)
QUEUE_MESSAGE = "The playtest could not be sent to a worker; run it again."


@dataclass(frozen=True)
class PlaytestAsked:
    """What a request for a playtest came to: the row to show, and whether
    this request started it (False: kept already, or another is running)."""

    row: PlaytestReport
    started: bool
    why_not: str = ""


def playtests_sweep(*, scene_id: int | None = None) -> int:
    """Report as failed the playtests on their way (of one scene, or all) that
    nobody is going to finish: running with its worker silent for
    PLAYTEST_SILENCE seconds (the worker marks it alive every few seconds while
    it fights: it died, or its machine is gone), or waiting for a worker past
    the time limit and its grace. A killed worker cannot say so itself:
    ``serve``'s supervisor runs this every few seconds, and asking for a
    playtest runs it for the scene. How many were reported."""
    now = timezone.now()
    silent = now - timedelta(seconds=settings.PLAYTEST_SILENCE)
    waited = now - timedelta(
        seconds=settings.PLAYTEST_TIME_LIMIT + settings.PLAYTEST_GRACE
    )
    rows = PlaytestReport.objects.all()
    if scene_id is not None:
        rows = rows.filter(scene_id=scene_id)
    dead = rows.filter(status=PlaytestStatus.RUNNING).filter(
        Q(alive_at__lt=silent) | Q(alive_at__isnull=True, asked_at__lt=waited)
    )
    never_taken = rows.filter(status=PlaytestStatus.QUEUED, asked_at__lt=waited)
    failed = {"status": PlaytestStatus.FAILED, "finished_at": now}
    reported = dead.update(error=SILENT_MESSAGE, **failed)
    return reported + never_taken.update(error=WAITED_MESSAGE, **failed)


def playtest_ask(
    *,
    scene: Scene,
    stance: Stance | str | None,
    participant_ids: Sequence[int],
    battles: int,
    seed: int,
    user: AbstractBaseUser | None,
) -> PlaytestAsked:
    """The scene's playtest with this roster, stance and seed: kept already
    (same number of battles), or asked for now, or — while another playtest of
    the scene is on its way — that one, with why nothing new started."""
    key = {
        "scene": scene,
        "roster": playtest_roster(participant_ids),
        "stance": playtest_stance(scene=scene, stance=stance),
        "seed": seed,
    }
    playtests_sweep(scene_id=scene.pk)
    with transaction.atomic():
        row = PlaytestReport.objects.filter(**key).first()
        if row is not None and row.on_its_way:
            return PlaytestAsked(row, False, "This playtest is running already.")
        if (
            row is not None
            and row.status == PlaytestStatus.DONE
            and row.battles == battles
        ):
            return PlaytestAsked(row, False, "This playtest is kept already.")
        fresh = {
            "battles": battles,
            "battles_done": 0,
            "status": PlaytestStatus.QUEUED,
            "report": None,
            "error": "",
            "asked_by": user,
            "task_id": "",
            "asked_at": timezone.now(),
            "alive_at": None,
            "finished_at": None,
        }
        try:
            with transaction.atomic():
                if row is None:
                    row = PlaytestReport.objects.create(**key, **fresh)
                else:
                    PlaytestReport.objects.filter(pk=row.pk).update(**fresh)
                    row.refresh_from_db()
        except IntegrityError:
            running = _running(scene)
            if running is None:  # it finished between the two reads
                raise
            return PlaytestAsked(
                running,
                False,
                "Another playtest of this scene is running; wait for it to end.",
            )
        report_id = row.pk
        transaction.on_commit(lambda: _send(report_id), robust=True)
    return PlaytestAsked(row, True)


def _running(scene: Scene) -> PlaytestReport | None:
    return PlaytestReport.objects.filter(scene=scene, status__in=ON_ITS_WAY).first()


def _send(report_id: int) -> None:
    from campaigns.tasks import playtest_run

    try:
        result = playtest_run.enqueue(report_id)
    except Exception:
        logger.exception("Could not queue playtest %s", report_id)
        PlaytestReport.objects.filter(pk=report_id, status__in=ON_ITS_WAY).update(
            status=PlaytestStatus.FAILED,
            error=QUEUE_MESSAGE,
            finished_at=timezone.now(),
        )
        return
    PlaytestReport.objects.filter(pk=report_id).update(task_id=str(result.id)[:64])
