"""Battle packs rendered in the background, and what the battle page says of
them.

A pack is named by its key (:func:`campaigns.printing.pack_store.pack_key`):
everything it shows, the printed site address included. Each key the site was
asked for has a :class:`~campaigns.printing.models.PackRender` row; the task
:func:`campaigns.tasks.pack_render` renders it and moves the row on:

    queued ──worker takes it──▶ running ──▶ stored
                                        └─▶ failed (an error, the time limit,
                                            the disk refusing the file)

Setting up and re-rolling schedule the render when their transaction commits
(:func:`pack_render_schedule`); so do the admin's saves of what a planned
battle's pack prints and applying or reopening a result
(:func:`campaign_packs_schedule`, :func:`battle_packs_schedule`). A page's GET
never enqueues work: it only reads the render's state
(:func:`campaigns.selectors.pack_status.pack_status_read`), where a pack nobody
asked for, or one no worker finished in time, is reported as failed. The
owner's Retry sends it again (:func:`pack_render_retry`).
The worker side sweeps (:func:`pack_renders_sweep`, run by ``serve``'s
supervisor every few seconds): a row that waited for a worker too long, or
whose worker went silent (killed, or a machine gone: the worker marks a render
alive every few seconds while it runs), is sent again up to
``PACK_RENDER_ATTEMPTS`` times in all, then reported as failed.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.core.files.storage import default_storage
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from campaigns.models import Battle
from campaigns.printing.models import PackRender, PackRenderStatus
from campaigns.printing.pack_store import pack_key, pack_path
from campaigns.selectors.battle_pack import battle_for_pack, battle_pack_data
from campaigns.selectors.pack_status import (
    STALE_MESSAGE,
    PackStatus,
    pack_overdue,
    pack_status_of,
)
from campaigns.site_url import site_url as default_site_url

logger = logging.getLogger(__name__)

# --- asking for a render ------------------------------------------------------------


def pack_render_schedule(*, battle: Battle, site_url: str) -> None:
    """Once the current transaction commits (at once outside one), make sure
    the battle's pack, as it is then, is stored or on its way.

    A failure here is logged and never undoes the commit: the battle page asks
    again."""
    battle_id = battle.pk
    transaction.on_commit(
        lambda: _request(battle_id=battle_id, site_url=site_url), robust=True
    )


def pack_render_ensure(
    *, battle: Battle, site_url: str, data: dict[str, Any] | None = None
) -> PackStatus:
    """The state of the battle's current pack for this address; asks for a
    render (on commit) when none was asked for, or sends again one whose
    worker is overdue. ``data`` is the pack's data when the caller has it."""
    if data is None:
        # Loaded afresh with the pack's own prefetches: the page's battle has
        # others (and no wounds), which would read a query per character.
        pack_battle = battle_for_pack(campaign=battle.campaign, battle_id=battle.pk)
        data = battle_pack_data(battle=pack_battle, site_url=site_url)
    key = pack_key(data)
    row = PackRender.objects.filter(key=key).first()
    status = pack_status_of(row, key)
    if row is None or pack_overdue(row):
        battle_id = battle.pk
        transaction.on_commit(
            lambda: _request(battle_id=battle_id, site_url=site_url), robust=True
        )
        if connection.in_atomic_block:
            return status
        # Outside a transaction the request ran already (an immediate task
        # backend may even have stored the pack): read where it is now.
        status = pack_status_of(PackRender.objects.filter(key=key).first(), key)
    return status


def pack_render_retry(*, battle: Battle, site_url: str) -> None:
    """The owner's Retry: once the current transaction commits, send the
    battle's current pack to a worker again, whatever earlier attempts met."""
    battle_id = battle.pk
    transaction.on_commit(
        lambda: _request(battle_id=battle_id, site_url=site_url, retry=True),
        robust=True,
    )


def campaign_packs_schedule(*, campaign_ids: Iterable[int], site_url: str) -> None:
    """Something a pack prints changed (an admin edit of a campaign, scene,
    company, character...): once the current transaction commits, ask again
    for the pack of every planned battle of these campaigns."""
    ids = sorted(set(campaign_ids))
    if ids:
        transaction.on_commit(
            lambda: _request_again(
                battle_ids=Battle.objects.filter(
                    campaign_id__in=ids, status=Battle.Status.PLANNED
                ).values_list("pk", flat=True),
                site_url=site_url,
            ),
            robust=True,
        )


def battle_packs_schedule(*, battle_ids: Iterable[int], site_url: str = "") -> None:
    """What these battles' packs print changed (a result applied or reopened):
    once the current transaction commits, ask for their packs again."""
    ids = sorted(set(battle_ids))
    if ids:
        transaction.on_commit(
            lambda: _request_again(battle_ids=ids, site_url=site_url), robust=True
        )


def _request_again(*, battle_ids: Iterable[int], site_url: str) -> None:
    """Each battle's pack at every address it was asked at before (else
    ``site_url``, else the configured one). Only a pack whose print changed is
    sent to a worker: one stored or on its way is left alone."""
    for battle_id in list(battle_ids):
        asked_at = PackRender.objects.filter(battle_id=battle_id).values_list(
            "site_url", flat=True
        )
        for address in sorted(set(asked_at)) or [site_url or default_site_url()]:
            _request(battle_id=battle_id, site_url=address)


def _request(*, battle_id: int, site_url: str, retry: bool = False) -> None:
    """Find or make the row of the battle's current pack and send it to a
    worker, unless it is stored or on its way; an overdue one is sent again
    while it has attempts left, else reported. ``retry`` sends a failed or
    overdue one whatever its attempts."""
    battle = Battle.objects.filter(pk=battle_id).first()
    if battle is None:  # discarded meanwhile: nothing to print
        return
    data = battle_pack_data(battle=battle, site_url=site_url)
    key = pack_key(data)
    row = PackRender.objects.filter(key=key).first()
    if row is None:
        if default_storage.exists(pack_path(key)):
            _create(
                battle_id=battle_id,
                key=key,
                site_url=site_url,
                status=PackRenderStatus.STORED,
                finished_at=timezone.now(),
            )
            return
        row = _create(battle_id=battle_id, key=key, site_url=site_url)
    if row.status == PackRenderStatus.STORED:
        if retry and not default_storage.exists(pack_path(key)):
            _send(row)  # its file was deleted since
        return
    if row.status == PackRenderStatus.FAILED:
        if retry:
            _send(row)
        return
    if not row.attempts:  # made, not sent yet
        _send(row)
    elif pack_overdue(row):
        if retry or row.attempts < settings.PACK_RENDER_ATTEMPTS:
            _send(row)
        else:
            _give_up(row, STALE_MESSAGE)


def _create(**fields: Any) -> PackRender:
    """A new row, or the one another request made for the same key meanwhile."""
    try:
        with transaction.atomic():
            return PackRender.objects.create(**fields)
    except IntegrityError:
        return PackRender.objects.get(key=fields["key"])


def _send(row: PackRender) -> None:
    """Queue the render, unless another request sent this very row meanwhile
    (the row's status and time are the compare-and-swap)."""
    from campaigns.tasks import pack_render

    claimed = PackRender.objects.filter(
        pk=row.pk, status=row.status, enqueued_at=row.enqueued_at
    ).update(
        status=PackRenderStatus.QUEUED,
        attempts=row.attempts + 1,
        error="",
        enqueued_at=timezone.now(),
        started_at=None,
        alive_at=None,
        finished_at=None,
    )
    if not claimed:
        return
    try:
        result = pack_render.enqueue(row.pk)
    except Exception:
        logger.exception("Could not queue battle pack %s", row.key[:12])
        _give_up(row, "The pack could not be sent to a worker.")
        return
    PackRender.objects.filter(pk=row.pk).update(task_id=str(result.id)[:64])


def _give_up(row: PackRender, message: str) -> None:
    PackRender.objects.filter(pk=row.pk).exclude(status=PackRenderStatus.STORED).update(
        status=PackRenderStatus.FAILED, error=message, finished_at=timezone.now()
    )


def pack_renders_sweep() -> int:
    """The worker side's sweep (``serve``'s supervisor runs it every few
    seconds): every render on its way whose worker is overdue — it waited for a
    worker too long, or its worker fell silent or passed the time limit — is
    asked for again (:func:`pack_render_ensure`: sent while it has attempts
    left, else reported as failed); a row of an older setup (its battle
    re-rolled or changed since) is reported as failed once the current pack is
    asked for. The number of current packs asked for again."""
    sent = 0
    waiting = PackRender.objects.filter(
        status__in=(PackRenderStatus.QUEUED, PackRenderStatus.RUNNING)
    ).select_related("battle__campaign")
    for row in waiting:
        if not pack_overdue(row):
            continue
        current = pack_render_ensure(battle=row.battle, site_url=row.site_url)
        if current.key != row.key:  # an older setup's: the current one is asked
            _give_up(row, STALE_MESSAGE)
        else:
            sent += 1
    return sent
