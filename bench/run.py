"""Run every benchmark part, each in its own process, merging into results.json.

Each part is a module with a ``main()`` that measures its figures (SITE.md
"Benchmark figures") in a scratch database of its own and merges them into
``bench/results.json``. A process per part keeps their Django setups and
databases apart.
"""

from __future__ import annotations

import subprocess
import sys

PARTS = (
    "bench.pack",
    "bench.ready",
    "bench.pages",
    "bench.playtest",
    "bench.transfer",
    "bench.taps",
    "bench.soak",
    "bench.soak_sqlite",
    "bench.club_night",
    "bench.cluster_night",
)


def main() -> int:
    failed = []
    for part in PARTS:
        print(f"--- {part}", flush=True)
        if subprocess.run([sys.executable, "-m", part], check=False).returncode:
            failed.append(part)
    if failed:
        print(f"Failed: {', '.join(failed)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
