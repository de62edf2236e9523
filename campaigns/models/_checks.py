"""Helpers that keep a field's validators and its CheckConstraint saying the same."""

from __future__ import annotations

from django.db import models
from django.db.models import Q


def range_check(field: str, low: int, high: int, *, nullable: bool = False):
    """A CheckConstraint ``low <= field <= high`` (or NULL when ``nullable``)."""
    condition = Q(**{f"{field}__gte": low, f"{field}__lte": high})
    if nullable:
        condition |= Q(**{f"{field}__isnull": True})
    return models.CheckConstraint(
        condition=condition,
        name=f"%(app_label)s_%(class)s_{field}_range",
        violation_error_message=f"{field.replace('_', ' ').capitalize()} must be "
        f"between {low} and {high}.",
    )


def choice_check(field: str, choices: list[tuple[str, str]], *, blank: bool = False):
    """A CheckConstraint keeping ``field`` to the values of its choices."""
    values = [value for value, _label in choices]
    if blank:
        values.append("")
    return models.CheckConstraint(
        condition=Q(**{f"{field}__in": values}),
        name=f"%(app_label)s_%(class)s_{field}_valid",
        violation_error_message=f"{field.replace('_', ' ').capitalize()} is not "
        "one of its allowed values.",
    )
