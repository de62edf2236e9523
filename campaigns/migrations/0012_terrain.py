from django.db import migrations, models

from campaigns.genres import SHIPPED


def terrain_words(apps, schema_editor):
    """The shipped settings' words for rolled terrain (kept where an admin
    already gave some)."""
    Setting = apps.get_model("campaigns", "Setting")
    for data in SHIPPED:
        for setting in Setting.objects.filter(slug=data["slug"], owner__isnull=True):
            if not setting.terrain_words:
                setting.terrain_words = dict(data["terrain"])
                setting.save(update_fields=["terrain_words"])


class Migration(migrations.Migration):
    dependencies = [
        ("campaigns", "0011_feature_vp_objective"),
    ]

    operations = [
        migrations.AddField(
            model_name="characteroutcome",
            name="left_battle",
            field=models.BooleanField(
                default=False,
                help_text="Left by the edge its scenario scores at: it scores for its side and is not lost (RULES §3.12).",
            ),
        ),
        migrations.AddField(
            model_name="setting",
            name="terrain_words",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text='Each kind of rolled terrain piece\'s name, keyed by the rules\' word: {"woods": "scrub or wreckage", …}.',
            ),
        ),
        migrations.RunPython(terrain_words, migrations.RunPython.noop),
    ]
