"""Names written into sentences are isolated when they could turn them around."""

from __future__ import annotations

import pytest

from campaigns.bidi import FSI, PDI, isolated


@pytest.mark.parametrize(
    ("name", "wrapped"),
    [
        ("Frodo", False),
        ("Éowyn", False),
        ("Evil\u202eliveE", True),
        ("שמואל", True),
        ("بلبل", True),
    ],
)
def test_only_names_that_could_turn_the_line_are_isolated(name, wrapped):
    assert (isolated(name) == f"{FSI}{name}{PDI}") is wrapped
