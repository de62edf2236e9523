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

from campaigns.models import Campaign


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
