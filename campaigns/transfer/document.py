"""The campaign document: its format and its kinds of object.

One JSON object holds a whole campaign (README "Export and import")::

    {"format": "warband-chronicle-campaign", "schema_version": 6,
     "owner": "frodo", "campaign": {...}, "event_deck": {...} | null,
     "commanders": [{"ref": 1, ...}, ...], "companies": [...], ...}

Every object of a collection has a document-local ``ref`` (a whole number,
unique within its collection); references are refs. The values of each kind are
derived from its model's concrete fields, so a new field travels without being
listed here; a field that does not travel is in :func:`excluded` with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from django.contrib.auth import get_user_model
from django.db import models

from campaigns.models import (
    Battle,
    BattleCompany,
    BattleParticipant,
    BattleResult,
    Campaign,
    CampaignLogEntry,
    Character,
    CharacterOutcome,
    Commander,
    CommanderChange,
    Company,
    Effect,
    Event,
    EventDeck,
    Invitation,
    Objective,
    PersistingWound,
    PlaytestReport,
    Scene,
    SceneArrival,
    SceneCompany,
    SceneFeature,
    SceneOrder,
    Setting,
    TableEntry,
    TableLog,
    WayToWin,
    WinCondition,
)

FORMAT = "warband-chronicle-campaign"
SCHEMA_VERSION = 6

CAMPAIGN_MARK = "campaign"
"""Stands for the campaign itself where a ref would be (an effect's target)."""
EVENT_DECK_MARK = "event_deck"
"""Stands for the campaign's event deck inside an effect's snapshot."""

# Value types.
TEXT, INT, BOOL, DATETIME, JSON = "text", "int", "bool", "datetime", "json"
REF, REFS, USER, USERS, TARGET = "ref", "refs", "user", "users", "target"

TYPE_MESSAGES = {
    TEXT: "must be text",
    INT: "must be a whole number",
    BOOL: "must be true or false",
    DATETIME: "must be a date and time (ISO 8601)",
    REF: "must be a ref (a whole number)",
    REFS: "must be a list of refs",
    USER: "must be a username or null",
    USERS: "must be a list of usernames",
}

COLLECTIONS: tuple[tuple[str, type[models.Model], str], ...] = (
    # (document key, model, lookup from the model to its campaign), in the order
    # an import creates them: every ref points back, except DEFERRED_REFS, and
    # effects come last because their snapshots may name any kind.
    ("commanders", Commander, "campaign"),
    ("companies", Company, "campaign"),
    ("characters", Character, "company__campaign"),
    ("scenes", Scene, "campaign"),
    ("objectives", Objective, "scene__campaign"),
    ("scene_features", SceneFeature, "scene__campaign"),
    ("scene_companies", SceneCompany, "scene__campaign"),
    ("scene_orders", SceneOrder, "scene_company__scene__campaign"),
    ("scene_arrivals", SceneArrival, "scene_company__scene__campaign"),
    ("ways_to_win", WayToWin, "scene__campaign"),
    ("win_conditions", WinCondition, "way__scene__campaign"),
    ("battles", Battle, "campaign"),
    ("battle_companies", BattleCompany, "battle__campaign"),
    ("battle_participants", BattleParticipant, "battle__campaign"),
    ("table_logs", TableLog, "battle__campaign"),
    ("table_entries", TableEntry, "log__battle__campaign"),
    ("battle_results", BattleResult, "battle__campaign"),
    ("character_outcomes", CharacterOutcome, "result__battle__campaign"),
    ("wounds", PersistingWound, "character__company__campaign"),
    ("commander_changes", CommanderChange, "commander__campaign"),
    ("log_entries", CampaignLogEntry, "campaign"),
    ("effects", Effect, "battle__campaign"),
)

DEFERRED_REFS = frozenset(
    {
        ("companies", "reinforcement_template"),
        ("scenes", "next_on_victory"),
        ("scenes", "next_on_defeat"),
    }
)
"""Refs set once every object exists: they may point forward or in a loop."""

RENAMED: dict[tuple[type[models.Model], str], str] = {(Effect, "target_id"): "target"}

SETTING_KEYS = (
    "slug",
    "name",
    "description",
    "castle_words",
    "troop_words",
    "scenario_words",
    "terrain_words",
)
"""The document's ``setting``: a campaign's setting travels whole, by value."""

_MODEL_EXCLUDED: dict[type[models.Model], dict[str, str]] = {
    Campaign: {
        "owner": "the importing user owns the new campaign",
        "event_deck": "the deck travels whole, as the document's event_deck",
        "setting": "the setting travels whole, as the document's setting",
    },
    Event: {"deck": "an event is listed inside its deck"},
    CampaignLogEntry: {
        "discarded_battle_id": "an id of the exporting site, meaningless here"
    },
    EventDeck: {"owner": "a deck travels as content; the importing user owns a copy"},
    Invitation: dict.fromkeys(
        (
            "token_hash",
            "label",
            "created_at",
            "expires_at",
            "revoked_at",
            "accepted_at",
            "accepted_by",
        ),
        "an invitation is a secret link to this site's campaign; it does not travel",
    ),
    PlaytestReport: dict.fromkeys(
        (
            "scene",
            "stance",
            "roster",
            "seed",
            "battles",
            "battles_done",
            "status",
            "report",
            "error",
            "asked_by",
            "task_id",
            "asked_at",
            "alive_at",
            "finished_at",
        ),
        "a kept playtest is the robot's estimate, fought again from the scene; "
        "it does not travel",
    ),
    Setting: {
        "owner": "a setting travels as content",
        "event_deck": "the campaign's own deck travels; a default one stays here",
    },
}


@dataclass(frozen=True)
class Value:
    """One key of a kind of object: its model field and what it may hold."""

    key: str
    field: models.Field
    type: str
    kind: str | None = None
    """The collection a REF or REFS points into."""
    owner_key: str = ""
    """The collection the value belongs to."""

    @property
    def optional(self) -> bool:
        """May be left out: the model's default (or blank) then applies."""
        if self.type in (REF, USER, TARGET):
            return self.field.null
        if self.type in (REFS, USERS):
            return True
        return self.field.has_default() or self.field.blank

    @property
    def deferred(self) -> bool:
        return self.type == REF and (self.owner_key, self.key) in DEFERRED_REFS


@dataclass(frozen=True)
class Kind:
    key: str
    model: type[models.Model]
    campaign_path: str | None
    values: tuple[Value, ...] = field(default=())

    @property
    def label(self) -> str:
        return str(self.model._meta.verbose_name)


def excluded(model: type[models.Model]) -> dict[str, str]:
    """The model's fields that are not document values, each with why."""
    reasons = {"id": "the document uses its own refs"}
    for f in model._meta.get_fields():
        if f.concrete and f.is_relation and f.related_model is Campaign:
            reasons[f.name] = "implied: the campaign being imported"
    reasons.update(_MODEL_EXCLUDED.get(model, {}))
    return reasons


def value_type(f: models.Field, by_model: dict[type[models.Model], str]) -> Value:
    """The document value a model field becomes (for the kinds and snapshots)."""
    if f.is_relation:
        related = f.related_model
        if related is get_user_model():
            return Value(f.name, f, USERS if f.many_to_many else USER)
        if related not in by_model:
            raise TypeError(f"{f.model.__name__}.{f.name}: no kind for {related}")
        return Value(f.name, f, REFS if f.many_to_many else REF, by_model[related])
    for cls, kind in (
        (models.BooleanField, BOOL),
        (models.IntegerField, INT),
        (models.CharField, TEXT),
        (models.TextField, TEXT),
        (models.DateTimeField, DATETIME),
        (models.JSONField, JSON),
    ):
        if isinstance(f, cls):
            return Value(f.name, f, kind)
    raise TypeError(f"{f.model.__name__}.{f.name}: {type(f).__name__} cannot travel")


def _kind(
    key: str,
    model: type[models.Model],
    path: str | None,
    by_model: dict[type[models.Model], str],
) -> Kind:
    skip = excluded(model)
    values = []
    for f in [*model._meta.concrete_fields, *model._meta.many_to_many]:
        if f.name in skip:
            continue
        if (model, f.name) in RENAMED:
            value = Value(RENAMED[model, f.name], f, TARGET)
        else:
            value = value_type(f, by_model)
        values.append(
            Value(value.key, value.field, value.type, value.kind, owner_key=key)
        )
    return Kind(key, model, path, tuple(values))


@cache
def kinds() -> tuple[Kind, ...]:
    """The collections, in the order an import creates them."""
    by_model = {model: key for key, model, _path in COLLECTIONS}
    return tuple(_kind(key, model, path, by_model) for key, model, path in COLLECTIONS)


@cache
def kinds_by_key() -> dict[str, Kind]:
    return {kind.key: kind for kind in kinds()}


@cache
def campaign_kind() -> Kind:
    return _kind("campaign", Campaign, None, {})


@cache
def event_deck_kinds() -> tuple[Kind, Kind]:
    return _kind("event_deck", EventDeck, None, {}), _kind("events", Event, None, {})


@cache
def _kinds_by_model_name() -> dict[str, Kind]:
    return {name: kind for kind in kinds() if (name := kind.model._meta.model_name)}


def kind_for_model_name(model_name: str) -> Kind | None:
    """The collection of a model named as an effect names its target."""
    return _kinds_by_model_name().get(model_name)
