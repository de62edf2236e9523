"""What a card means under the deck doctrine (RULES §5.2): the trigger
distance of its pips, the intent of its suit and the move each suit allows."""

from __future__ import annotations

from dataclasses import dataclass

from engines.cards import Card
from engines.doctrines.situation import Situation, inches
from engines.doctrines.steps import Row, Table
from engines.enums import Cover, Intent, Suit

# --- the cards' meaning ---------------------------------------------------------------

INCHES_PER_PIP = 2
"""Trigger distance: pips × 2 inches, an Ace counting as one pip."""

INTENTS = {
    Suit.SPADES: Intent.HARM,
    Suit.HEARTS: Intent.MEASURED,
    Suit.CLUBS: Intent.WAIT,
    Suit.DIAMONDS: Intent.DISCRETION,
}


def trigger_distance(card: Card) -> float | None:
    """Inches within which an enemy triggers the card; None for J Q K and jokers."""
    if not card.is_number:
        return None
    return card.pips * INCHES_PER_PIP


PICTURE_TRIGGER = (
    "none: no step that asks “within trigger” fires (never ♠2's Charge); the "
    "suit's J Q K step shoots the closest enemy in sight within shooting range"
)
"""§5.2 "Picture cards": J Q K have no trigger distance."""

TRIGGER_TABLE = Table(
    title="Trigger distance",
    columns=("Card", "Trigger"),
    rows=(
        Row("A", f"{inches(INCHES_PER_PIP)} (one pip)"),
        *(Row(str(pips), inches(pips * INCHES_PER_PIP)) for pips in range(2, 11)),
        Row("J Q K", PICTURE_TRIGGER),
    ),
)
"""The trigger distance of each card, as the AI card prints it."""


@dataclass(frozen=True)
class MoveLimit:
    """Where a Move and shoot may move (♥ ♣ ♦): away or toward, into what cover."""

    text: str
    away: bool
    least: Cover

    def cover(self, situation: Situation) -> Cover | None:
        """The cover it may end its move in, or None: it does not move."""
        cover = situation.cover_away if self.away else situation.cover_toward
        if cover == Cover.NONE or cover.rank < self.least.rank:
            return None
        return cover


MOVE_LIMITS = {
    Suit.HEARTS: MoveLimit("moving only if it can end in cover", False, Cover.SOFT),
    Suit.CLUBS: MoveLimit("moving only into hard cover", False, Cover.HARD),
    Suit.DIAMONDS: MoveLimit(
        "moving away from the enemy and only into hard cover", True, Cover.HARD
    ),
}

CANNOT_SHOOT = "cannot-shoot"
JOKER = "joker"
DEFENCE = "defence"
