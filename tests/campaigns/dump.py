"""A full dump of the database's campaign rows, to prove nothing was written."""

from __future__ import annotations

from django.apps import apps
from django.contrib.auth import get_user_model


def database_dump() -> dict[str, list[dict]]:
    """Every row of every campaigns model (and the users), every field."""
    models = [*apps.get_app_config("campaigns").get_models(), get_user_model()]
    return {
        model.__name__: list(model._default_manager.order_by("pk").values())
        for model in models
    }
