"""Event decks in a document: the deck rule and when a deck is already here.

A deck holds exactly twelve events, one for each picture card (jack, queen and
king of every suit). The engine owns that rule; :func:`deck_cards_problem` is
the one place the site asks it, and turns its answer into players' words.
"""

from __future__ import annotations

from collections.abc import Iterable

from campaigns.models import Event, EventDeck
from campaigns.models.events import EventCard
from engines.events import Event as EngineEvent
from engines.events import event_deck_check


def deck_cards_problem(cards: Iterable[str]) -> str | None:
    """Why events on these cards are not a deck, or None when they are."""
    present = set(cards)
    events = {
        card: EngineEvent(key=card, title=card, text="") for card in sorted(present)
    }
    try:
        event_deck_check(events)
    except ValueError:
        missing = [label for card, label in EventCard.choices if card not in present]
        if not missing:
            return (
                "a deck has one event for each of the twelve picture cards "
                "(jack, queen and king of every suit), on no other card"
            )
        return (
            "a deck has one event for each of the twelve picture cards (jack, "
            f"queen and king of every suit); missing: {', '.join(missing)}"
        )
    return None


def deck_content(deck: EventDeck, events: Iterable[Event]) -> tuple:
    """What makes two decks the same deck: name, description and events."""
    return (
        deck.name,
        deck.description,
        sorted((e.card, e.title, e.text) for e in events),
    )
