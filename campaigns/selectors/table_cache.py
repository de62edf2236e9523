"""The table context of a battle, kept a little while in this process.

A tap costs mostly reading the battle as table mode sees it
(:func:`~campaigns.selectors.table_context.table_context`); folding the log
costs a fraction of a millisecond. The phones at a table ask the same battle
again and again between two decisions, so the context is kept here, keyed by
the battle (id, made, last saved), the log's seed and version: every decision,
undo, restart, re-roll or result reads afresh at once; anything else it reads
(a character edited in the admin mid-battle) after ``TABLE_CONTEXT_CACHE_S``
seconds at most (0 keeps nothing). Writes never use it: they read the battle
afresh under the log's lock.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict

from django.conf import settings

from campaigns.models import Battle, TableEntry, TableLog
from campaigns.selectors.table_context import table_context
from engines.table.kept import FoldKeeper
from engines.table.state import Context, State, state_fold_or_none

KEPT = 64
"""Contexts kept at most (the least recently used go first)."""

_lock = threading.Lock()
_kept: OrderedDict[tuple, tuple[float, Context]] = OrderedDict()


def table_context_kept(*, battle: Battle, seed: int, version: int) -> Context:
    """``table_context(battle=battle, seed=seed)``, from this process's memory
    when the same battle at the same log version was read in the last
    ``TABLE_CONTEXT_CACHE_S`` seconds."""
    keep_s = getattr(settings, "TABLE_CONTEXT_CACHE_S", 0)
    if keep_s <= 0:
        return table_context(battle=battle, seed=seed)
    key = (battle.pk, battle.created_at, battle.updated_at, seed, version)
    now = time.monotonic()
    with _lock:
        found = _kept.get(key)
        if found is not None and now - found[0] <= keep_s:
            _kept.move_to_end(key)
            return found[1]
    context = table_context(battle=battle, seed=seed)
    with _lock:
        _kept[key] = (now, context)
        _kept.move_to_end(key)
        while len(_kept) > KEPT:
            _kept.popitem(last=False)
    return context


FOLDED = FoldKeeper(KEPT)
"""Logs folded in this process: a read folds only what was added since."""


def table_log_folded(
    *, battle: Battle, log: TableLog | None, context: Context
) -> tuple[State | None, list[TableEntry], bool]:
    """The log's state (None when it does not fit the battle), the entries
    read (at least its last one, when it has any) and whether they are all of
    them. With ``TABLE_CONTEXT_CACHE_S`` at 0 the whole log is folded."""
    if log is None:
        return state_fold_or_none(context, []), [], True
    rows = log.entries.order_by("position")

    def everything() -> list[TableEntry]:
        entries = list(rows.defer("deck"))
        for entry in entries:
            entry.deck = None  # no query: each keeps the whole deck, the last will do
        if entries:
            last = entries[-1]
            deck = TableEntry.objects.filter(pk=last.pk).values_list("deck", flat=True)
            found = list(deck)
            if not found:
                # Taken back since the read (another phone's undo or restart):
                # the log read again whole, decks and all, in one statement.
                return list(rows)
            last.deck = found[0]
        return entries

    if getattr(settings, "TABLE_CONTEXT_CACHE_S", 0) <= 0:
        read = everything()
        return state_fold_or_none(context, read), read, True
    key = (log.pk, log.seed, battle.pk, battle.created_at, battle.updated_at)
    state, entries, whole = FOLDED.fold(
        key,
        context,
        since=lambda position: list(rows.filter(position__gte=position)),
        everything=everything,
    )
    return state, [entry for entry in entries if isinstance(entry, TableEntry)], whole
