"""Whether an event deck is complete enough for random events.

The engine decides (``engines.events.event_deck_check``); this module is the one
place the site calls it from for the admin and the readiness check, so the call
can be re-pointed in one line.
"""

from __future__ import annotations

from collections.abc import Mapping

from engines.cards import Card
from engines.events import EVENT_KEYS, Event, event_deck_check

EVENT_COUNT = len(EVENT_KEYS)


def card_name(key: str) -> str:
    """``"KS"`` → ``"K♠"``."""
    return str(Card.parse(key))


def event_deck_problem(*, titles: Mapping[str, str]) -> str | None:
    """Why a deck with these events (card key → title) cannot be used for random
    events, in a player's words; None when the engine accepts it."""
    events = {
        key: Event(key=key, title=title, text=title) for key, title in titles.items()
    }
    try:
        event_deck_check(events)
    except ValueError:
        # The engine's message names card keys; say it in a player's words.
        missing = [key for key in EVENT_KEYS if key not in titles]
        if not missing:
            return "Its events must sit on the twelve picture cards."
        filled = EVENT_COUNT - len(missing)
        cards = ", ".join(card_name(key) for key in missing)
        return (
            f"{filled} of its {EVENT_COUNT} events are filled in: random events need "
            f"one for every jack, queen and king; still missing {cards}."
        )
    return None
