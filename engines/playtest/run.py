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
import itertools
import multiprocessing
import random
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import astuple
from typing import Any

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


Row = tuple[Any, ...]
"""A battle as it crosses between processes: its fields in order."""

_FOUGHT: dict[int, Sequence[Spec]] = {}
"""The specs of each playtest on its way in this process, by number: the pool's
processes (forked) inherit them, and a task names its spec by playtest and
index — a spec is never pickled (the compiled engine's frozen classes cannot
be unpickled), and a battle crosses back as a plain row."""
_NUMBERS = itertools.count()


def _chunk(args: tuple[int, int, int, int, int]) -> list[Row]:
    number, index, seed, start, stop = args
    spec = _FOUGHT[number][index]
    return [astuple(b) for b in _fight_range(spec, seed, start, stop)]


def playtest(
    spec: Spec,
    *,
    battles: int,
    seed: int,
    jobs: int = 1,
    progress: Progress | None = None,
) -> Report:
    """``battles`` battles of ``spec`` from ``seed``, on ``jobs`` processes."""
    found = playtests([spec], battles=battles, seed=seed, jobs=jobs, progress=progress)
    try:
        return next(found)
    finally:
        found.close()  # its processes end here, not when it is collected


def playtests(
    specs: Sequence[Spec],
    *,
    battles: int,
    seed: int,
    jobs: int = 1,
    progress: Progress | None = None,
) -> Generator[Report, None, None]:
    """Each spec's playtest (:func:`playtest`), in order, each report as soon
    as its battles are fought: one pool of ``jobs`` processes fights them all,
    so none waits at the end of one spec while the other finishes it (each
    report is the one :func:`playtest` gives alone). ``progress`` is told
    (done, total) for the spec being fought."""
    if not 1 <= battles <= MAX_BATTLES:
        raise ValueError(f"the number of battles is 1 to {MAX_BATTLES:,}")
    chunks = [
        (index, seed, start, min(start + CHUNK, battles))
        for index in range(len(specs))
        for start in range(0, battles, CHUNK)
    ]
    if jobs <= 1 or len(chunks) <= 1:
        fought = (_fight_range(specs[i], *rest) for i, *rest in chunks)
        yield from _reported(specs, fought, battles, seed, progress)
        return
    number = next(_NUMBERS)
    _FOUGHT[number] = specs  # before the pool's processes are forked
    try:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            rows = pool.imap(_chunk, [(number, *chunk) for chunk in chunks])
            fought = ([Battle(*row) for row in part] for part in rows)
            yield from _reported(specs, fought, battles, seed, progress)
    finally:
        del _FOUGHT[number]


def _reported(
    specs: Sequence[Spec],
    parts: Iterator[list[Battle]],
    battles: int,
    seed: int,
    progress: Progress | None,
) -> Iterator[Report]:
    """The reports of ``specs`` from their chunks' battles, in order."""
    for spec in specs:
        players = [c.name for c in spec.characters if c.side is Side.PLAYER]
        fought: list[Battle] = []
        while len(fought) < battles:
            fought.extend(next(parts))
            _tell(progress, len(fought), battles)
        yield report(fought, seed=seed, characters=players)


def _tell(progress: Progress | None, done: int, total: int) -> None:
    if progress is not None:
        progress(done, total)
