"""bench/results.json: every part merges its own keys into it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results.json"


def merge_results(figures: dict[str, Any]) -> dict[str, Any]:
    """Write ``figures`` over the same keys in results.json (or the file
    ``BENCH_RESULTS`` names), keeping the rest."""
    path = Path(os.environ.get("BENCH_RESULTS") or RESULTS)
    try:
        results = json.loads(path.read_text())
    except (FileNotFoundError, ValueError):
        results = {}
    results.update(figures)
    path.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
    return results
