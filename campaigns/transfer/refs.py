"""Refs inside JSON values.

Three JSON values name other objects: a battle's setup (and each of its earlier
setups) names its characters by key, and its battlefield its companies (and the
characters dealt an entry edge) by key, and an effect's ``before`` / ``after`` are
snapshots of its target's columns, foreign keys included. In the database these
are ids; in the document they are refs. :func:`remap_embedded` walks them with
a ``resolve`` function: the export's maps ids to refs, the check's reports
refs that point nowhere, the import's maps refs to the new ids.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models

from campaigns.models import Campaign, EventDeck
from campaigns.transfer.document import (
    CAMPAIGN_MARK,
    EVENT_DECK_MARK,
    USER,
    kind_for_model_name,
    kinds,
)

SETUP_KEY = "setup_key"
"""What a setup's character key refers to: a character, as text."""
SETUP_COMPANY = "setup_company"
"""What a setup battlefield's force key refers to: a company, as text."""
SETUP_KINDS = {SETUP_KEY: "characters", SETUP_COMPANY: "companies"}
"""The collection each kind of setup key refers to."""

Resolve = Callable[[str | None, Any, str], Any]
"""``resolve(kind, value, path)``: a ref (or id) mapped the caller's way."""


@cache
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
            related = f.related_model
            assert related is not None  # a relation names its model
            result[f.attname] = by_model[related]
    return result


def _remap_setup(item: dict, setup: Any, resolve: Resolve, path: str) -> Any:
    """A battle's setup: its characters' keys are character ids (refs here),
    its battlefield's forces are keyed by company id, and their dealt entry
    cards by character id."""
    if not isinstance(setup, dict) or not isinstance(setup.get("characters"), list):
        return setup
    characters = []
    for index, character in enumerate(setup["characters"]):
        if isinstance(character, dict) and "key" in character:
            where = f"{path}.characters[{index}].key"
            key = resolve(SETUP_KEY, character["key"], where)
            character = {**character, "key": key}
        characters.append(character)
    remapped = {**setup, "characters": characters}
    battlefield = setup.get("battlefield")
    if isinstance(battlefield, dict) and isinstance(battlefield.get("forces"), list):
        where = f"{path}.battlefield.forces"
        forces = [
            _remap_force(force, resolve, f"{where}[{index}]")
            for index, force in enumerate(battlefield["forces"])
        ]
        remapped["battlefield"] = {**battlefield, "forces": forces}
    return remapped


def _remap_force(force: Any, resolve: Resolve, path: str) -> Any:
    """A battlefield's force: its company's key and its dealt cards' keys."""
    if not isinstance(force, dict) or "key" not in force:
        return force
    force = {**force, "key": resolve(SETUP_COMPANY, force["key"], f"{path}.key")}
    arrival = force.get("arrival")
    if isinstance(arrival, dict) and isinstance(arrival.get("cards"), list):
        cards = [
            {**card, "key": resolve(SETUP_KEY, card["key"], f"{path}.cards[{i}].key")}
            if isinstance(card, dict) and "key" in card
            else card
            for i, card in enumerate(arrival["cards"])
        ]
        force["arrival"] = {**arrival, "cards": cards}
    return force


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
    """``values`` with the refs inside its JSON values resolved (the same dict
    when the kind has none)."""
    result = values
    for (owner, key), remap in EMBEDDED.items():
        if owner == kind_key and key in values:
            if result is values:
                result = dict(values)
            result[key] = remap(values, values[key], resolve, f"{path}.{key}")
    return result
