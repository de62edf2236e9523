"""Campaign builders (SITE.md "Access"): players who set up their own
campaigns in the admin, seeing there only what they own
(``campaigns.admin.builders``)."""

from __future__ import annotations

from django.contrib.auth.models import Group, Permission
from django.db import transaction

BUILDERS_GROUP = "Campaign builders"

BUILDER_MODELS: dict[str, tuple[str, ...]] = {
    "campaign": ("add", "change", "delete", "view"),
    "commander": ("add", "change", "delete", "view"),
    "company": ("add", "change", "delete", "view"),
    "character": ("add", "change", "delete", "view"),
    "scene": ("add", "change", "delete", "view"),
    "scenecompany": ("add", "change", "delete", "view"),
    "objective": ("add", "change", "delete", "view"),
    "scenefeature": ("add", "change", "delete", "view"),
    "sceneorder": ("add", "change", "delete", "view"),
    "scenearrival": ("add", "change", "delete", "view"),
    "eventdeck": ("add", "change", "delete", "view"),
    "event": ("add", "change", "delete", "view"),
    "setting": ("add", "change", "delete", "view"),
    "commanderchange": ("view",),
    "persistingwound": ("view",),
}
"""What a builder may do to each model of the campaigns app, besides the
builder's own permission; the admin then shows them only their own rows."""


def builders_group() -> Group:
    """The group holding the builder's permissions (made on first use, its
    permissions brought up to date each time)."""
    group, _ = Group.objects.get_or_create(name=BUILDERS_GROUP)
    codenames = ["build_campaigns"] + [
        f"{action}_{model}"
        for model, actions in BUILDER_MODELS.items()
        for action in actions
    ]
    permissions = Permission.objects.filter(
        content_type__app_label="campaigns", codename__in=codenames
    )
    group.permissions.set(permissions)
    return group


def user_make_builder(*, user) -> None:
    """Let ``user`` build their own campaigns in the admin: staff, and a
    member of the builders' group."""
    with transaction.atomic():
        if not user.is_staff:
            user.is_staff = True
            user.save(update_fields=["is_staff"])
        user.groups.add(builders_group())
