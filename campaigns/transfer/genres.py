"""A campaign's setting travels by value: the document's ``setting`` holds its
words whole (or null), so a campaign moves between sites with them. On import
an identical setting of the same slug is shared; otherwise the file's is made
under a fresh slug, owned by the importing user. An existing setting is never
changed."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from campaigns.genres import SHIPPED
from campaigns.models import Setting
from campaigns.transfer.build import free_slug, fresh_slug_of
from campaigns.transfer.document import SETTING_KEYS
from campaigns.transfer.errors import ErrorList


def setting_export(setting: Setting | None) -> dict[str, Any] | None:
    if setting is None:
        return None
    return setting_values(setting)


def setting_values(setting: Setting) -> dict[str, Any]:
    """A setting's words as a campaign document keeps them."""
    return {key: getattr(setting, key) for key in SETTING_KEYS}


def setting_check(raw: Any, errors: ErrorList) -> dict[str, Any] | None:
    """The document's setting, checked (None: none, or problems recorded)."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        errors.add("setting", "must be an object or null")
        return None
    for key in raw:
        if key not in SETTING_KEYS:
            errors.add(f"setting.{key}", "unknown field")
    values = {key: raw.get(key) for key in SETTING_KEYS}
    for key in ("slug", "name"):
        if not isinstance(values[key], str) or not values[key]:
            errors.add(f"setting.{key}", "must be a text")
    for key in ("description", "castle_words"):
        if values[key] is None:
            values[key] = ""
        if not isinstance(values[key], str):
            errors.add(f"setting.{key}", "must be a text")
    for key in ("troop_words", "scenario_words"):
        words = values[key] if values[key] is not None else {}
        values[key] = words
        if not isinstance(words, dict) or not all(
            isinstance(entry, dict)
            and all(isinstance(text, str) for text in entry.values())
            for entry in words.values()
        ):
            errors.add(
                f"setting.{key}",
                'must map each name to {"name": text, "description": text}',
            )
    values["terrain_words"] = _terrain_words(raw, values, errors)
    if errors:
        return values
    candidate = Setting(**values)
    try:
        candidate.full_clean(exclude=["slug", "owner", "event_deck"])
    except Exception as error:  # ValidationError: each field's messages
        for field, messages in getattr(error, "message_dict", {}).items():
            for message in messages:
                errors.add(f"setting.{field}", message)
    return values


def _terrain_words(
    raw: dict[str, Any], values: dict[str, Any], errors: ErrorList
) -> dict[str, str]:
    """The setting's words for rolled terrain: a file made before they existed
    gets the shipped setting's of its slug (none for another setting)."""
    if "terrain_words" not in raw:
        shipped = next((s for s in SHIPPED if s["slug"] == values["slug"]), None)
        return dict(shipped["terrain"]) if shipped else {}
    words = values["terrain_words"] if values["terrain_words"] is not None else {}
    if not isinstance(words, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in words.items()
    ):
        errors.add("setting.terrain_words", "must map each rules' word to a text")
        return {}
    return words


SLUG_LENGTH = 50
"""A slug field's length when it names none (Django's default)."""


def setting_write(values: dict[str, Any] | None, *, owner) -> Setting | None:
    """The setting the imported campaign uses (inside the import's transaction):
    an identical one of its slug (or of the fresh slugs made from it), the
    site's or ``owner``'s own, else a new one that ``owner`` owns."""
    if values is None:
        return None
    max_length = Setting._meta.get_field("slug").max_length or SLUG_LENGTH
    family = Setting.objects.filter(slug__startswith=values["slug"][: max_length - 4])
    taken = set(family.values_list("slug", flat=True))
    shareable = family.filter(Q(owner__isnull=True) | Q(owner=owner))
    for existing in sorted(shareable, key=lambda s: s.slug != values["slug"]):
        if fresh_slug_of(existing.slug, values["slug"]) and (
            {**setting_values(existing), "slug": values["slug"]} == values
        ):
            return existing
    return Setting.objects.create(
        **{**values, "slug": free_slug(values["slug"], taken, max_length)},
        owner=owner,
    )
