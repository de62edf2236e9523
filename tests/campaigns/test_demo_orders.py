"""The demo's robot orders are data: its notes keep only what no order kind can
say, and fixtures/demo/README.md lists each of them and why."""

from __future__ import annotations

import json
import re
from pathlib import Path

DEMO = Path(__file__).resolve().parents[2] / "fixtures" / "demo"


def _document() -> dict:
    return json.loads((DEMO / "war_of_the_ring.json").read_text())


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_the_demo_gives_its_robots_orders_as_data():
    """The instructions are 37 orders (a shun and Mithrandir's light among
    them), one arrival round and a stretch."""
    document = _document()
    stretches = [
        e for e in document["scene_companies"] if e["arrival_start"] is not None
    ]
    assert (
        len(document["scene_orders"]),
        len(document["scene_arrivals"]),
        len(stretches),
    ) == (37, 1, 1)


def test_every_note_the_demo_keeps_is_listed_in_its_readme_with_why():
    """A note is what no order can say; the README quotes each one, and at
    most three remain."""
    readme = _flat((DEMO / "README.md").read_text())
    notes = [e["notes"] for e in _document()["scene_companies"] if e["notes"]]
    unlisted = [note for note in notes if _flat(note) not in readme]
    assert (len(notes), unlisted) == (3, [])
