"""A full dump of the database's campaign rows, to prove nothing was written."""

from __future__ import annotations

from collections.abc import Collection

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db.models import Model


def database_dump(
    *,
    exclude_models: Collection[type[Model]] = (),
    skip_fields: Collection[str] = (),
) -> dict[str, list[dict]]:
    """Every row of every campaigns model (and the users), every field but
    ``skip_fields``: equal dumps, equal databases."""
    models = [*apps.get_app_config("campaigns").get_models(), get_user_model()]
    return {
        model.__name__: [
            {k: v for k, v in row.items() if k not in skip_fields}
            for row in model._default_manager.order_by("pk").values()
        ]
        for model in models
        if model not in exclude_models
    }
