"""The three settings the site ships (campaigns.genres), linked to their
default event decks where the site has them."""

from django.db import migrations

from campaigns.genres import SHIPPED, words_data


def ship(apps, schema_editor):
    Setting = apps.get_model("campaigns", "Setting")
    EventDeck = apps.get_model("campaigns", "EventDeck")
    for data in SHIPPED:
        troops, scenarios = words_data(data)
        Setting.objects.update_or_create(
            slug=data["slug"],
            defaults={
                "name": data["name"],
                "description": data["description"],
                "castle_words": data["castle_words"],
                "troop_words": troops,
                "scenario_words": scenarios,
                "event_deck": EventDeck.objects.filter(slug=data["deck_slug"]).first(),
            },
        )


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0006_newcomer_builders_settings_story")]

    operations = [migrations.RunPython(ship, migrations.RunPython.noop)]
