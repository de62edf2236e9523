"""The campaign document: its format, its kinds of object and what each value may be.

One JSON object holds a whole campaign (see README "Export and import")::

    {"format": "warband-chronicle-campaign", "schema_version": 2,
     "owner": "frodo", "campaign": {...}, "event_deck": {...} | null,
     "commanders": [{"ref": 1, ...}, ...], "companies": [...], ...}

Every object of a collection has a document-local ``ref`` (a whole number,
unique within its collection); references are refs. The values of each kind are
derived from its model's concrete fields, so a new field travels without being
listed here; a field that does not travel is in :func:`excluded` with the reason.
Refs also hide inside three JSON values: a battle's setup (and its earlier
setups) names characters by key, and an effect's ``before`` / ``after`` are
snapshots of its target's columns. :func:`remap_embedded` walks those.

:func:`document_check` checks a parsed document against all this and returns the
values ready to build, or raises :class:`CampaignImportError` naming every
problem by its path (``scenes[3].order: must be a whole number``).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import models
from django.utils.dateparse import parse_datetime

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
    Objective,
    PersistingWound,
    Scene,
    SceneCompany,
    SceneFeature,
)
from engines.dice import log_from_data
from engines.enums import ObjectiveKind, Side
from engines.scenario import SetupResult

FORMAT = "warband-chronicle-campaign"
SCHEMA_VERSION = 2
READABLE_VERSIONS = (1, 2)
"""Version 1 files (before the battlefield as data) still import: every value
version 2 added has a default, and its new collection (scene_features) may be
missing."""
MAX_DOCUMENT_BYTES = 5 * 1024 * 1024
"""The largest document the site reads: 5 MB (README, the import form)."""
MAX_DOCUMENT_LABEL = "5 MB (5,242,880 bytes)"
MAX_JSON_DEPTH = 32
MAX_ERRORS = 20

CAMPAIGN_MARK = "campaign"
"""Stands for the campaign itself where a ref would be (an effect's target)."""
EVENT_DECK_MARK = "event_deck"
"""Stands for the campaign's event deck inside an effect's snapshot."""

# Value types.
TEXT, INT, BOOL, DATETIME, JSON = "text", "int", "bool", "datetime", "json"
REF, REFS, USER, TARGET = "ref", "refs", "user", "target"

TYPE_MESSAGES = {
    TEXT: "must be text",
    INT: "must be a whole number",
    BOOL: "must be true or false",
    DATETIME: "must be a date and time (ISO 8601)",
    REF: "must be a ref (a whole number)",
    REFS: "must be a list of refs",
    USER: "must be a username or null",
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
    ("battles", Battle, "campaign"),
    ("battle_companies", BattleCompany, "battle__campaign"),
    ("battle_participants", BattleParticipant, "battle__campaign"),
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

RENAMED = {(Effect, "target_id"): "target"}

_MODEL_EXCLUDED: dict[type[models.Model], dict[str, str]] = {
    Campaign: {
        "owner": "the importing user owns the new campaign",
        "members": "site accounts do not travel; the importer adds members",
        "event_deck": "the deck travels whole, as the document's event_deck",
    },
    Event: {"deck": "an event is listed inside its deck"},
}


class CampaignImportError(ValidationError):
    """A document that cannot be imported; each message starts with a path."""


# --- kinds -----------------------------------------------------------------------


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
        return self.field.has_default() or self.field.blank or self.type == REFS

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


def _value_type(f: models.Field, by_model: dict[type[models.Model], str]) -> Value:
    if f.is_relation:
        related = f.related_model
        if related is get_user_model():
            return Value(f.name, f, USER)
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
            value = _value_type(f, by_model)
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
def campaign_kind() -> Kind:
    return _kind("campaign", Campaign, None, {})


@cache
def event_deck_kinds() -> tuple[Kind, Kind]:
    return _kind("event_deck", EventDeck, None, {}), _kind("events", Event, None, {})


def kind_for_model_name(model_name: str) -> Kind | None:
    return next((k for k in kinds() if k.model._meta.model_name == model_name), None)


def exported_fields(model: type[models.Model]) -> set[str]:
    """The model's field names that are document values (for the coverage test)."""
    every = [*kinds(), campaign_kind(), *event_deck_kinds()]
    kind = next(k for k in every if k.model is model)
    return {v.field.name for v in kind.values}


# --- refs inside JSON values -------------------------------------------------------

Resolve = Callable[[str, Any, str], Any]
"""``resolve(kind, value, path)``: a ref (or pk) mapped the caller's way."""


def snapshot_kinds(model: type[models.Model]) -> dict[str, str | None]:
    """An effect snapshot's keys (attnames) → what their values refer to."""
    by_model = {k.model: k.key for k in kinds()}
    own = by_model.get(model)
    result: dict[str, str | None] = {}
    for f in model._meta.concrete_fields:
        if f.primary_key:
            result[f.attname] = own
        elif not f.is_relation:
            result[f.attname] = None
        elif f.related_model is Campaign:
            result[f.attname] = CAMPAIGN_MARK
        elif f.related_model is EventDeck:
            result[f.attname] = EVENT_DECK_MARK
        elif f.related_model is get_user_model():
            result[f.attname] = USER
        else:
            result[f.attname] = by_model[f.related_model]
    return result


def _remap_setup(item: dict, setup: Any, resolve: Resolve, path: str) -> Any:
    """A battle's setup: its characters' keys are character ids (refs here)."""
    if not isinstance(setup, dict) or not isinstance(setup.get("characters"), list):
        return setup
    characters = []
    for index, character in enumerate(setup["characters"]):
        if isinstance(character, dict) and "key" in character:
            where = f"{path}.characters[{index}].key"
            key = resolve("setup_key", character["key"], where)
            character = {**character, "key": key}
        characters.append(character)
    return {**setup, "characters": characters}


def _remap_previous(item: dict, previous: Any, resolve: Resolve, path: str) -> Any:
    """A battle's earlier setups, each with its setup as above."""
    if not isinstance(previous, list):
        return previous
    result = []
    for index, earlier in enumerate(previous):
        if isinstance(earlier, dict) and "setup" in earlier:
            where = f"{path}[{index}].setup"
            setup = _remap_setup(item, earlier["setup"], resolve, where)
            earlier = {**earlier, "setup": setup}
        result.append(earlier)
    return result


def _remap_snapshot(item: dict, snapshot: Any, resolve: Resolve, path: str) -> Any:
    """An effect's before / after: its target's columns by attname."""
    model_name = item.get("target_model")
    kind = kind_for_model_name(model_name) if isinstance(model_name, str) else None
    if kind is None or not isinstance(snapshot, dict):
        return snapshot
    refers = snapshot_kinds(kind.model)
    return {
        key: resolve(refers[key], value, f"{path}.{key}")
        if refers.get(key) is not None and value is not None
        else value
        for key, value in snapshot.items()
    }


EMBEDDED: dict[tuple[str, str], Callable[[dict, Any, Resolve, str], Any]] = {
    ("battles", "setup_data"): _remap_setup,
    ("battles", "previous_setups"): _remap_previous,
    ("effects", "before"): _remap_snapshot,
    ("effects", "after"): _remap_snapshot,
}
"""JSON values that name other objects: (collection, key) → remapper.

A remapper takes the object's values (document keys), the value, ``resolve`` and
the value's path, and returns the value with every reference resolved.
"""


def remap_embedded(
    kind_key: str, values: dict[str, Any], resolve: Resolve, path: str
) -> dict[str, Any]:
    """``values`` with the refs inside its JSON values resolved."""
    result = dict(values)
    for (owner, key), remap in EMBEDDED.items():
        if owner == kind_key and key in result:
            result[key] = remap(values, result[key], resolve, f"{path}.{key}")
    return result


# --- checking a document ------------------------------------------------------------


@dataclass
class Item:
    """One object of the document, its values checked (refs not yet resolved)."""

    path: str
    ref: int | None
    values: dict[str, Any]


@dataclass
class CheckedDocument:
    owner: str | None
    campaign: Item
    event_deck: Item | None
    events: list[Item]
    objects: dict[str, list[Item]]


class _Stop(Exception):
    """Enough errors collected."""


class _Errors:
    def __init__(self) -> None:
        self.messages: list[str] = []

    def add(self, path: str, message: str) -> None:
        self.messages.append(f"{path}: {message}" if path else message)
        if len(self.messages) >= MAX_ERRORS:
            self.messages.append(f"(stopped after {MAX_ERRORS} errors)")
            raise _Stop


def text_problem(text: str) -> str | None:
    """Why a string cannot be stored (NUL, or half a surrogate pair), or None."""
    if "\x00" in text:
        return "must not contain NUL characters"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "must be valid Unicode text"
    return None


def json_problem(value: Any) -> str | None:
    """Why ``value`` cannot be stored as JSON here, or None."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_JSON_DEPTH:
            return f"is nested deeper than {MAX_JSON_DEPTH} levels"
        if isinstance(item, str):
            if problem := text_problem(item):
                return problem
        elif isinstance(item, float):
            if not math.isfinite(item):
                return "must not contain NaN or infinity"
        elif isinstance(item, dict):
            for key, inner in item.items():
                if not isinstance(key, str) or text_problem(key):
                    return "has a key that is not text"
                stack.append((inner, depth + 1))
        elif isinstance(item, list):
            stack.extend((inner, depth + 1) for inner in item)
        elif item is not None and not isinstance(item, bool | int):
            return "is not JSON"
    return None


def check_scalar(value: Value, raw: Any) -> tuple[Any, str | None]:
    """(the Python value, None) or (None, why not) for a non-reference value."""
    f = value.field
    if raw is None:
        if f.null:
            return None, None
        if value.type == JSON:
            return None, _json_shape(f)
        return None, TYPE_MESSAGES[value.type]
    if value.type == TEXT:
        if not isinstance(raw, str):
            return None, TYPE_MESSAGES[TEXT]
        problem = text_problem(raw)
        return (None, problem) if problem else (raw, None)
    if value.type == INT:
        ok = isinstance(raw, int) and not isinstance(raw, bool)
        return (raw, None) if ok else (None, TYPE_MESSAGES[INT])
    if value.type == BOOL:
        return (raw, None) if isinstance(raw, bool) else (None, TYPE_MESSAGES[BOOL])
    if value.type == DATETIME:
        parsed = _datetime(raw)
        return (parsed, None) if parsed else (None, TYPE_MESSAGES[DATETIME])
    problem = json_problem(raw)
    if problem:
        return None, problem
    default = f.get_default()
    if isinstance(default, dict) and not isinstance(raw, dict):
        return None, _json_shape(f)
    if isinstance(default, list) and not isinstance(raw, list):
        return None, _json_shape(f)
    return raw, None


def _json_shape(f: models.Field) -> str:
    default = f.get_default()
    shape = "an object" if isinstance(default, dict) else "a list"
    if default is None:
        shape = "JSON"
    return f"must be {shape}{' or null' if f.null else ''}"


def _datetime(raw: Any) -> datetime | None:
    if not isinstance(raw, str):
        return None
    try:
        parsed = parse_datetime(raw)
    except ValueError:
        return None
    if parsed is not None and parsed.tzinfo is None:
        parsed = parsed.replace(tzinfo=UTC)
    return parsed


def _key_label(key: Any) -> str:
    """A key as a message may show it: short, and quoted unless a plain name."""
    if isinstance(key, str) and key.isidentifier() and len(key) <= 40:
        return key
    return json.dumps(str(key))[:40]


def _is_ref(raw: Any) -> bool:
    return isinstance(raw, int) and not isinstance(raw, bool)


def _check_object(
    kind: Kind, raw: Any, path: str, errors: _Errors, *, with_ref: bool
) -> Item | None:
    if not isinstance(raw, dict):
        errors.add(path, "must be an object")
        return None
    known = {v.key for v in kind.values} | ({"ref"} if with_ref else set())
    if kind.key == "event_deck":
        known.add("events")
    for key in raw:
        if key not in known:
            errors.add(f"{path}.{_key_label(key)}", "unknown field")
    ref = None
    if with_ref:
        ref = raw.get("ref")
        if not _is_ref(ref):
            errors.add(
                f"{path}.ref", "missing" if "ref" not in raw else TYPE_MESSAGES[REF]
            )
            ref = None
    values: dict[str, Any] = {}
    for value in kind.values:
        where = f"{path}.{value.key}"
        if value.key not in raw:
            if not value.optional:
                errors.add(where, "missing")
            continue
        item = raw[value.key]
        if value.type in (REF, TARGET):
            if item is None and value.field.null:
                values[value.key] = None
            elif value.type == REF and not _is_ref(item):
                errors.add(where, TYPE_MESSAGES[REF])
            elif value.type == TARGET and not (_is_ref(item) or item == CAMPAIGN_MARK):
                errors.add(where, TYPE_MESSAGES[REF])
            else:
                values[value.key] = item
        elif value.type == REFS:
            if not isinstance(item, list) or not all(_is_ref(r) for r in item):
                errors.add(where, TYPE_MESSAGES[REFS])
            elif len(set(item)) != len(item):
                errors.add(where, "lists a ref twice")
            else:
                values[value.key] = item
        elif value.type == USER:
            if item is not None and not isinstance(item, str):
                errors.add(where, TYPE_MESSAGES[USER])
            else:
                values[value.key] = item
        else:
            checked, problem = check_scalar(value, item)
            if problem:
                errors.add(where, problem)
            else:
                values[value.key] = checked
    return Item(path, ref, values)


def _check_collection(kind: Kind, raw: Any, errors: _Errors) -> list[Item]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        errors.add(kind.key, "must be a list")
        return []
    items = []
    seen: dict[int, str] = {}
    for index, entry in enumerate(raw):
        path = f"{kind.key}[{index}]"
        item = _check_object(kind, entry, path, errors, with_ref=True)
        if item is None:
            continue
        if item.ref is not None:
            if item.ref in seen:
                errors.add(
                    f"{path}.ref",
                    f"ref {item.ref} is used twice (also {seen[item.ref]})",
                )
            seen.setdefault(item.ref, path)
        items.append(item)
    return items


def document_check(document: Any) -> CheckedDocument:
    """Check a parsed document; raise CampaignImportError naming every problem."""
    if not isinstance(document, dict):
        raise CampaignImportError("The file must hold one JSON object.")
    if document.get("format") != FORMAT:
        raise CampaignImportError(
            f'format: not a campaign document (expected "{FORMAT}").'
        )
    version = document.get("schema_version")
    if version not in READABLE_VERSIONS or not _is_ref(version):
        readable = " and ".join(str(v) for v in READABLE_VERSIONS)
        raise CampaignImportError(
            f"schema_version: this site reads versions {readable}, the file "
            f"has {json.dumps(version)[:20]}."
        )
    errors = _Errors()
    checked = None
    try:
        checked = _check_document(document, errors)
    except _Stop:
        pass
    if errors.messages or checked is None:
        raise CampaignImportError(errors.messages)
    return checked


def _check_document(document: dict[str, Any], errors: _Errors) -> CheckedDocument:
    collections = {kind.key: kind for kind in kinds()}
    top = {"format", "schema_version", "owner", "campaign", "event_deck", *collections}
    for key in document:
        if key not in top:
            errors.add(_key_label(key), "unknown field")
    owner = document.get("owner")
    if owner is not None and not isinstance(owner, str):
        errors.add("owner", TYPE_MESSAGES[USER])
        owner = None
    if "campaign" not in document:
        errors.add("campaign", "missing")
    campaign = _check_object(
        campaign_kind(), document.get("campaign"), "campaign", errors, with_ref=False
    )
    deck, events = _check_event_deck(document.get("event_deck"), errors)
    objects = {
        key: _check_collection(kind, document.get(key), errors)
        for key, kind in collections.items()
    }
    checked = CheckedDocument(
        owner, campaign or Item("campaign", None, {}), deck, events, objects
    )
    _check_refs(checked, errors)
    _check_shapes(checked, errors)
    return checked


def _check_event_deck(raw: Any, errors: _Errors) -> tuple[Item | None, list[Item]]:
    if raw is None:
        return None, []
    deck_kind, event_kind = event_deck_kinds()
    deck = _check_object(deck_kind, raw, "event_deck", errors, with_ref=False)
    if deck is None:
        return None, []
    events_raw = raw.get("events", [])
    if not isinstance(events_raw, list):
        errors.add("event_deck.events", "must be a list")
        return deck, []
    events = [
        _check_object(
            event_kind, entry, f"event_deck.events[{i}]", errors, with_ref=False
        )
        for i, entry in enumerate(events_raw)
    ]
    return deck, [event for event in events if event is not None]


def _check_refs(checked: CheckedDocument, errors: _Errors) -> None:
    refs = {
        key: {item.ref for item in items if item.ref is not None}
        for key, items in checked.objects.items()
    }
    labels = {kind.key: kind.label for kind in kinds()}

    def exists(kind_key: str, ref: Any, path: str) -> bool:
        if _is_ref(ref) and ref in refs[kind_key]:
            return True
        errors.add(path, f"no {labels[kind_key]} with ref {json.dumps(ref)[:20]}")
        return False

    def resolve(kind_key: str | None, value: Any, path: str) -> Any:
        if kind_key == "setup_key":
            if value == "":
                return value
            ok = isinstance(value, str) and value.isdigit()
            if not ok or int(value) not in refs["characters"]:
                errors.add(path, f"no character with ref {json.dumps(value)[:20]}")
        elif kind_key == CAMPAIGN_MARK or kind_key == EVENT_DECK_MARK:
            if value != kind_key:
                errors.add(path, f'must be "{kind_key}" or null')
        elif kind_key == USER:
            if not isinstance(value, str):
                errors.add(path, TYPE_MESSAGES[USER])
        else:
            exists(kind_key, value, path)
        return value

    for kind in kinds():
        for item in checked.objects[kind.key]:
            for value in kind.values:
                raw = item.values.get(value.key)
                where = f"{item.path}.{value.key}"
                if raw is None:
                    continue
                if value.type == REF:
                    exists(value.kind, raw, where)
                elif value.type == REFS:
                    for index, ref in enumerate(raw):
                        exists(value.kind, ref, f"{where}[{index}]")
                elif value.type == TARGET:
                    _check_target(item, raw, where, exists, errors)
            remap_embedded(kind.key, item.values, resolve, item.path)


def _check_target(item: Item, raw: Any, where: str, exists, errors: _Errors) -> None:
    model_name = item.values.get("target_model")
    if model_name == CAMPAIGN_MARK:
        if raw != CAMPAIGN_MARK:
            errors.add(where, f'must be "{CAMPAIGN_MARK}" or null for the campaign')
        return
    kind = kind_for_model_name(model_name) if isinstance(model_name, str) else None
    if kind is None:
        errors.add(f"{item.path}.target_model", "not a kind of campaign object")
    elif raw == CAMPAIGN_MARK:
        errors.add(where, TYPE_MESSAGES[REF])
    else:
        exists(kind.key, raw, where)


def _check_shapes(checked: CheckedDocument, errors: _Errors) -> None:
    """JSON values the site reads back must read back: dice logs, setups, the
    placed objective, roles, co-op names and effect snapshots."""
    for kind_key, key, check in SHAPES:
        for item in checked.objects[kind_key]:
            if item.values.get(key) is not None:
                check(item.values[key], f"{item.path}.{key}", errors)
    for item in checked.objects["effects"]:
        for key in ("before", "after"):
            _check_snapshot(item, key, errors)


def _check_log(log: Any, path: str, errors: _Errors) -> None:
    for index, entry in enumerate(log):
        try:
            if not isinstance(entry, dict):
                raise TypeError
            log_from_data([entry])
        except (KeyError, TypeError, ValueError, AttributeError):
            errors.add(f"{path}[{index}]", "not a dice log entry")


def _check_setup(setup: Any, path: str, errors: _Errors) -> None:
    if setup == {}:
        return
    try:
        if not isinstance(setup, dict):
            raise TypeError
        SetupResult.from_data(setup)
    except (KeyError, TypeError, ValueError, AttributeError):
        errors.add(path, "not a battle setup")


def _check_previous(previous: Any, path: str, errors: _Errors) -> None:
    for index, earlier in enumerate(previous):
        where = f"{path}[{index}]"
        if not isinstance(earlier, dict):
            errors.add(where, "must be an object")
        elif earlier.get("setup") is not None:
            _check_setup(earlier["setup"], f"{where}.setup", errors)


def _check_placement(placement: Any, path: str, errors: _Errors) -> None:
    try:
        if not isinstance(placement, dict):
            raise TypeError
        if not isinstance(placement["name"], str):
            raise TypeError
        ObjectiveKind(placement["kind"])
        for key in ("clock", "inches"):
            if not _is_ref(placement[key]):
                raise TypeError
    except (KeyError, TypeError, ValueError):
        errors.add(path, "not an objective placement (name, kind, clock, inches)")


def _check_roles(roles: Any, path: str, errors: _Errors) -> None:
    for side, role in roles.items():
        if side not in Side._value2member_map_ or not isinstance(role, str):
            errors.add(f"{path}.{side}", "must be a side's role")


def _check_names(names: Any, path: str, errors: _Errors) -> None:
    for index, name in enumerate(names):
        if not isinstance(name, str):
            errors.add(f"{path}[{index}]", TYPE_MESSAGES[TEXT])


SHAPES: tuple[tuple[str, str, Callable[[Any, str, _Errors], None]], ...] = (
    ("battles", "dice_log", _check_log),
    ("battles", "setup_data", _check_setup),
    ("battles", "previous_setups", _check_previous),
    ("battles", "objective_placement", _check_placement),
    ("battles", "roles", _check_roles),
    ("battles", "coop_players", _check_names),
    ("battle_results", "resolution_log", _check_log),
)
"""(collection, key, check) for JSON values whose shape the site relies on."""


def _check_snapshot(item: Item, key: str, errors: _Errors) -> None:
    snapshot = item.values.get(key)
    kind = kind_for_model_name(str(item.values.get("target_model")))
    if snapshot is None or kind is None:
        return
    path = f"{item.path}.{key}"
    if not isinstance(snapshot, dict):
        errors.add(path, "must be an object or null")
        return
    refers = snapshot_kinds(kind.model)
    fields = {f.attname: f for f in kind.model._meta.concrete_fields}
    for attname, raw in snapshot.items():
        where = f"{path}.{attname}"
        if attname not in fields:
            errors.add(where, f"not a field of a {kind.label}")
        elif refers[attname] is None and raw is not None:
            _check_snapshot_value(fields[attname], raw, where, errors)


def _check_snapshot_value(
    f: models.Field, raw: Any, where: str, errors: _Errors
) -> None:
    value = _value_type(f, {})
    checked, problem = check_scalar(value, raw)
    if problem is None:
        try:
            f.validate(checked, None)
            f.run_validators(checked)
        except ValidationError as exc:
            problem = " ".join(exc.messages)
    if problem:
        errors.add(where, problem)


def validation_messages(
    exc: ValidationError, path: str, keys: Iterable[Value] = ()
) -> list[str]:
    """A model's ValidationError as path-prefixed messages (field → document key)."""
    by_field = {v.field.name: v.key for v in keys}
    if not hasattr(exc, "error_dict"):
        return [f"{path}: {message}" for message in exc.messages]
    result = []
    for name, messages in exc.message_dict.items():
        where = (
            path if name == NON_FIELD_ERRORS else f"{path}.{by_field.get(name, name)}"
        )
        result.extend(f"{where}: {message}" for message in messages)
    return result


def document_normalise(document: dict[str, Any]) -> dict[str, Any]:
    """The document without what an import changes on purpose: the campaign's
    and a new deck's slugs, and the owner (also where a username is the owner's).
    Two exports of equal campaigns normalise equal."""
    result = json.loads(json.dumps(document))
    owner = result.get("owner")
    result["owner"] = "<owner>"
    if isinstance(result.get("campaign"), dict):
        result["campaign"]["slug"] = "<slug>"
    if isinstance(result.get("event_deck"), dict):
        result["event_deck"]["slug"] = "<slug>"
    for item in result.get("commander_changes", []):
        if item.get("changed_by") == owner:
            item["changed_by"] = "<owner>"
    for item in result.get("effects", []):
        kind = kind_for_model_name(str(item.get("target_model")))
        if kind is None:
            continue
        users = [a for a, k in snapshot_kinds(kind.model).items() if k == USER]
        for key in ("before", "after"):
            snapshot = item.get(key) or {}
            for attname in users:
                if snapshot.get(attname) == owner:
                    snapshot[attname] = "<owner>"
    return result
