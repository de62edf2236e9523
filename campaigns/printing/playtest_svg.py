"""A playtest report as pictures (RULES §7): drawn as SVG on the server.

Two small drawings a builder would rather look at than read: the victory /
draw / defeat bar, and the histogram of how many rounds the battles lasted.
Both are strings of SVG built with ``format_html``, so every text in them
(a scene's name in the caption, the labels) is escaped; no JavaScript
library draws anything. The SVG's user units are percent of the width for
the bar and one unit per pixel for the histogram; ``viewBox`` lets the page
scale them.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from engines.enums import Outcome
from engines.playtest.report import OUTCOMES, Report, percent

COLOURS = {
    Outcome.VICTORY: "#2e7d32",
    Outcome.DRAW: "#9e9e9e",
    Outcome.DEFEAT: "#c62828",
}
BAR_WIDTH, BAR_HEIGHT, LEGEND = 100.0, 8.0, 6.0
CHART_WIDTH, CHART_HEIGHT, AXIS = 240.0, 100.0, 14.0


def _n(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".")


def outcome_bar(report: Report, *, caption: str = "") -> SafeString:
    """Victory, draw and defeat as one bar split by their shares, each part
    with its share and 95 % interval in its title."""
    parts = []
    x = 0.0
    for outcome in OUTCOMES:
        share = report.share(outcome)
        low, high = report.interval[outcome.value]
        parts.append(
            (
                _n(x),
                _n(BAR_WIDTH * share),
                COLOURS[outcome],
                f"{outcome.label}: {percent(share)} "
                f"(95 % interval {percent(low)} to {percent(high)})",
            )
        )
        x += BAR_WIDTH * share
    bars = format_html_join(
        "",
        '<rect x="{}" y="0" width="{}" height="{}" fill="{}"><title>{}</title></rect>',
        (
            (px, width, _n(BAR_HEIGHT), colour, title)
            for px, width, colour, title in parts
        ),
    )
    legend = format_html_join(
        "",
        '<text x="{}" y="{}" font-size="3.2" fill="{}">{} {}</text>',
        (
            (
                _n(i * BAR_WIDTH / len(OUTCOMES)),
                _n(BAR_HEIGHT + LEGEND - 1),
                COLOURS[o],
                o.label,
                percent(report.share(o)),
            )
            for i, o in enumerate(OUTCOMES)
        ),
    )
    label = caption or "Victory, draw and defeat"
    return format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" class="playtest-bar" '
        'viewBox="0 0 {} {}" role="img" aria-label="{}"><title>{}</title>{}{}</svg>',
        _n(BAR_WIDTH),
        _n(BAR_HEIGHT + LEGEND),
        label,
        label,
        bars,
        legend,
    )


def rounds_histogram(rounds: Mapping[int, int], *, caption: str = "") -> SafeString:
    """How many battles lasted each number of rounds, as upright bars."""
    label = caption or "Rounds the battles lasted"
    counts = {int(k): v for k, v in rounds.items()}
    if not counts:
        return format_html(
            '<svg xmlns="http://www.w3.org/2000/svg" class="playtest-rounds" '
            'viewBox="0 0 {} {}" role="img" aria-label="{}"><title>{}</title></svg>',
            _n(CHART_WIDTH),
            _n(CHART_HEIGHT),
            label,
            label,
        )
    first, last = min(1, min(counts)), max(counts)  # from round 1: in context
    span = range(first, last + 1)
    step = CHART_WIDTH / len(span)
    tallest = max(counts.values())
    room = CHART_HEIGHT - AXIS
    bars = []
    for i, number in enumerate(span):
        count = counts.get(number, 0)
        height = room * count / tallest
        bars.append(
            (
                _n(i * step + step * 0.1),
                _n(room - height),
                _n(step * 0.8),
                _n(height),
                f"{count} battle{'' if count == 1 else 's'} lasted {number} "
                f"round{'' if number == 1 else 's'}",
                _n(i * step + step / 2),
                _n(CHART_HEIGHT - 3),
                number,
            )
        )
    body = format_html_join(
        "",
        '<rect x="{}" y="{}" width="{}" height="{}" fill="#455a64">'
        "<title>{}</title></rect>"
        '<text x="{}" y="{}" font-size="9" text-anchor="middle">{}</text>',
        bars,
    )
    return format_html(
        '<svg xmlns="http://www.w3.org/2000/svg" class="playtest-rounds" '
        'viewBox="0 0 {} {}" role="img" aria-label="{}"><title>{}</title>{}</svg>',
        _n(CHART_WIDTH),
        _n(CHART_HEIGHT),
        label,
        label,
        body,
    )
