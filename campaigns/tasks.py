"""Background tasks (Django's tasks API: ``django_tasks`` until Django 6, where
the same code imports ``django.tasks``).

Run by ``manage.py db_worker`` (the database backend); the test suite runs them
at once with the immediate backend.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

from django.conf import settings
from django.db import connection
from django.db.models import QuerySet
from django.utils import timezone
from django_tasks import task

from campaigns.models import PlaytestReport
from campaigns.models.playtest import PlaytestStatus
from campaigns.printing.models import PackRender, PackRenderStatus
from campaigns.printing.pack_store import PackStorageError, pack_store_save
from campaigns.selectors.battle_pack import battle_pack_data
from campaigns.selectors.playtest import Unplayable, playtest_spec, unplayable_report
from engines.playtest.run import playtest

logger = logging.getLogger(__name__)


class RenderTimeLimit(BaseException):
    """The render ran past its time limit. A BaseException, like
    KeyboardInterrupt, so that no ``except Exception`` inside the layout
    engine can swallow it."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise RenderTimeLimit in this thread after ``seconds`` (SIGALRM).

    Only the main thread receives signals, which is where ``db_worker`` runs
    its tasks; elsewhere (a request thread running a task at once) the limit
    is left to the page, which reports a render overdue."""
    if seconds <= 0 or threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum, frame):
        raise RenderTimeLimit(f"The pack took longer than {seconds:g} seconds.")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@contextmanager
def beating(rows: QuerySet, *, every: float, name: str) -> Iterator[None]:
    """While the work runs, mark ``rows`` (its own row, while it is still this
    run's) alive every ``every`` seconds from a thread of its own, so that a
    sweep can tell a worker that died mid-work (silent) from one still at it,
    long before the time limit. A missed beat (a lock, a database restarting)
    is logged and the next one tried: it only makes the work look late.

    Not inside a transaction (a task run at once by a request or a test):
    the thread could not see the row, and its write would wait on the lock."""
    if every <= 0 or connection.in_atomic_block:
        yield
        return
    stop = threading.Event()

    def beat() -> None:
        missed = False
        try:
            while not stop.wait(every):
                try:
                    rows.update(alive_at=timezone.now())
                except Exception:
                    if not missed:
                        logger.warning("%s missed a beat", name, exc_info=True)
                    missed = True
                    connection.close()  # the next beat connects afresh
                else:
                    missed = False
        finally:
            connection.close()  # this thread's own

    thread = threading.Thread(target=beat, name=name)
    thread.daemon = True
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(timeout=every + 5)


def heartbeat(row_id: int, started_at) -> AbstractContextManager[None]:
    """Mark the pack render alive every PACK_RENDER_HEARTBEAT seconds while it
    runs (:func:`beating`); a row sent again since is another run's."""
    return beating(
        PackRender.objects.filter(
            pk=row_id, status=PackRenderStatus.RUNNING, started_at=started_at
        ),
        every=float(settings.PACK_RENDER_HEARTBEAT),
        name=f"pack-heartbeat-{row_id}",
    )


@task()
def pack_render(render_id: int) -> str:
    """Render and store the battle pack of PackRender ``render_id``; the row
    says how it went (stored, or failed with the player's reason). Returns
    what happened, for the task's own record."""
    row = PackRender.objects.select_related("battle").filter(pk=render_id).first()
    if row is None:  # the battle was discarded meanwhile
        return "gone"
    if row.status == PackRenderStatus.STORED:
        return "stored already"
    started_at = timezone.now()
    PackRender.objects.filter(pk=row.pk).update(
        status=PackRenderStatus.RUNNING, started_at=started_at, alive_at=started_at
    )
    try:
        with (
            heartbeat(row.pk, started_at),
            time_limit(settings.PACK_RENDER_TIME_LIMIT),
        ):
            data = battle_pack_data(battle=row.battle, site_url=row.site_url)
            pack = pack_store_save(data=data)
    except RenderTimeLimit as error:
        _failed(row, f"{error} It was stopped; try again.")
        raise
    except PackStorageError as error:
        _failed(row, str(error))
        raise
    except Exception:
        _failed(row, "The pack could not be rendered.")
        raise
    now = timezone.now()
    if pack.key != row.key:
        # The battle changed after the render was asked for: what is stored is
        # its pack as it is now, which the page asks for under the new key.
        PackRender.objects.filter(pk=row.pk).delete()
        PackRender.objects.update_or_create(
            key=pack.key,
            defaults={"status": PackRenderStatus.STORED, "finished_at": now},
            create_defaults={
                "battle_id": row.battle_id,
                "site_url": row.site_url,
                "status": PackRenderStatus.STORED,
                "finished_at": now,
            },
        )
        return "stored as changed"
    PackRender.objects.filter(pk=row.pk).update(
        status=PackRenderStatus.STORED, error="", finished_at=now
    )
    return "rendered" if pack.rendered else "stored already"


def _failed(row: PackRender, message: str) -> None:
    logger.warning("Battle pack %s failed: %s", row.key[:12], message)
    PackRender.objects.filter(pk=row.pk).exclude(status=PackRenderStatus.STORED).update(
        status=PackRenderStatus.FAILED,
        error=message[:300],
        finished_at=timezone.now(),
    )


# --- playtests (RULES §7) -----------------------------------------------------------


class PlaytestGone(Exception):
    """The playtest's row is gone (its scene deleted): stop fighting."""


class _Progress:
    """Write the battles done to the run's row now and then (not per battle),
    and stop the playtest when the row is gone or no longer this run's (its
    scene deleted, or reported failed by the sweep)."""

    def __init__(self, run: QuerySet) -> None:
        self.run = run
        self.every = float(settings.PLAYTEST_PROGRESS_EVERY)
        self.last: float | None = None

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if self.last is not None and now - self.last < self.every and done < total:
            return
        self.last = now
        written = self.run.update(battles_done=done, alive_at=timezone.now())
        if not written:
            raise PlaytestGone


@task()
def playtest_run(report_id: int) -> str:
    """Fight the playtest of PlaytestReport ``report_id`` and keep its report
    (or why it failed) on the row, marking it alive every PLAYTEST_HEARTBEAT
    seconds while it fights. A row gone meanwhile (its scene deleted), or
    reported failed by the sweep, ends it quietly. Returns what happened, for
    the task's own record."""
    row = PlaytestReport.objects.select_related("scene").filter(pk=report_id).first()
    if row is None:
        return "gone"
    started = PlaytestReport.objects.filter(
        pk=row.pk, status=PlaytestStatus.QUEUED
    ).update(status=PlaytestStatus.RUNNING, battles_done=0, alive_at=timezone.now())
    if not started:
        return f"{row.status} already"
    # This run's row: asked again since (a new run), it is another's.
    run = PlaytestReport.objects.filter(
        pk=row.pk, status=PlaytestStatus.RUNNING, asked_at=row.asked_at
    )
    try:
        with (
            beating(
                run,
                every=float(settings.PLAYTEST_HEARTBEAT),
                name=f"playtest-heartbeat-{row.pk}",
            ),
            time_limit(settings.PLAYTEST_TIME_LIMIT),
        ):
            try:
                spec = playtest_spec(
                    scene=row.scene,
                    stance=row.stance or None,
                    participant_ids=row.roster_ids,
                )
            except Unplayable as error:
                result = unplayable_report(str(error), seed=row.seed)
            else:
                result = playtest(
                    spec,
                    battles=row.battles,
                    seed=row.seed,
                    jobs=settings.PLAYTEST_JOBS,
                    progress=_Progress(run),
                )
    except PlaytestGone:
        return "gone"
    except RenderTimeLimit:
        limit = settings.PLAYTEST_TIME_LIMIT
        return _playtest_failed(
            row.pk,
            run,
            f"It took longer than {limit:g} seconds and was stopped; "
            "try fewer battles.",
        )
    except Exception:
        if not PlaytestReport.objects.filter(pk=row.pk).exists():
            return "gone"  # its scene was deleted while its spec was read
        logger.exception("Playtest %s failed", row.pk)
        return _playtest_failed(row.pk, run, "The playtest stopped on an error.")
    kept = run.update(
        status=PlaytestStatus.DONE,
        report=result.to_data(),
        battles_done=row.battles,
        error="",
        alive_at=timezone.now(),
        finished_at=timezone.now(),
    )
    return "done" if kept else "gone"


def _playtest_failed(row_id: int, run: QuerySet, message: str) -> str:
    logger.warning("Playtest %s failed: %s", row_id, message)
    run.update(
        status=PlaytestStatus.FAILED,
        error=message[:300],
        finished_at=timezone.now(),
    )
    return "failed"
