"""The result form: what the site's result page asks, one line a character."""

from __future__ import annotations

from typing import Any

from campaigns.printing.cards import EMPTY_SLOT, MARKED_SLOT
from campaigns.printing.sheet_fit import result_density
from campaigns.printing.wounds_text import wound_here
from engines.battlefield import Battlefield
from engines.enums import EndReason, Outcome

PAPER_CLASSES = {"A4": "a4", "LETTER": "letter"}


# --- the result form --------------------------------------------------------------


def result_form(
    data: dict[str, Any],
    participants: list[dict[str, Any]],
    battlefield: Battlefield,
) -> dict[str, Any]:
    rows = []
    for p in participants:
        if p["mishap"] == "misses":
            continue
        persisting = min(len(p["wounds"]), p["wound_slots"])
        rows.append(
            {
                **p,
                "slots": " ".join(
                    chr((MARKED_SLOT if n <= persisting else EMPTY_SLOT) + n - 1)
                    for n in range(1, p["wound_slots"] + 1)
                ),
                "fallen": p["mishap"] == "lost",
            }
        )
    kill_rule = data["scene"]["outright_kill_rule"]
    return {
        "rows": rows,
        "density": result_density(
            rows=len(rows),
            paper=PAPER_CLASSES.get(data["paper"], "a4"),
            kill_rule=bool(kill_rule),
        ),
        "outcomes": [o.label for o in Outcome],
        "end_reasons": [r.label for r in EndReason],
        "sides": [("player", "Player side"), ("ai", "AI side")],
        "has_victory_points": battlefield.scores_victory_points,
        "rounds": list(range(1, battlefield.length + 1)),
        "kill_rule": kill_rule,
        "wound_here": wound_here(data["scene"]),
    }
