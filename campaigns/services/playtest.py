"""Asking for a playtest of a scene (RULES §7) on the task worker.

A playtest is kept per scene, roster, stance and seed
(:class:`~campaigns.models.PlaytestReport`); :func:`playtest_ask` finds or makes
its row and, once the transaction commits, sends it to the worker
(:func:`campaigns.tasks.playtest_run`). At most one playtest of a scene is on
its way at a time: the row's conditional unique constraint decides between two
POSTs at once, so the second is told of the first instead of starting another.
A row whose worker fell silent past the time limit is reported as failed
first, so a killed worker never blocks the scene's playtests for good.
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
QUEUE_MESSAGE = "The playtest could not be sent to a worker; run it again."


@dataclass(frozen=True)
class PlaytestAsked:
    """What a request for a playtest came to: the row to show, and whether
    this request started it (False: kept already, or another is running)."""

    row: PlaytestReport
    started: bool
    why_not: str = ""


def playtests_silence(*, scene_id: int) -> int:
    """Report as failed the scene's playtests on their way whose worker said
    nothing for longer than the time limit and its grace. How many."""
    limit = timedelta(seconds=settings.PLAYTEST_TIME_LIMIT + settings.PLAYTEST_GRACE)
    before = timezone.now() - limit
    silent = Q(alive_at__lt=before) | Q(alive_at__isnull=True, asked_at__lt=before)
    return (
        PlaytestReport.objects.filter(scene_id=scene_id, status__in=ON_ITS_WAY)
        .filter(silent)
        .update(
            status=PlaytestStatus.FAILED,
            error=SILENT_MESSAGE,
            finished_at=timezone.now(),
        )
    )


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
    playtests_silence(scene_id=scene.pk)
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
