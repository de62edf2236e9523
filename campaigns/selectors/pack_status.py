"""What the pages say of a battle's pack: its render's state, read from its
:class:`~campaigns.printing.models.PackRender` row (RULES aside: no rule here).

:mod:`campaigns.services.pack_render` asks for renders; the pages read here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from enum import StrEnum

from django.conf import settings
from django.core.files.storage import default_storage
from django.utils import timezone

from campaigns.models import Battle
from campaigns.printing.models import PackRender, PackRenderStatus
from campaigns.printing.pack_store import pack_path

STALE_MESSAGE = (
    "No worker finished the pack in time (the task worker may have stopped)."
)
NOT_ASKED_MESSAGE = "Nobody has asked for the pack of the battle as it is now."
DELETED_MESSAGE = "The stored pack was deleted from the server."


class PackState(StrEnum):
    """What the battle page shows for the pack."""

    READY = "ready"
    PREPARING = "preparing"
    FAILED = "failed"


@dataclass(frozen=True)
class PackStatus:
    """The battle's current pack, as the page tells it."""

    state: PackState
    key: str
    error: str = ""

    @property
    def ready(self) -> bool:
        return self.state is PackState.READY

    @property
    def preparing(self) -> bool:
        return self.state is PackState.PREPARING

    @property
    def failed(self) -> bool:
        return self.state is PackState.FAILED


# --- reading the state ----------------------------------------------------------------


def pack_overdue(row: PackRender) -> bool:
    """Queued with no worker taking it, or running with its worker silent (it
    died) or past the time limit and its grace: either way, nobody is going to
    finish it."""
    now = timezone.now()
    if row.status == PackRenderStatus.QUEUED:
        waited = now - row.enqueued_at
        return waited > timedelta(seconds=settings.PACK_QUEUE_TIMEOUT)
    if row.status == PackRenderStatus.RUNNING:
        started = row.started_at or row.enqueued_at
        limit = settings.PACK_RENDER_TIME_LIMIT + settings.PACK_RENDER_GRACE
        if now - started > timedelta(seconds=limit):
            return True
        if row.alive_at is None:  # a worker that does not beat: the limit only
            return False
        return now - row.alive_at > timedelta(seconds=settings.PACK_RENDER_SILENCE)
    return False


def pack_status_of(row: PackRender | None, key: str) -> PackStatus:
    if row is None:
        return PackStatus(PackState.PREPARING, key)
    if row.status == PackRenderStatus.STORED:
        return PackStatus(PackState.READY, key)
    if row.status == PackRenderStatus.FAILED:
        return PackStatus(PackState.FAILED, key, row.error)
    if pack_overdue(row) and row.attempts >= settings.PACK_RENDER_ATTEMPTS:
        return PackStatus(PackState.FAILED, key, STALE_MESSAGE)
    return PackStatus(PackState.PREPARING, key)


def pack_status_read(*, key: str) -> PackStatus:
    """The pack ``key`` as a page tells it, asking for nothing (a GET never
    enqueues work): a render nobody asked for, or one no worker finished in
    time, is reported as failed, for the owner's Retry to send."""
    row = PackRender.objects.filter(key=key).first()
    if row is None:
        return PackStatus(PackState.FAILED, key, NOT_ASKED_MESSAGE)
    if row.status != PackRenderStatus.FAILED and pack_overdue(row):
        return PackStatus(PackState.FAILED, key, STALE_MESSAGE)
    if row.status == PackRenderStatus.STORED and not default_storage.exists(
        pack_path(key)
    ):
        return PackStatus(PackState.FAILED, key, DELETED_MESSAGE)
    return pack_status_of(row, key)


def pack_render_latest(*, battle: Battle, site_url: str) -> PackStatus | None:
    """The latest render asked for this battle and address, without working
    out the pack's key (one query: the dashboard's budget). None when none was
    asked for; it may be an older setup's until the battle page is opened."""
    row = (
        PackRender.objects.filter(battle=battle, site_url=site_url)
        .order_by("-enqueued_at", "-id")
        .first()
    )
    return None if row is None else pack_status_of(row, row.key)
