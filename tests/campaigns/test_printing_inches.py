"""Inches on paper: the diagram's short SVG numbers come from one helper."""

from __future__ import annotations

import pytest

from campaigns.printing import diagram, diagram_arrows
from campaigns.printing.inches import svg_inches


@pytest.mark.parametrize(
    ("value", "short"),
    [(6, 6), (0.35, 0.35), (12.3456, 12.35), (-3.141, -3.14), (1 / 3, 0.33)],
)
def test_an_svg_number_of_inches_is_kept_to_hundredths(value, short):
    assert svg_inches(value) == short


def test_the_diagram_and_its_arrows_round_with_the_one_helper():
    assert diagram._n is svg_inches
    assert diagram_arrows._n is svg_inches
