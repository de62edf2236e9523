"""How densely the setup sheet and the result form are set, so each fits its page.

A setup sheet or result form that spills a box or a few rows onto a page of its
own wastes paper. The heights here are estimated from the font's real glyph
widths (:mod:`campaigns.printing.fit`) and the print CSS's sizes, and the
largest density that fits one page is chosen: ``normal``, ``compact`` or
``tight`` (a class on the sheet; ``static/css/print.css`` sets the type of
each). A sheet too full even when tight flows on to a second page.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from campaigns.printing.fit import PT, Run, layout

# The page's height for content (mm): the sheet less its top and bottom margins.
CONTENT_HEIGHT = {"a4": 297.0 - 11 - 12, "letter": 279.4 - 10 - 11}
SAFETY = 1.03
"""Estimates run this much over the text's own height (rounding, line boxes)."""

DENSITIES = ("normal", "compact", "tight")

# --- the setup sheet (print.css "the setup sheet") ---------------------------------

HEADING_MM = 22.5
"""Kicker, title, scenario name, rule and gap."""
FULL_WIDTH = 188.0 - 4.6
"""A full-width box's text: the measure less its padding and border."""
LEFT_WIDTH = 100.0
RIGHT_WIDTH = 83.0 - 4.6
TERM_WIDTH = 27.0
BOX_CHROME = 3.2 + 0.6 + 2.5
"""A box's padding, border and the gap after it."""
H3 = 9.0 * 1.15 * PT + 0.8
LINE = 1.25
BOX_PT = {"normal": 8.5, "compact": 8.0, "tight": 7.5}
LEGEND_PT = {"normal": 7.5, "compact": 7.5, "tight": 7.5}
BOX_TIGHTER = {"normal": 0.0, "compact": 0.0, "tight": 1.3}
"""How much less a tight box's padding and gap take (print.css)."""
DICE_PT = 6.5
DICE_LINE = 1.15


def _lines(text: str | Sequence[Run], width: float, size: float) -> int:
    return max(1, len(layout(text, width, size))) if text else 0


def _text(paragraphs: Iterable[str], width: float, size: float, gap: float) -> float:
    """Paragraphs (or list items) of ``size`` type, ``gap`` mm after each."""
    line = size * LINE * PT
    return sum(_lines(p, width, size) * line + gap for p in paragraphs if p)


def _box(
    paragraphs: Iterable[str], width: float, size: float, gap: float, density: str
) -> float:
    return _chrome(density) + H3 + _text(paragraphs, width, size, gap)


def _chrome(density: str) -> float:
    """A box's padding, border and gap at a density: every box of the sheet,
    in either column or below them, is set tighter on a tight sheet."""
    return BOX_CHROME - BOX_TIGHTER[density]


STAKES_NOTE = (
    "What the story hopes for. The scoring under “Length and scoring” decides who wins."
)
PARAGRAPH_GAP = 1.4
ITEM_GAP = 0.3
ROW_GAP = 1.0
"""The gap after a paragraph, a bullet and a table row (print.css)."""


def dice_log_left(context: dict[str, Any], density: str) -> bool:
    """Whether the dice log goes under the diagram's key (the left column
    ends higher) rather than under the right column's boxes."""
    return bool(setup_parts(context, density)["dice_left"])


def setup_density(context: dict[str, Any]) -> str:
    """The largest density at which the setup sheet fits one page."""
    room = CONTENT_HEIGHT[context["paper"]]
    for density in DENSITIES:
        if setup_height(context, density) <= room:
            return density
    return DENSITIES[0]


def setup_height(context: dict[str, Any], density: str) -> float:
    """An estimate (mm) of the setup sheet at a density: the heading, the
    taller of its two columns, and the full-width boxes that start right
    under it."""
    parts = setup_parts(context, density)
    top = max(parts["left"], parts["right"])
    return (HEADING_MM + top + parts["lower"]) * SAFETY


def setup_parts(context: dict[str, Any], density: str) -> dict[str, float]:
    """The setup sheet's parts (mm): diagram and legend on the left, the boxes
    beside them on the right, the full-width boxes below."""
    size, legend_pt = BOX_PT[density], LEGEND_PT[density]
    battle, setup = context["battle"], context["setup"]
    diagram = context["diagram"]
    parts: dict[str, float] = {"diagram": diagram.height_mm + 1}

    legend = [
        f"{item['key']} {item['force'].name} · {item['side_label']} · "
        f"{item['force'].describe()} {' '.join(item['force'].arrival_lines())}"
        for item in diagram.legend
    ]
    legend += [diagram.terrain_line] if diagram.terrain_line else []
    legend += [
        f"{e['letter']} {e['feature'].name} · {e['kind']} · cover: "
        f"{e['feature'].note} · {e['where']}"
        + (" · a way out: leaving through it counts" if e["exit"] else "")
        for e in diagram.feature_legend
    ]
    legend += list(diagram.objective_legend)
    legend += setup["battlefield_lines"]
    legend.append(context["diagram_key"])
    parts["legend"] = _text(legend, LEFT_WIDTH - 4, legend_pt, 0.4)

    rows = [value for _, value in setup["scoring"] + setup["roles"]]
    rows += [
        f"{c['name']} ({c['character']}): {c['effect']}" for c in setup["commanders"]
    ]
    rows += [battle["scenario_name"], battle["seed"]]
    parts["scenario"] = (
        _chrome(density) + H3 + _text(rows, RIGHT_WIDTH - TERM_WIDTH, size, ROW_GAP)
    )
    parts["scoring"] = _box(
        list(context["battlefield"].scoring),
        RIGHT_WIDTH - 2.5,
        size,
        ITEM_GAP,
        density,
    )

    initiative = setup["initiative"]
    parts["round"] = _box(
        [
            *(f"Before round 1: {rule}" for rule in setup["before_round_one"]),
            initiative["round_one"],
            f"{initiative['rule']} {initiative['ai_choice']}",
        ],
        RIGHT_WIDTH,
        size,
        PARAGRAPH_GAP,
        density,
    ) + _text(
        [
            "Generals alternate activations; one with nothing left lets the other "
            "continue."
        ],
        RIGHT_WIDTH,
        7.5,
        0,
    )
    parts["dice"] = 0.0
    if setup["has_dice_log"]:
        columns = setup["dice_log"]
        width = RIGHT_WIDTH / len(columns) - 3
        parts["dice"] = (
            _chrome(density)
            + H3
            + max(_text(c, width, DICE_PT, 0) for c in columns) * DICE_LINE / LINE
        )
    parts["right"] = parts["scenario"] + parts["scoring"] + parts["round"]
    parts["left"] = parts["diagram"] + parts["legend"]
    # The dice log goes where the taller column ends higher.
    left, right, dice = parts["left"], parts["right"], parts["dice"]
    parts["dice_left"] = float(max(left + dice, right) < max(left, right + dice))
    parts["left" if parts["dice_left"] else "right"] += parts["dice"]

    lower = lower_boxes(context)
    heights = {
        key: [
            _box(paragraphs, width, size, gap, density)
            for width in (FULL_WIDTH, RIGHT_WIDTH)
        ]
        for key, paragraphs, gap in lower
    }
    # Boxes from the top of the lower part move up into the right column while
    # it still ends above the left one: the sheet reads in the same order.
    lifted = 0
    for key, _paragraphs, _gap in lower:
        if parts["right"] + heights[key][1] > parts["left"]:
            break
        parts["right"] += heights[key][1]
        lifted += 1
    parts["lifted"] = float(lifted)
    parts["lower"] = sum(heights[key][0] for key, _p, _g in lower[lifted:])
    return parts


def lower_boxes(context: dict[str, Any]) -> list[tuple[str, list[str], float]]:
    """The setup sheet's boxes below the diagram, in reading order: (key, its
    paragraphs as the estimate reads them, the gap after each)."""
    battle, scene, setup = context["battle"], context["scene"], context["setup"]
    boxes: list[tuple[str, list[str], float]] = []
    if setup["coop"]:
        coop = setup["coop"]
        boxes.append(
            (
                "coop",
                [
                    *(
                        f"{g['turn']}. {g['name']} " + ", ".join(g["characters"])
                        for g in coop["generals"]
                    ),
                    "Turns, humans first: "
                    + " → ".join(coop["humans_first"])
                    + ". AI first: "
                    + " → ".join(coop["ai_first"])
                    + ".",
                ],
                ROW_GAP,
            )
        )
    stakes = [] if battle["fixed"] or not scene["victory_conditions"] else [STAKES_NOTE]
    for key, paragraphs in (
        ("briefing", [scene["briefing"]]),
        ("setup", battle["setup_text"]),
        ("special", [scene["special_rules"]]),
        ("wound", [setup["wound_here"]]),
        ("victory", [scene["victory_conditions"], *stakes]),
    ):
        if any(paragraphs):
            boxes.append((key, paragraphs, PARAGRAPH_GAP))
    if setup["statuses"]:
        boxes.append(
            (
                "statuses",
                [
                    f"{s['title']}: "
                    + ", ".join(f"{name} ({side})" for name, side in s["names"])
                    + f". {s['rule']}"
                    for s in setup["statuses"]
                ],
                0.8,
            )
        )
    return boxes


def lifted_boxes(context: dict[str, Any], density: str) -> int:
    """How many of the lower boxes go up into the right column."""
    return int(setup_parts(context, density)["lifted"])


# --- the result form --------------------------------------------------------------

RESULT_TOP = {"normal": 62.0, "compact": 60.0, "tight": 58.0}
"""Heading, choices, QR code, the note and the table's header row (mm)."""
RESULT_ROW = {"normal": 4.8, "compact": 4.1, "tight": 3.6}
NOTES = {"normal": 30.0, "compact": 22.0, "tight": 14.0}


NOTE_LINE = 7.5 * LINE * PT + 1.4
"""A line of the form's small notes (7.5 pt) and its gap (mm)."""


def result_density(*, rows: int, paper: str, kill_rule: bool, notes: int = 0) -> str:
    """The largest density at which the result form fits one page, with
    ``notes`` more lines of small notes than the usual one."""
    room = CONTENT_HEIGHT[paper] - (6.0 if kill_rule else 0.0) - notes * NOTE_LINE
    for density in DENSITIES:
        height = RESULT_TOP[density] + rows * RESULT_ROW[density] + NOTES[density]
        if height <= room:
            return density
    return DENSITIES[-1]
