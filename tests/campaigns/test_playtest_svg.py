"""A playtest report's pictures: SVG drawn on the server, every text escaped."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from campaigns.printing.playtest_svg import outcome_bar, rounds_histogram
from engines.enums import Outcome
from engines.playtest.report import Battle, report

SVG = "{http://www.w3.org/2000/svg}"
BATTLES = [
    Battle(outcome=Outcome.VICTORY, rounds=3, way="VP"),
    Battle(outcome=Outcome.DEFEAT, rounds=5, way="routed"),
    Battle(outcome=Outcome.DEFEAT, rounds=5, way="routed"),
    Battle(outcome=Outcome.DRAW, rounds=6, way="length"),
]


def test_the_bar_is_split_by_the_shares():
    tree = ET.fromstring(str(outcome_bar(report(BATTLES, seed=1))))
    widths = [float(r.get("width")) for r in tree.iter(f"{SVG}rect")]
    assert widths == pytest.approx([25, 25, 50])


def test_each_part_says_its_share_and_interval():
    tree = ET.fromstring(str(outcome_bar(report(BATTLES, seed=1))))
    titles = [t.text for t in tree.iter(f"{SVG}title")]
    assert titles[1].startswith("Victory: 25.0 % (95 % interval")


def test_the_histogram_has_a_bar_per_round_from_the_first_the_tallest_full():
    tree = ET.fromstring(str(rounds_histogram(report(BATTLES, seed=1).rounds)))
    heights = [float(r.get("height")) for r in tree.iter(f"{SVG}rect")]
    assert heights == pytest.approx([0, 0, 43, 0, 86, 43])


def test_battles_that_all_lasted_one_length_show_as_one_bar_among_the_rounds():
    tree = ET.fromstring(str(rounds_histogram({6: 200})))
    widths = [float(r.get("width")) for r in tree.iter(f"{SVG}rect")]
    assert len(widths) == 6 and max(widths) < 240 / 4
    titles = [t.text for t in tree.iter(f"{SVG}title")]
    assert "0 battles lasted 1 round" in titles


def test_a_caption_is_escaped():
    svg = str(outcome_bar(report(BATTLES, seed=1), caption='<script>"x"</script>'))
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    ET.fromstring(svg)
