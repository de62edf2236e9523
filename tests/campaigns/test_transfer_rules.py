"""campaigns.transfer.rules: the models' rules in memory say what full_clean()
says, object by object, without its queries.

Each case changes one saved row of the played demo (or copies it, to clash with
the row it copies) and compares the errors of ``full_clean()``, which asks the
database, with those of :class:`RuleCheck`, which has seen the campaign's other
rows of that model first.
"""

from __future__ import annotations

import copy

import pytest
from django.core.exceptions import ValidationError

from campaigns.models import (
    Battle,
    BattleParticipant,
    Campaign,
    Character,
    CharacterOutcome,
    Commander,
    Company,
    Event,
    Objective,
    PersistingWound,
    Scene,
    SceneCompany,
    SceneFeature,
)
from campaigns.transfer.rules import RuleCheck, model_rules
from tests.campaigns.transfer_helpers import play_demo

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(settings, tmp_path):
    return play_demo(settings=settings, tmp_path=tmp_path, played=1)


def _first(model, **where):
    return model._default_manager.filter(**where).order_by("pk").first()


CASES = [
    # (id, model, filter of the row, changes, copy the row?)
    ("slots_over", Character, {}, {"wound_slots": 9}, False),
    ("attack_under", Character, {}, {"attack": -4}, False),
    ("troop_type", Character, {}, {"troop_type": "wizard"}, False),
    ("long_name", Character, {}, {"name": "x" * 41}, False),
    ("no_range", Character, {}, {"shooting_range": 0}, False),
    ("same_card_order", Character, {}, {}, True),
    ("sub_scene_alone", Scene, {"kind": "major"}, {"kind": "sub_scene"}, False),
    ("outcome_pending", Scene, {"status": "pending"}, {"outcome": "victory"}, False),
    (
        "both_scenarios",
        Scene,
        {"scenario_mode": "fixed", "fixed_scenario": ""},
        {"fixed_scenario": "Siege"},
        False,
    ),
    (
        "unnamed_wound",
        Scene,
        {"special_wound_name": ""},
        {"special_wound_attack": -1},
        False,
    ),
    ("small_table", Scene, {}, {"table_width": 5}, False),
    (
        "second_current",
        Scene,
        {"status": "pending", "kind": "major"},
        {"status": "current"},
        False,
    ),
    ("same_slug", Scene, {}, {"order": 999}, True),
    ("reserved_slug", Campaign, {}, {"slug": "import"}, False),
    ("events_without_deck", Campaign, {}, {"event_deck": None}, False),
    ("bad_colour", Company, {}, {"colour": "red"}, False),
    ("commander_twice", Company, {}, {"name": "Another"}, True),
    ("bad_reputation", Commander, {}, {"reputation": "brave"}, False),
    ("same_name", Commander, {}, {}, True),
    ("same_card", Event, {}, {}, True),
    (
        "rectangle_unsized",
        SceneCompany,
        {},
        {
            "deployment": "rectangle",
            "zone_x": 1,
            "zone_y": None,
            "zone_width": None,
            "zone_depth": None,
        },
        False,
    ),
    (
        "min_above_max",
        SceneCompany,
        {},
        {"min_characters": 5, "max_characters": 2},
        False,
    ),
    ("dealt_not_arriving", SceneCompany, {}, {"entry_edge_dealt": True}, False),
    ("company_twice", SceneCompany, {}, {"order": 99}, True),
    ("x_alone", Objective, {}, {"x": 3}, False),
    ("off_table", Objective, {}, {"x": 100, "y": 1}, False),
    ("circle_unsized", SceneFeature, {}, {"shape": "circle", "radius": None}, False),
    (
        "open_but_healed",
        PersistingWound,
        {"status": "healed"},
        {"status": "open"},
        False,
    ),
    ("modifier_over", PersistingWound, {}, {"attack_modifier": 4}, False),
    ("mishap_no_scout", BattleParticipant, {}, {"mishap": "lost"}, False),
    ("times_rolled_zero", Battle, {}, {"times_rolled": 0}, False),
    ("second_planned", Battle, {"status": "planned"}, {"number": 99}, True),
    (
        "killed_not_fallen",
        CharacterOutcome,
        {},
        {"killed_outright": True, "fallen": False},
        False,
    ),
]


def _sorted(errors: dict) -> dict:
    return {key: sorted(messages) for key, messages in errors.items()}


@pytest.mark.parametrize(
    ("model", "where", "changes", "as_copy"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_the_same_errors_as_full_clean(world, model, where, changes, as_copy):
    row = _first(model, **where)
    obj = copy.copy(row)
    obj._state = copy.copy(row._state)
    if as_copy:
        obj.pk = None
        obj._state.adding = True
    for name, value in changes.items():
        setattr(obj, name, value)
    try:
        obj.full_clean()
        expected = {}
    except ValidationError as exc:
        expected = exc.message_dict
    rules = RuleCheck()
    for other in model._default_manager.exclude(pk=obj.pk if not as_copy else None):
        rules.errors(other)
    assert (_sorted(rules.errors(obj)), expected != {}) == (_sorted(expected), True)


def test_values_are_judged_once_each(world):
    """Most values repeat (a wound's name, a status): each distinct value of a
    field is cleaned once per import."""
    rules = RuleCheck()
    wounds = list(PersistingWound.objects.all()) * 3
    for wound in wounds:
        rules.errors(wound)
    names = {w.name for w in wounds}
    cached = [key for key in rules._clean_values if key[2] in names]
    assert len(cached) == len(names)


@pytest.mark.parametrize(
    "model",
    [Campaign, Character, Scene, SceneCompany, Battle, PersistingWound, Event],
    ids=str,
)
def test_every_constraint_of_a_model_becomes_a_rule(model):
    rules = model_rules(model)
    unique_fields = [
        f for f in model._meta.concrete_fields if f.unique and not f.primary_key
    ]
    assert len(rules.checks) + len(rules.uniques) == len(model._meta.constraints) + len(
        unique_fields
    )
