"""The AI card's round: the start of a round in its order (arrivals, the
company's start orders, the random event, initiative), its end orders, and the
one activation order of the whole AI side."""

from __future__ import annotations

from typing import Any

from campaigns.bidi import isolated
from campaigns.printing import rules_text
from campaigns.printing.ai_card_orders import round_orders
from campaigns.printing.inches import inch_marks
from engines.battlefield import Battlefield


def arrivals_later(
    battlefield: Battlefield, participants: list[dict[str, Any]]
) -> bool:
    """Whether anyone, of either side, comes on after the battle has begun."""
    return any(f.arrival is not None or f.late for f in battlefield.forces) or any(
        p["reserve"] for p in participants
    )


def round_block(
    data: dict[str, Any],
    company: dict[str, Any],
    home: str,
    *,
    arrivals: bool,
    others: tuple[str, ...] = (),
) -> dict[str, Any]:
    """The round's sequence on the home card; on another card, where it is.
    Either way the company's own each-round orders stand at their moments, in
    the start of a round's order: arrivals, the orders, the event, initiative."""
    procedure = inch_marks(data["procedures"][str(company["id"])])
    before = round_orders(procedure, "Before 1") + round_orders(procedure, "Start")
    after = round_orders(procedure, "End")
    if home:
        parts = ["the arrivals"] if arrivals else []
        if data["events"]:
            parts.append("the random event")
        parts.append("initiative and who goes first")
        shared = f"the round's sequence ({', '.join(parts)})"
        if data["events"]:
            shared += ", the AI deck"
        return {
            "kind": "round",
            "title": "Each round",
            "steps": before + after,
            "where": (
                f"One for the whole AI side, on the {isolated(home)} card: {shared} "
                + (
                    "and the round and event trackers."
                    if data["events"]
                    else "and the round tracker."
                )
            ),
            "order": data["ai_order"],
        }
    steps = [rules_text.ARRIVALS_RULE] if arrivals else []
    steps += before
    if data["events"]:
        steps.append("Draw a random event from the AI deck (see the events page).")
    steps += [rules_text.INITIATIVE_RULE, rules_text.AI_INITIATIVE_CHOICE]
    steps += after
    where = ""
    if others:
        names = ", ".join(isolated(name) for name in others)
        where = (
            f"This card keeps the round's sequence, the trackers and the AI deck for "
            f"the whole AI side; the {names} card{'s' if len(others) > 1 else ''} "
            "point here."
        )
    return {
        "kind": "round",
        "title": "Each round",
        "steps": steps,
        "where": where,
        "order": data["ai_order"],
    }
