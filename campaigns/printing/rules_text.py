"""The rules' own words the pack prints beside the doctrines' steps.

Every sentence here is read from the engine's constants and tables, so the
paper says what the code does: the initiative table (§4), the AI's choice of
who goes first (§4), each doctrine's activation order (§5), the follow-up half
move (§4), the AI deck (§5.2) and the attack quick reference (§4).
"""

from __future__ import annotations

from engines.cards import FULL_DECK
from engines.combat import ATTACK_QUICK_REFERENCE, INITIATIVE_TABLE
from engines.doctrines import ORDER_RULE
from engines.enums import Doctrine, Side
from engines.events import PROCEDURE as EVENTS_PROCEDURE

AI_CHOICE = (
    "The AI, if it wins, goes first when any AI character has an enemy in sight at "
    "the start of the round; otherwise it lets the humans go first."
)
FOLLOW_UP = (
    "A character that fells its enemy in melee takes one more activation at half "
    "move (at most one per activation): the whole procedure again from the start, "
    "every distance that uses its move halved; still in contact with another "
    "enemy, it continues the melee."
)
PURSUIT_ORDER = "Pursuers go closest to the quarry first; ties by card order."


def initiative_rows() -> list[tuple[str, str]]:
    """(roll, who) rows of the initiative table: '1–3', 'the AI side'."""
    rows, low = [], 1
    for high, side in INITIATIVE_TABLE:
        roll = f"{low}\u2013{high}" if high > low else str(low)
        who = "the AI side wins" if side is Side.AI else "the humans win"
        rows.append((roll, who))
        low = high + 1
    return rows


def activation_order(doctrine: str) -> str:
    """How this doctrine's characters are ordered within the AI side's turns."""
    if Doctrine(doctrine) is Doctrine.PURSUIT:
        return f"{ORDER_RULE} {PURSUIT_ORDER}"
    return ORDER_RULE


def deck_setup() -> str:
    jokers = sum(1 for card in FULL_DECK if card.is_joker)
    return (
        f"One {len(FULL_DECK)}-card deck ({jokers} jokers) for the AI side, "
        "shuffled at the start of the battle. When it runs out, shuffle the "
        "discards into a new deck."
    )


RANDOM_SELECTION = (
    "Random selection: deal one card to each candidate; the highest wins. Rank "
    "A K Q J 10 … 2, then suit ♠ ♥ ♣ ♦. Jokers are discarded and replaced; "
    "reshuffle afterwards."
)


def event_draw_rows() -> list[tuple[str, str]]:
    """The start-of-round draw, from the engine's procedure."""
    return [(step.label, step.text) for step in EVENTS_PROCEDURE.steps()]


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
