"""SITE.md's playtest figures: ``playtest_s`` and ``playtest_all_s``.

``playtest_s``: a playtest (RULES §7) of 1,000 battles of the largest demo
scene (the one with the most fit characters) on both cores (``--jobs 2``),
the median of 7 runs after one warm-up. ``playtest_all_s``: ``playtest --all``
on the demo campaign, 1,000 battles a scene, once (it is the long one). Also
written: ``playtest_activation_ms``, one activation's cost on the largest scene
(the whole battle loop's time over its activations, on one core), and
``playtest_compiled``: 1 when they were measured on the compiled engine (``make
engine``, as ``manage.py playtest`` uses it), 0 on the Python source.
``BENCH_QUICK=1`` times ``playtest_s`` once and leaves ``playtest --all`` out
(to look, not to report).

Run it as ``python -m bench.playtest`` (``make bench`` runs every part).
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from config.engine_build import use_compiled

COMPILED = use_compiled()  # before anything imports engines (make bench builds it)

from bench.large import RUNS, median_time, setup_django  # noqa: E402
from bench.results_file import merge_results  # noqa: E402

TARGETS = {"playtest_s": 5.0, "playtest_all_s": 120.0}
BATTLES = 1000


def measure(workdir: Path) -> dict[str, float]:
    from django.core.management import call_command

    from bench.ready import largest_scene
    from campaigns.selectors.playtest import playtest_spec
    from engines.enums import Stance
    from engines.playtest.battle import battlefield_of, play
    from engines.playtest.run import playtest

    quick = bool(os.environ.get("BENCH_QUICK"))
    campaign, scene = largest_scene(workdir)
    spec = playtest_spec(scene=scene, stance=Stance.ATTACK)
    started, activations = time.perf_counter(), 0
    for i in range(30):
        rng = random.Random(i)
        field = battlefield_of(spec, rng=rng)
        activations += play(replace(spec, battlefield=field), rng=rng).activations
    per_activation = (time.perf_counter() - started) / activations

    def one() -> object:
        return playtest(spec, battles=BATTLES, seed=1, jobs=2)

    figures = {
        "playtest_s": median_time(one, runs=1 if quick else RUNS),
        "playtest_activation_ms": round(per_activation * 1000, 3),
        "playtest_compiled": int(COMPILED),
    }
    if quick:
        return figures
    started = time.perf_counter()
    with open(os.devnull, "w") as sink:
        call_command(
            "playtest", "--campaign", campaign.slug, "--all",
            "--battles", str(BATTLES), "--jobs", "2", stdout=sink,
        )  # fmt: skip
    figures["playtest_all_s"] = round(time.perf_counter() - started, 3)
    return figures


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="bench-playtest-") as tmp:
        setup_django(Path(tmp))
        figures = measure(Path(tmp))
    merge_results(figures)
    for key, value in figures.items():
        print(f"{key}: {value}")
    over = {k: figures[k] for k, most in TARGETS.items() if figures.get(k, 0) > most}
    if over:
        print(f"Over target: {over}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
