"""The lock every step of a campaign's story takes first.

Setting up, re-rolling, discarding, applying a result, reopening it, resting and
undoing a rest each read the campaign's state (which scene is current, which
step is the latest) and then change several rows. Two of them at once could
each pass its checks on the state the other is about to change (a result
entered while the battle is discarded, a battle set up while the rest before it
is undone). So each locks the campaign's row before it reads anything: they run
one after another, and the second sees what the first did. On SQLite every
write transaction already starts with the database's write lock (IMMEDIATE).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from django.core.exceptions import ValidationError
from django.db import models

from campaigns.models import Campaign

Row = TypeVar("Row", bound=models.Model)


def campaign_lock(*, campaign_id: int) -> None:
    """Lock the campaign's row until the current transaction ends.

    Call first thing inside ``transaction.atomic()``, before any other lock, so
    that every service takes its locks in the same order.
    """
    list(
        Campaign.objects.select_for_update()
        .filter(pk=campaign_id)
        .values_list("pk", flat=True)
    )


def campaign_locked(
    *,
    model: type[Row],
    pk: int,
    campaign_id: int,
    missing: str,
    related: Sequence[str] = (),
) -> Row:
    """Lock the campaign (:func:`campaign_lock`), then the row ``pk`` of
    ``model``, and return that row read afresh under the locks; ValidationError
    with ``missing`` when it is gone (discarded meanwhile).

    Call first thing inside ``transaction.atomic()``: every service that
    changes a campaign's story locks and re-reads its row here, in this order.
    """
    campaign_lock(campaign_id=campaign_id)
    query = model._default_manager.select_for_update().filter(pk=pk)
    if related:
        query = query.select_related(*related)
    row = query.first()
    if row is None:
        raise ValidationError(missing)
    return row
