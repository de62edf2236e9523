"""The words and styles of the setup sheet's table diagram: the key's lines
(where a feature or objective is, what an arrival marker means) and the
terrain kinds drawn apart from each other."""

from __future__ import annotations

import re
from typing import Any

from engines.enums import Shape
from engines.victory import STORY_ONLY, ObjectiveUse

# Terrain kinds (RULES §1), each drawn so it reads apart from the others and
# from the deployment zones in greyscale: water light with a dotted bank, a
# road pale with a dashed edge, a wall near black; the rest by its cover.
KIND_STYLE = {
    "water": {"fill": "#c9dcec", "opacity": 0.9, "dash": "0.2 0.25"},
    "road": {"fill": "#eee4c8", "opacity": 0.9, "dash": "0.9 0.45"},
    "wall": {"fill": "#262626", "opacity": 0.9, "dash": ""},
}
KIND_WORDS = (
    ("woods", re.compile(r"wood|forest|trees|copse|thicket|orchard", re.I)),
    (
        "water",
        re.compile(
            r"river|stream|anduin|ford|water|lake|pool|brook|bruinen|flood", re.I
        ),
    ),
    ("road", re.compile(r"\broad|path|causeway|track|street|lane", re.I)),
    ("wall", re.compile(r"\bwall|rampart|palisade|fence|hedge|dike|dyke", re.I)),
)


def terrain_kind(feature) -> str:
    """The feature's terrain kind: its own where the scene gives one (anything
    but open ground or "other"), else read from its name (an older scene's
    river, road or wall), else "" (drawn by its cover)."""
    given = getattr(feature, "terrain", None)
    kind = str(getattr(given, "value", given) or "").lower()
    if kind and kind not in ("open", "other"):
        return kind
    for name, words in KIND_WORDS:
        if words.search(feature.name):
            return name
    return ""


def _in(value: float) -> str:
    return f"{value:g}\u2033"


def feature_where(feature) -> str:
    """Its size and place in few words: "8″ × 6″, north-west corner at 14″, 15″" (the
    corner, inches east and south of the table's); a circle by its centre."""
    if feature.shape is Shape.CIRCLE:
        return (
            f"radius {_in(feature.radius or 0)}, centre at {_in(feature.x)}, "
            f"{_in(feature.y)}"
        )
    return (
        f"{_in(feature.width or 0)} × {_in(feature.depth or 0)}, north-west corner "
        f"at {_in(feature.x)}, {_in(feature.y)}"
    )


def diagram_key(diagram: Any) -> str:
    """The key's last line: the table, the grid, how places read, and what an
    arrival marker means, only where this map has one."""
    parts = [
        f"Table {diagram.table_width}\u2033 × {diagram.table_depth}\u2033; grid "
        "every 6\u2033; places are inches east and south of the north-west "
        "corner; clock: 12 north, 3 east."
    ]
    marks = sorted(
        {m.groups() for a in diagram.arrows if (m := ARRIVAL.search(a.text))},
        key=lambda g: (int(g[0]), int(g[1] or 1)),
    )
    for round_, count in marks:
        if count:
            who = "1 character comes" if count == "1" else f"{count} characters come"
            parts.append(
                f"R{round_}×{count}: {who} on there at the start of round {round_}."
            )
        else:
            parts.append(f"R{round_}: comes on at the start of round {round_}.")
    return " ".join(parts)


ARRIVAL = re.compile(r"R(\d+)(?:×(\d+))?")


def objective_line(objective, use: str | None = None) -> str:
    """'The One Ring (carriable): carried by Frodo Baggins; carrying it off
    decides the battle …' in few words: where it is and what it is for (the
    ways to win's ``use``, its VP, or the story's alone)."""
    kind = objective.kind.label.lower()
    points = f", {objective.victory_points} VP" if objective.victory_points else ""
    if objective.carrier:
        where = f"carried by {objective.carrier}"
    elif objective.placement is not None:
        clock, inches = objective.placement
        where = f"{_in(inches)} from the centre toward {clock} o'clock"
    elif objective.placed:
        where = f"at {_in(objective.x or 0)}, {_in(objective.y or 0)}"
    else:
        where = "placed as the setup says"
    if use:
        purpose = ObjectiveUse(use).label
    elif objective.victory_points:
        purpose = "scores its VP at the end (see the scoring)"
    else:
        purpose = STORY_ONLY
    return f"{objective.name} ({kind}{points}): {where}; {purpose}"
