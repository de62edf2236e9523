"""Campaign builders in the admin (SITE.md "Access").

A *campaign builder* holds the permission ``campaigns.build_campaigns`` and is
no superuser: the admin shows them only the campaigns they own and those
campaigns' parts (commanders, companies, characters, scenes and what is on
their tables), and only the event decks they made — every list, every change
page and every choice (dropdown or autocomplete) alike. They may pick the
site's own decks (no owner) but not change them. A superuser, or a staff user
given model permissions without the builder's, sees everything as before.

The filtering is one table (``OWNER_PATHS``): a model missing from it shows a
builder nothing, so a new model is hidden until it says whose it is.
"""

from __future__ import annotations

from django.contrib import admin
from django.db import models
from django.db.models import Q

BUILDER_PERMISSION = "campaigns.build_campaigns"

OWNER_PATHS: dict[str, str] = {
    "campaign": "owner",
    "commander": "campaign__owner",
    "commanderchange": "commander__campaign__owner",
    "company": "campaign__owner",
    "character": "company__campaign__owner",
    "persistingwound": "character__company__campaign__owner",
    "scene": "campaign__owner",
    "scenecompany": "scene__campaign__owner",
    "objective": "scene__campaign__owner",
    "scenefeature": "scene__campaign__owner",
    "sceneorder": "scene_company__scene__campaign__owner",
    "scenearrival": "scene_company__scene__campaign__owner",
    "waytowin": "scene__campaign__owner",
    "wincondition": "way__scene__campaign__owner",
    "eventdeck": "owner",
    "setting": "owner",
    "event": "deck__owner",
    "battle": "campaign__owner",
    "battleresult": "battle__campaign__owner",
    "campaignlogentry": "campaign__owner",
    "playtestreport": "scene__campaign__owner",
}
"""Each campaigns model (by model name): the path from it to its owner."""

SHARED_WHEN_UNOWNED = frozenset({"eventdeck", "setting"})
"""Models whose rows without an owner (the site's own) any builder may pick."""


def is_builder(user) -> bool:
    """A campaign builder: the permission, and no superuser."""
    return bool(
        user
        and user.is_authenticated
        and not user.is_superuser
        and user.has_perm(BUILDER_PERMISSION)
    )


def owned(queryset: models.QuerySet, user, *, picking: bool = False):
    """``queryset`` as ``user`` may see it: everything for a non-builder; for a
    builder, only their own rows (``picking``: also the site's shared ones)."""
    if not is_builder(user):
        return queryset
    model = queryset.model
    if model._meta.app_label != "campaigns":
        return queryset
    path = OWNER_PATHS.get(model._meta.model_name)
    if path is None:
        return queryset.none()
    mine = Q(**{path: user})
    if picking and model._meta.model_name in SHARED_WHEN_UNOWNED:
        mine |= Q(**{f"{path}__isnull": True})
    return queryset.filter(mine)


def owns(user, obj: models.Model | None) -> bool:
    """May ``user`` see and change ``obj`` (None: the model's pages at all)."""
    if obj is None or obj.pk is None or not is_builder(user):
        return True
    return owned(type(obj)._default_manager.filter(pk=obj.pk), user).exists()


def limit_choices(formfield, user):
    """A form field's choices cut to what ``user`` may pick."""
    queryset = getattr(formfield, "queryset", None)
    if formfield is not None and queryset is not None:
        formfield.queryset = owned(queryset, user, picking=True)
    return formfield


class BuilderScopeMixin:
    """A model admin a builder sees only their own rows in: lists, change
    pages, autocomplete searches (which read ``get_queryset``) and the
    sidebar's filters."""

    def get_queryset(self, request):
        return owned(super().get_queryset(request), request.user)

    def get_list_filter(self, request):
        filters = super().get_list_filter(request)
        if not is_builder(request.user):
            return filters
        scoped = []
        for item in filters:
            field = None
            if isinstance(item, str):
                try:
                    field = self.model._meta.get_field(item.split("__")[0])
                except Exception:  # a lookup through a relation: keep it scoped
                    field = None
                if "__" in item or (field is not None and field.is_relation):
                    item = (item, admin.RelatedOnlyFieldListFilter)
            scoped.append(item)
        return scoped

    def has_view_permission(self, request, obj=None):
        return super().has_view_permission(request, obj) and owns(request.user, obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and owns(request.user, obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and owns(request.user, obj)
