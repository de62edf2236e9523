"""Folded states kept between reads of a log, so a read folds only the entries
added since the last one (a battle's log grows by one entry a tap; folding it
from its start on every request costs more the longer the battle).

A kept state remembers how many entries it folded and the id of the last one.
A later read asks for the entries from that last one on: if it is still there,
with the same id, the log only grew and the new entries are applied to a copy;
if it is gone (an undo took it back, or the log began again), the whole log is
folded afresh. Entries are anything :func:`~engines.table.state.entry_apply`
takes, with an ``pk``. Thread-safe: kept states are never changed, each reader
gets its own copy.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from engines.table.state import Context, State, state_fold_or_none

FOLD_ERRORS = (KeyError, ValueError, TypeError, StopIteration)
"""What an entry that does not fit the battle raises when applied."""


class FoldKeeper:
    """States folded from logs, by key (the log and the battle as set up), the
    least recently read going first past ``most``."""

    def __init__(self, most: int = 64) -> None:
        self.most = most
        self._lock = threading.Lock()
        self._kept: OrderedDict[Hashable, tuple[int, Any, State]] = OrderedDict()

    def fold(
        self,
        key: Hashable,
        context: Context,
        *,
        since: Callable[[int], Sequence[Any]],
        everything: Callable[[], Sequence[Any]],
    ) -> tuple[State | None, Sequence[Any], bool]:
        """The log's state (None when its entries do not fit the battle), the
        entries read, and whether they are the whole log.

        ``since(position)`` gives the entries from ``position`` on, in order;
        ``everything()`` the whole log in order."""
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
        if kept is not None:
            count, last_pk, folded = kept
            rows = since(count - 1)
            if rows and rows[0].pk == last_pk:
                fresh = folded.copy()
                fresh.context = context
                state: State | None = fresh
                try:
                    for row in rows[1:]:
                        fresh.apply(row)
                except FOLD_ERRORS:
                    state = None
                if state is not None:
                    self._keep(key, count + len(rows) - 1, rows[-1].pk, state)
                    return state.copy(), rows, False
        rows = everything()
        state = state_fold_or_none(context, rows)
        if state is not None and rows:
            self._keep(key, len(rows), rows[-1].pk, state)
            state = state.copy()
        return state, rows, True

    def _keep(self, key: Hashable, count: int, last_pk: Any, state: State) -> None:
        with self._lock:
            self._kept[key] = (count, last_pk, state)
            self._kept.move_to_end(key)
            while len(self._kept) > self.most:
                self._kept.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()


__all__ = ["FoldKeeper"]
