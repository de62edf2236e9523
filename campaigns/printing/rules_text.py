"""The rules' own words the pack prints beside the doctrines' steps.

Every sentence here comes from the engine's constants and tables, so the paper
says what the code does: the initiative table and the AI's choice (§4), the AI
deck and random selection (§5.2), the attack quick reference and rout check
(§4), the start-of-round event draw (§5.2).
"""

from __future__ import annotations

from engines.cards import DECK_SETUP, RANDOM_SELECTION
from engines.combat import (
    AI_INITIATIVE_CHOICE,
    ARRIVALS_RULE,
    ATTACK_QUICK_REFERENCE,
    INITIATIVE_RULE,
    initiative_rows,
)
from engines.enums import Doctrine
from engines.events import PROCEDURE as EVENTS_PROCEDURE

__all__ = [
    "AI_INITIATIVE_CHOICE",
    "ARRIVALS_RULE",
    "DECK_SETUP",
    "INITIATIVE_RULE",
    "RANDOM_SELECTION",
    "attack_rows",
    "event_draw_rows",
    "event_draw_table",
    "initiative_rows",
    "rout_text",
]


def event_draw_rows() -> list[tuple[str, str]]:
    """The start-of-round draw, from the engine's procedure."""
    return [(step.label, step.text) for step in EVENTS_PROCEDURE.steps()]


def event_draw_table() -> list[tuple[str, str]]:
    """The start-of-round draw as a table: the cards, and what they do."""
    return [(step.label, step.then) for step in EVENTS_PROCEDURE.steps()]


def attack_rows() -> list[tuple[str, str]]:
    return [row for row in ATTACK_QUICK_REFERENCE if row[0] != "Rout check"]


def rout_text(doctrine: str) -> str:
    if Doctrine(doctrine) is Doctrine.HORDE:
        return "A horde company takes no rout check: it scatters instead."
    for term, rule in ATTACK_QUICK_REFERENCE:
        if term == "Rout check":
            return (
                f"{rule[:1].upper()}{rule[1:]}; all its characters rout from then on."
            )
    return ""
