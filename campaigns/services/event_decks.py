"""Writing an event deck's twelve events (RULES §5.2: twelve entries, one per
jack, queen and king of each suit)."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction

from campaigns.models import Event, EventDeck

EventValues = tuple[str, str, int | None]
"""An event's title, text and sight limit (None: it does not change sight)."""


@transaction.atomic
def event_deck_fill(
    *, deck: EventDeck, events: Mapping[str, tuple[str, str] | EventValues]
) -> None:
    """Make the deck's events exactly ``events`` (card key → title, text and,
    optionally, the round's sight limit it sets: none when left out): a card
    left out loses its event, one given gets it written or rewritten."""
    existing = {event.card: event for event in Event.objects.filter(deck=deck)}
    gone = [event.pk for card, event in existing.items() if card not in events]
    if gone:
        Event.objects.filter(pk__in=gone).delete()
    for card, values in events.items():
        title, text, sight = (*values, None)[:3]
        event = existing.get(card) or Event(deck=deck, card=card)
        if event.pk is None or (event.title, event.text, event.sight_limit) != (
            title,
            text,
            sight,
        ):
            event.title, event.text, event.sight_limit = title, text, sight
            event.full_clean()
            event.save()
