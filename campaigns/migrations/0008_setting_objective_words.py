"""The shipped settings' objective pieces (a special scenario's, a Siege's
castle) in their own words, added to each scenario's words."""

from django.db import migrations

from campaigns.genres import SHIPPED, words_data


def add_objectives(apps, schema_editor):
    Setting = apps.get_model("campaigns", "Setting")
    for data in SHIPPED:
        _, scenarios = words_data(data)
        for setting in Setting.objects.filter(slug=data["slug"], owner__isnull=True):
            words = dict(setting.scenario_words or {})
            for name, shipped in scenarios.items():
                if "objective" in shipped:
                    words[name] = {
                        **(words.get(name) or {}),
                        "objective": shipped["objective"],
                    }
            setting.scenario_words = words
            setting.save(update_fields=["scenario_words"])


class Migration(migrations.Migration):
    dependencies = [("campaigns", "0007_shipped_settings")]

    operations = [migrations.RunPython(add_objectives, migrations.RunPython.noop)]
