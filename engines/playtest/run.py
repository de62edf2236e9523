"""A playtest: many seeded battles of one spec, folded into a report (RULES §7).

Battle ``i`` is fought on ``random.Random(battle_seed(seed, i))``, so a battle's
dice do not depend on which process fights it: ``jobs`` only spreads the
battles over processes (in fixed chunks, put back in order), and the report
is the same whatever ``jobs``. ``progress`` is told (done, total) as battles
finish. Each terrain's board is compiled once per chunk and shared by its
battles (:class:`~engines.playtest.setup.Boards`): a fixed battlefield has one,
a scene whose setup is rolled the few tables its rolls give.
"""

from __future__ import annotations

import gc
import multiprocessing
import random
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from engines.enums import Side
from engines.playtest.battle import fight
from engines.playtest.report import Battle, Report, battle_seed, report
from engines.playtest.setup import Boards
from engines.playtest.spec import Spec

MAX_BATTLES = 100_000
CHUNK = 50
"""Battles a worker fights before it reports back (the progress bar's step)."""

Progress = Callable[[int, int], None]


def _fight_range(spec: Spec, seed: int, start: int, stop: int) -> list[Battle]:
    boards = Boards()
    with _cycles_kept():
        return [
            fight(spec, rng=random.Random(battle_seed(seed, i)), boards=boards)
            for i in range(start, stop)
        ]


@contextmanager
def _cycles_kept() -> Iterator[None]:
    """Python's cycle collector paused for a chunk of battles, then back as it
    was. A battle makes millions of short-lived objects, nearly all freed as
    soon as they are dropped; the collector walks them all the same, a tenth
    of a battle's time, to find the few cycles (about 200 objects a battle)
    it frees once it runs again. It decides nothing: the dice are the same."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _chunk(args: tuple[Spec, int, int, int]) -> list[Battle]:
    return _fight_range(*args)


def playtest(
    spec: Spec,
    *,
    battles: int,
    seed: int,
    jobs: int = 1,
    progress: Progress | None = None,
) -> Report:
    """``battles`` battles of ``spec`` from ``seed``, on ``jobs`` processes."""
    if not 1 <= battles <= MAX_BATTLES:
        raise ValueError(f"the number of battles is 1 to {MAX_BATTLES:,}")
    players = [c.name for c in spec.characters if c.side is Side.PLAYER]
    chunks = [
        (spec, seed, start, min(start + CHUNK, battles))
        for start in range(0, battles, CHUNK)
    ]
    fought: list[Battle] = []
    if jobs <= 1 or len(chunks) == 1:
        for args in chunks:
            fought.extend(_chunk(args))
            _tell(progress, len(fought), battles)
    else:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            for part in pool.imap(_chunk, chunks):
                fought.extend(part)
                _tell(progress, len(fought), battles)
    return report(fought, seed=seed, characters=players)


def _tell(progress: Progress | None, done: int, total: int) -> None:
    if progress is not None:
        progress(done, total)
