"""The site's own settings (campaigns.genres): made where missing, and linked
to their default event decks once the site has them."""

from __future__ import annotations

from django.db import transaction

from campaigns.genres import SHIPPED, words_data
from campaigns.models import EventDeck, Setting


def settings_ship() -> list[Setting]:
    """Add any shipped setting that is missing (an existing one keeps its
    words: an admin may have edited them) and give each without a default deck
    its own deck where the site has it."""
    made = []
    with transaction.atomic():
        for data in SHIPPED:
            troops, scenarios = words_data(data)
            setting, _ = Setting.objects.get_or_create(
                slug=data["slug"],
                defaults={
                    "name": data["name"],
                    "description": data["description"],
                    "castle_words": data["castle_words"],
                    "troop_words": troops,
                    "scenario_words": scenarios,
                    "terrain_words": dict(data["terrain"]),
                },
            )
            if setting.event_deck_id is None:
                deck = EventDeck.objects.filter(slug=data["deck_slug"]).first()
                if deck is not None:
                    setting.event_deck = deck
                    setting.save(update_fields=["event_deck"])
            made.append(setting)
    return made
