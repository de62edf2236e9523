"""bench/results.json: every part merges its own keys into it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

RESULTS = Path(__file__).resolve().parent / "results.json"


def merge_results(figures: dict[str, Any]) -> dict[str, Any]:
    """Write ``figures`` over the same keys in results.json, keeping the rest."""
    try:
        results = json.loads(RESULTS.read_text())
    except (FileNotFoundError, ValueError):
        results = {}
    results.update(figures)
    RESULTS.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
    return results
