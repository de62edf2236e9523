"""Writing an event deck's twelve events (RULES §5.2: twelve entries, one per
jack, queen and king of each suit)."""

from __future__ import annotations

from collections.abc import Mapping

from django.db import transaction

from campaigns.models import Event, EventDeck

EventValues = tuple[str, str, int | None, bool]
"""An event's title, text, sight limit (None: it does not change sight) and
whether an unseeing AI character moves toward the enemy it last saw."""


@transaction.atomic
def event_deck_fill(
    *, deck: EventDeck, events: Mapping[str, tuple[str, str] | EventValues]
) -> None:
    """Make the deck's events exactly ``events`` (card key → title, text and,
    optionally, the round's sight limit and the last-seen move it sets: none
    when left out): a card left out loses its event, one given gets it written
    or rewritten."""
    existing = {event.card: event for event in Event.objects.filter(deck=deck)}
    gone = [event.pk for card, event in existing.items() if card not in events]
    if gone:
        Event.objects.filter(pk__in=gone).delete()
    for card, values in events.items():
        title, text, sight, last_seen = (*values, None, False)[:4]
        event = existing.get(card) or Event(deck=deck, card=card)
        now = (event.title, event.text, event.sight_limit, event.toward_last_seen)
        if event.pk is None or now != (title, text, sight, last_seen):
            event.title, event.text = title, text
            event.sight_limit, event.toward_last_seen = sight, last_seen
            event.full_clean()
            event.save()
