"""The admin site: its index lists the models in the order a campaign is built.

A club admin reads the index top to bottom: first a campaign (its commanders
are added on its page), then its companies with their characters, then its
scenes. Pages a campaign rarely needs on their own come next, and the records
the site writes while the campaign is played come last.
"""

from __future__ import annotations

from django.contrib import admin
from django.contrib.admin.apps import AdminConfig
from django.contrib.admin.views.autocomplete import AutocompleteJsonView

BUILD_ORDER = (
    ("Campaign", "1. Campaigns, with their commanders"),
    ("Company", "2. Companies, with their characters"),
    ("Scene", "3. Scenes, in story order"),
)
"""The three steps of building a campaign, as the index names them."""

ALSO = ("EventDeck", "Setting", "Commander", "Character")
"""Set-up pages that are also reached from the three steps."""

PLAY_RECORDS = (
    "Battle",
    "BattleResult",
    "CommanderChange",
    "PersistingWound",
    "Effect",
    "CampaignLogEntry",
    "PlaytestReport",
)
"""What the site writes as the campaign is played."""

SECTIONS = (
    ("Build a campaign, in this order", tuple(name for name, _ in BUILD_ORDER)),
    ("Also used while building", ALSO),
    ("Written by the site as you play", PLAY_RECORDS),
)


def choice_label(obj) -> str:
    """How a choice reads in the admin: a character with its company, since
    two companies may each have a "Trooper"."""
    company = getattr(obj, "company", None)
    if company is not None and hasattr(obj, "card_order"):
        return f"{obj} ({company})"
    return str(obj)


class ChronicleAutocompleteJsonView(AutocompleteJsonView):
    def serialize_result(self, obj, to_field_name):
        return {"id": str(getattr(obj, to_field_name)), "text": choice_label(obj)}


class ChronicleAdminSite(admin.AdminSite):
    site_header = "Warband Chronicle admin"
    site_title = "Warband Chronicle admin"
    index_title = "Set up campaigns"
    index_template = "admin/chronicle_index.html"
    # The index lists everything in building order; without the sidebar the
    # forms and their tables of characters and terrain have the page's width.
    enable_nav_sidebar = False

    def autocomplete_view(self, request):
        return ChronicleAutocompleteJsonView.as_view(admin_site=self)(request)

    def get_app_list(self, request, app_label=None):
        """The campaigns app split into the sections above, each in its own
        order; every other app as Django lists it."""
        app_list = super().get_app_list(request, app_label)
        ordered = []
        for app in app_list:
            if app["app_label"] != "campaigns":
                ordered.append(app)
                continue
            by_name = {model["object_name"]: model for model in app["models"]}
            names = dict(BUILD_ORDER)
            for title, object_names in SECTIONS:
                models = []
                for object_name in object_names:
                    model = by_name.pop(object_name, None)
                    if model is not None:
                        models.append(
                            {**model, "name": names.get(object_name, model["name"])}
                        )
                if models:
                    ordered.append({**app, "name": title, "models": models})
            if by_name:
                ordered.append(
                    {**app, "name": "Other", "models": list(by_name.values())}
                )
        campaigns_first = sorted(
            ordered, key=lambda app: app["app_label"] != "campaigns"
        )
        return campaigns_first


class ChronicleAdminConfig(AdminConfig):
    """Django's admin with :class:`ChronicleAdminSite` as its default site."""

    default_site = "campaigns.admin_site.ChronicleAdminSite"
