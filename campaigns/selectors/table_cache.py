"""The table context of a battle, kept a little while in this process.

A tap on the table page costs mostly the reading of the battle as table mode
sees it (:func:`~campaigns.selectors.table_context.table_context`: its
fighters, wounds, companies, doctrine settings, battlefield and events, a
handful of queries and their model building); folding the log from its start
costs a fraction of a millisecond, even for a long battle. Between two
decisions the phones at a table ask the same battle again and again (the page,
a question, the characters), so the context is kept here, keyed by the battle
(its id, when it was made and last saved), the log's seed and version: every
decision, undo or restart moves the version on and every re-roll or result
saves the battle, so those are read afresh at once. What else the context
reads (a character edited in the admin in the middle of a battle) is read
afresh after ``TABLE_CONTEXT_CACHE_S`` seconds at most; 0 keeps nothing.

Writes (the table services) never use it: they read the battle afresh under
the log's lock.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict

from django.conf import settings

from campaigns.models import Battle
from campaigns.selectors.table_context import table_context
from engines.table.state import Context

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
