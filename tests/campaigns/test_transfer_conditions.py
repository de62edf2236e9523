"""campaigns.transfer.conditions: a constraint's condition judged in memory as
the database judges it.

Every check constraint of every model is compiled, and for many objects (values
drawn at and around each limit, the choices, NULL) the compiled condition and
Django's own check, a query to the database, agree on whether it is broken.
"""

from __future__ import annotations

import pytest
from django.apps import apps
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import F, Q
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from campaigns.models import SceneCompany
from campaigns.transfer.conditions import NotEvaluable, compile_condition

pytestmark = pytest.mark.django_db

CHECKS = [
    pytest.param(model, constraint, id=constraint.name)
    for model in apps.get_app_config("campaigns").get_models()
    for constraint in model._meta.constraints
    if isinstance(constraint, models.CheckConstraint)
]
NUMBERS = [-4, -3, -1, 0, 1, 2, 3, 4, 5, 6, 7, 12, 19, 20, 21, 48, 49, 60, 61, 99]
NUMBERS += [100, 119, 120, 121]


def _values(field: models.Field) -> st.SearchStrategy:
    """Values worth trying in a field: its choices, limits and NULL."""
    nullable = [None] if field.null else []
    if field.is_relation or field.primary_key:
        return st.sampled_from([1, 2, 3, *nullable])
    if isinstance(field, models.BooleanField):
        return st.sampled_from([True, False, *nullable])
    if isinstance(field, models.IntegerField):
        return st.sampled_from(NUMBERS + nullable)
    choices = [value for value, _label in field.choices or []]
    return st.sampled_from(
        [*choices, "", "not-a-choice", "#2f5d8a", "red", "import", *nullable]
    )


@pytest.mark.parametrize(("model", "constraint"), CHECKS)
def test_every_check_constraint_compiles(model, constraint):
    predicate, fields = compile_condition(model, constraint.condition)
    assert callable(predicate) and fields


@pytest.mark.parametrize(("model", "constraint"), CHECKS)
def test_in_memory_agrees_with_the_database(model, constraint):
    _, names = compile_condition(model, constraint.condition)
    fields = [model._meta.get_field(name) for name in sorted(names)]

    @settings(
        max_examples=40,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(st.tuples(*(_values(f) for f in fields)))
    def agree(values):
        obj = model()
        for f, value in zip(fields, values, strict=True):
            setattr(obj, f.attname, value)
        holds, _ = compile_condition(model, constraint.condition)
        try:
            constraint.validate(model, obj)
            database = True
        except ValidationError:
            database = False
        assert (holds(obj) is not False) == database, dict(
            zip([f.attname for f in fields], values, strict=True)
        )

    agree()


LOW, HIGH = "min_characters", "max_characters"
"""Two nullable numbers of a real model (a scene company's)."""


@pytest.mark.parametrize(
    ("condition", "low", "high", "expected"),
    [
        (Q(min_characters__gte=1), None, None, None),
        (~Q(min_characters__gte=1), None, None, None),
        (Q(min_characters__gte=1) | Q(min_characters__isnull=True), None, None, True),
        (Q(min_characters__gte=1) & Q(max_characters__lte=1), 0, None, False),
        (Q(min_characters__gte=1) & Q(max_characters__lte=1), 2, None, None),
        (Q(min_characters__gte=1) | Q(max_characters__lte=1), 0, None, None),
        (Q(min_characters__lte=F(HIGH)), 1, 2, True),
        (Q(min_characters__lte=F(HIGH)), 3, None, None),
        (Q(min_characters=None), None, 1, True),
        (Q(min_characters__in=[1, 2]), 3, 1, False),
    ],
)
def test_three_valued_logic_as_sql(condition, low, high, expected):
    """A comparison with NULL is unknown; NOT unknown is unknown."""
    holds, _ = compile_condition(SceneCompany, condition)
    assert holds(SceneCompany(min_characters=low, max_characters=high)) is expected


@pytest.mark.parametrize(
    "condition",
    [
        Q(min_characters__startswith=1),
        Q(min_characters__abs=1),
        Q(company__campaign=1),
        Q(missing=1),
        Q(min_characters=F(HIGH) + 1),
    ],
    ids=["lookup", "transform", "join", "field", "expression"],
)
def test_what_cannot_be_judged_in_memory_fails_loudly(condition):
    with pytest.raises(NotEvaluable):
        compile_condition(SceneCompany, condition)
