"""The models' own rules, applied to a document's objects in memory.

What ``full_clean()`` would check on each object before it is saved, in the
same order and with the same messages, without a query per object:

1. each field's value (type, choices, blank, limits and validators), checked
   once per distinct value of a field, as most values repeat;
2. the model's ``clean()`` (related objects are the document's own, in memory);
3. its check constraints, compiled once (:mod:`campaigns.transfer.conditions`);
4. its unique fields and unique constraints, across the objects checked so far
   (a new campaign's rows can only clash with each other).

As in ``full_clean()``, a field that already has an error is left out of the
constraints that read it. Foreign keys are not looked up: the document's refs
were checked already and every object they point at is in the document.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import models
from django.db.models import Q

from campaigns.transfer.conditions import Predicate, compile_condition

Errors = dict[str, list[str]]

_CACHED_TYPES = (str, int, bool, datetime, type(None))


@dataclass(frozen=True)
class CheckRule:
    """A check constraint: its condition may not be false."""

    name: str
    message: str
    fields: frozenset[str]
    holds: Predicate


@dataclass(frozen=True)
class UniqueRule:
    """Values that no two objects of a model may share."""

    name: str
    fields: tuple[str, ...]
    attnames: tuple[str, ...]
    reads: frozenset[str]
    """Every field it reads, its condition's too."""
    condition: Predicate | None
    message: str | None
    """The constraint's own message; None for Django's "… with this … exists"."""


@dataclass(frozen=True)
class ModelRules:
    fields: tuple[tuple[models.Field, str, bool], ...]
    """(field, attname, may be blank) for each value ``clean_fields`` checks."""
    cleans: bool
    """Whether the model has a ``clean()`` of its own."""
    checks: tuple[CheckRule, ...]
    uniques: tuple[UniqueRule, ...]


@cache
def model_rules(model: type[models.Model]) -> ModelRules:
    """The rules of a model, compiled once."""
    fields = tuple(
        (f, f.attname, f.blank)
        for f in model._meta.concrete_fields
        if not f.primary_key and not f.is_relation
    )
    checks = []
    uniques = []
    for f in model._meta.concrete_fields:
        if f.unique and not f.primary_key:
            uniques.append(
                UniqueRule(
                    f.name, (f.name,), (f.attname,), frozenset([f.name]), None, None
                )
            )
    for constraint in model._meta.constraints:
        if isinstance(constraint, models.CheckConstraint):
            if not isinstance(constraint.condition, Q):
                raise TypeError(f"{constraint.name}: a check that is not a Q")
            holds, read = compile_condition(model, constraint.condition)
            checks.append(
                CheckRule(
                    constraint.name,
                    str(constraint.get_violation_error_message()),
                    read,
                    holds,
                )
            )
        elif isinstance(constraint, models.UniqueConstraint):
            if constraint.expressions or not constraint.fields:
                raise TypeError(f"{constraint.name}: unique expressions")
            condition = None
            reads = set(constraint.fields)
            if constraint.condition is not None:
                if not isinstance(constraint.condition, Q):
                    raise TypeError(f"{constraint.name}: a condition that is not a Q")
                condition, also = compile_condition(model, constraint.condition)
                reads |= also
            custom = (
                constraint.condition is not None
                or constraint.violation_error_message
                != constraint.default_violation_error_message
            )
            uniques.append(
                UniqueRule(
                    constraint.name,
                    tuple(constraint.fields),
                    tuple(_attname(model, n) for n in constraint.fields),
                    frozenset(reads),
                    condition,
                    str(constraint.get_violation_error_message()) if custom else None,
                )
            )
        else:
            raise TypeError(f"{constraint.name}: {type(constraint).__name__}")
    cleans = model.clean is not models.Model.clean
    return ModelRules(fields, cleans, tuple(checks), tuple(uniques))


def _attname(model: type[models.Model], name: str) -> str:
    """The column attribute of a unique constraint's field."""
    field = model._meta.get_field(name)
    if not isinstance(field, models.Field):
        raise TypeError(f"{model.__name__}.{name}: not a concrete field")
    return field.attname


class RuleCheck:
    """The models' rules over one document: call :meth:`errors` for each
    object in turn; uniqueness is judged against the objects before it."""

    def __init__(self) -> None:
        self._clean_values: dict[tuple, tuple[Any, list[str] | None]] = {}
        """(field's id, type, value) → (cleaned value, messages)."""
        self._seen: set[tuple] = set()
        """(model, rule, values) of every object judged so far."""

    def errors(self, obj: models.Model) -> Errors:
        """What ``full_clean()`` would refuse in ``obj``, by field name."""
        rules = model_rules(type(obj))
        errors: Errors = defaultdict(list)
        self._fields(obj, rules, errors)
        if rules.cleans:
            try:
                obj.clean()
            except ValidationError as exc:
                if hasattr(exc, "error_dict"):
                    for name, messages in exc.message_dict.items():
                        errors[name].extend(messages)
                else:
                    errors[NON_FIELD_ERRORS].extend(exc.messages)
        broken = set(errors) - {NON_FIELD_ERRORS}
        for unique in rules.uniques:
            self._unique(obj, unique, broken, errors)
        for check in rules.checks:
            if not (check.fields & broken) and check.holds(obj) is False:
                errors[NON_FIELD_ERRORS].append(check.message)
        return dict(errors)

    def field_errors(self, obj: models.Model, names: set[str]) -> Errors:
        """The errors of the named fields' values alone (for an object that
        cannot be judged whole: the rest of its values were not given)."""
        errors: Errors = defaultdict(list)
        self._fields(obj, model_rules(type(obj)), errors, names)
        return dict(errors)

    def _fields(
        self,
        obj: models.Model,
        rules: ModelRules,
        errors: Errors,
        names: set[str] | None = None,
    ) -> None:
        known = self._clean_values
        for f, attname, blank in rules.fields:
            if names is not None and f.name not in names:
                continue
            raw = getattr(obj, attname)
            if blank and raw in f.empty_values:
                continue
            if isinstance(raw, _CACHED_TYPES):
                key = (id(f), type(raw), raw)
                found = known.get(key)
                if found is None:
                    found = known[key] = _clean(f, raw, obj)
            else:
                found = _clean(f, raw, obj)
            cleaned, messages = found
            if messages:
                errors[f.name].extend(messages)
            elif cleaned is not raw:
                setattr(obj, attname, cleaned)

    def _unique(
        self, obj: models.Model, unique: UniqueRule, broken: set[str], errors: Errors
    ) -> None:
        if broken & unique.reads:
            return
        if unique.condition is not None and unique.condition(obj) is not True:
            return
        values = tuple(getattr(obj, attname) for attname in unique.attnames)
        if any(value is None for value in values):
            return
        key = (type(obj), unique.name, values)
        if key not in self._seen:
            self._seen.add(key)
            return
        if unique.message is not None:
            errors[NON_FIELD_ERRORS].append(unique.message)
            return
        message = obj.unique_error_message(type(obj), unique.fields)
        where = unique.fields[0] if len(unique.fields) == 1 else NON_FIELD_ERRORS
        errors[where].extend(message.messages)


def _clean(
    f: models.Field, raw: Any, obj: models.Model
) -> tuple[Any, list[str] | None]:
    try:
        return f.clean(raw, obj), None
    except ValidationError as exc:
        return None, exc.messages
