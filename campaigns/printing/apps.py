from django.apps import AppConfig


class PrintingConfig(AppConfig):
    """The background render of battle packs: where each one is (its own app,
    as a render's progress is the site's working state, not campaign content:
    it never travels in an export)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "campaigns.printing"
    label = "printing"
    verbose_name = "Printing"
