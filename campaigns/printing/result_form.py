"""The result form: what the site's result page asks, one line a character."""

from __future__ import annotations

import re
from typing import Any

from campaigns.printing.cards import EMPTY_SLOT, MARKED_SLOT
from campaigns.printing.sheet_fit import result_density
from campaigns.printing.wounds_text import wound_here
from engines.battlefield import Battlefield
from engines.battlefield.exits import scores_exits
from engines.enums import Doctrine, EndReason, ObjectiveKind, Outcome

PAPER_CLASSES = {"A4": "a4", "LETTER": "letter"}


# --- the result form --------------------------------------------------------------


DRIVEN_OFF = re.compile(
    r"\bdriv(?:e|es|en) off\b|\bswept away\b|left the table, not fallen", re.I
)
LEAVES_BY_EDGE = re.compile(
    r"\b(?:leaves?|left|escapes?)\b[^.;]{0,40}?\b(?:by|through|off)\s+the\s+"
    r"[\w\s]{0,30}?\b(?:edge|gate|door)\b",
    re.I,
)
"""A way off the table the scene asks for: by an edge, a gate, a door."""
HOW_TO_RECORD = {
    "scattered": "A horde character that scattered off the table: tick Routed, "
    "not Fallen.",
    "driven_off": "A character driven off or swept away (it left the table, not "
    "fallen): tick Routed, not Fallen.",
    "escaped": "A character that left the table as this battle asks (by its "
    "edge, gate or door): tick neither Fallen nor Routed.",
    "scoring_exit": "A character that left by the opposing side's entry edge, "
    "as this scenario scores: tick “Left by the scoring edge”, not Fallen nor "
    "Routed: it is not lost and scores for its side. A battle ended by a side "
    "with nobody left on the table this way ended on the objective: the VP "
    "decide.",
}
"""How to record, with the site's own boxes, a way of leaving the table this
battle can produce (one line each)."""


def result_form(
    data: dict[str, Any],
    participants: list[dict[str, Any]],
    battlefield: Battlefield,
) -> dict[str, Any]:
    rows = []
    for p in participants:
        persisting = min(len(p["wounds"]), p["wound_slots"])
        rows.append(
            {
                **p,
                "absent": p["mishap"] == "misses",
                "slots": " ".join(
                    chr((MARKED_SLOT if n <= persisting else EMPTY_SLOT) + n - 1)
                    for n in range(1, p["wound_slots"] + 1)
                ),
                "fallen": p["mishap"] == "lost",
            }
        )
    kill_rule = data["scene"]["outright_kill_rule"]
    carriable = any(o.kind is ObjectiveKind.CARRIABLE for o in battlefield.objectives)
    exits = scores_exits_here(data, battlefield)
    how_to_record = [HOW_TO_RECORD[key] for key in _leavings(data)]
    if exits:
        how_to_record.append(HOW_TO_RECORD["scoring_exit"])
    wound = wound_here(data["scene"])
    return {
        "rows": rows,
        "density": result_density(
            rows=len(rows),
            paper=PAPER_CLASSES.get(data["paper"], "a4"),
            kill_rule=bool(kill_rule),
            notes=len(how_to_record) + (2 if wound else 0),
        ),
        "outcomes": [o.label for o in Outcome],
        "end_reasons": [r.label for r in EndReason],
        "sides": [("player", "Player side"), ("ai", "AI side")],
        "has_victory_points": battlefield.scores_victory_points,
        "rounds": list(range(1, battlefield.length + 1)),
        "kill_rule": kill_rule,
        "carriable": carriable,
        "exits": exits,
        "columns": 6 + int(carriable) + int(exits) + int(bool(kill_rule)),
        "lost_scouts": any(p["mishap"] == "lost" for p in participants),
        "how_to_record": how_to_record,
        "wound_here": wound,
    }


def scores_exits_here(data: dict[str, Any], battlefield: Battlefield) -> bool:
    """The battle is a generated scenario that scores characters leaving by
    an edge (§3.12): its form has a line for them."""
    return battlefield.generated and scores_exits(data["battle"]["scenario_name"])


def _leavings(data: dict[str, Any]) -> list[str]:
    """The ways off the table other than routing that this battle can produce."""
    scene, battle = data["scene"], data["battle"]
    text = " ".join(
        [scene["special_rules"], scene["victory_conditions"], *battle["setup_text"]]
    )
    found = []
    if any(c["doctrine"] == Doctrine.HORDE for c in data["companies"]):
        found.append("scattered")
    if DRIVEN_OFF.search(text):
        found.append("driven_off")
    if LEAVES_BY_EDGE.search(text):
        found.append("escaped")
    return found
