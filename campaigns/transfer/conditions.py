"""A constraint's condition evaluated on an object in memory, as the database
would evaluate it on its row.

Django checks a condition with one query per object; an import checks tens of
thousands of objects, so the condition (a ``Q``) is compiled once into a Python
function of the object. SQL's three values are kept: a comparison with NULL is
unknown (None), NOT unknown is unknown, and a CHECK constraint holds unless its
condition is false. A lookup this module does not know raises
:class:`NotEvaluable` when the condition is compiled, so a new kind of
constraint fails the tests instead of being skipped.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from typing import Any

from django.db import models
from django.db.models import F, Q

Truth = bool | None
Predicate = Callable[[models.Model], Truth]


class NotEvaluable(TypeError):
    """A condition uses something this module cannot evaluate in memory."""


def compile_condition(
    model: type[models.Model], condition: Q
) -> tuple[Predicate, frozenset[str]]:
    """The condition as a function of an object, and the field names it reads."""
    fields: set[str] = set()
    predicate = _compile_q(model, condition, fields)
    return predicate, frozenset(fields)


def _compile_q(model: type[models.Model], q: Q, fields: set[str]) -> Predicate:
    parts = [
        _compile_q(model, child, fields)
        if isinstance(child, Q)
        else _compile_lookup(model, *child, fields)
        for child in q.children
    ]
    if q.connector == Q.AND:
        combined = _all(parts)
    elif q.connector == Q.OR:
        combined = _any(parts)
    else:
        raise NotEvaluable(f"{model.__name__}: the {q.connector} connector")
    return _not(combined) if q.negated else combined


def _all(parts: list[Predicate]) -> Predicate:
    def holds(obj: models.Model) -> Truth:
        result: Truth = True
        for part in parts:
            value = part(obj)
            if value is False:
                return False
            if value is None:
                result = None
        return result

    return holds


def _any(parts: list[Predicate]) -> Predicate:
    def holds(obj: models.Model) -> Truth:
        result: Truth = False
        for part in parts:
            value = part(obj)
            if value is True:
                return True
            if value is None:
                result = None
        return result

    return holds


def _not(part: Predicate) -> Predicate:
    def holds(obj: models.Model) -> Truth:
        value = part(obj)
        return None if value is None else not value

    return holds


def _operand(
    model: type[models.Model], name: str, fields: set[str]
) -> Callable[[models.Model], Any]:
    """A field of the object by name (a foreign key reads its id)."""
    if name == "pk":
        name = model._meta.pk.name
    try:
        field = model._meta.get_field(name)
    except Exception as exc:
        raise NotEvaluable(f"{model.__name__} has no field {name!r}") from exc
    if not getattr(field, "concrete", False):
        raise NotEvaluable(f"{model.__name__}.{name} is not a column")
    fields.add(field.name)
    return operator.attrgetter(field.attname)


_COMPARISONS: dict[str, Callable[[Any, Any], bool]] = {
    "exact": operator.eq,
    "gt": operator.gt,
    "gte": operator.ge,
    "lt": operator.lt,
    "lte": operator.le,
}


def _compile_lookup(
    model: type[models.Model], lookup: str, value: Any, fields: set[str]
) -> Predicate:
    name, _, kind = lookup.partition("__")
    kind = kind or "exact"
    left = _operand(model, name, fields)
    if isinstance(value, F):
        right = _operand(model, value.name, fields)
    elif hasattr(value, "resolve_expression"):
        raise NotEvaluable(f"{model.__name__}: the expression in {lookup}")
    else:

        def right(obj: models.Model, value: Any = value) -> Any:
            return value

    if kind == "exact" and value is None:
        kind, value = "isnull", True
    if kind == "isnull":
        wanted = bool(value)
        return lambda obj: (left(obj) is None) is wanted
    if kind == "in":
        choices = frozenset(value)
        return lambda obj: None if (v := left(obj)) is None else v in choices
    if kind == "regex":
        pattern = re.compile(value)
        return lambda obj: (
            None if (v := left(obj)) is None else pattern.search(str(v)) is not None
        )
    if kind in _COMPARISONS:
        compare = _COMPARISONS[kind]

        def holds(obj: models.Model) -> Truth:
            a, b = left(obj), right(obj)
            return None if a is None or b is None else compare(a, b)

        return holds
    raise NotEvaluable(f"{model.__name__}: the lookup {lookup!r}")
