"""Checking a parsed document, before anything is built from it.

:func:`document_check` reads the document against its kinds
(:mod:`campaigns.transfer.document`): the type of every value, unknown and
missing keys, refs that point nowhere or are used twice, the shapes of the
JSON values the site reads back (:mod:`campaigns.transfer.shapes`) and the deck
rule. It returns the values ready to build, or raises CampaignImportError naming
each problem by its path (``scenes[3].order: must be a whole number``). The
models' own rules come after, on the objects built (:mod:`campaigns.transfer.rules`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from campaigns.transfer.decks import deck_cards_problem
from campaigns.transfer.document import (
    CAMPAIGN_MARK,
    EVENT_DECK_MARK,
    FORMAT,
    REF,
    REFS,
    TARGET,
    TYPE_MESSAGES,
    USER,
    Kind,
    campaign_kind,
    event_deck_kinds,
    kind_for_model_name,
    kinds,
)
from campaigns.transfer.errors import CampaignImportError, ErrorList
from campaigns.transfer.parse import LongNumber
from campaigns.transfer.refs import SETUP_KINDS, remap_embedded
from campaigns.transfer.shapes import SHAPES, snapshot_problems
from campaigns.transfer.values import check_value, is_ref
from campaigns.transfer.versions import READABLE_VERSIONS, document_upgrade
from engines.text import words


@dataclass
class Item:
    """One object of the document, its values checked (refs not yet resolved)."""

    path: str
    ref: int | None
    values: dict[str, Any]
    ok: bool = True
    """False once a problem was found in it: the models' rules skip it."""


@dataclass
class CheckedDocument:
    owner: str | None
    campaign: Item
    event_deck: Item | None
    events: list[Item]
    objects: dict[str, list[Item]] = field(default_factory=dict)


class Problems:
    """The errors of a check, marking each object that has one."""

    def __init__(self, errors: ErrorList) -> None:
        self.errors = errors

    def add(self, item: Item | None, path: str, message: str) -> None:
        if item is not None:
            item.ok = False
        self.errors.add(path, message)


def document_check(document: Any, *, problems: Problems) -> CheckedDocument:
    """Check a parsed document. A document that is not a campaign document at
    all raises CampaignImportError at once; every other problem is added to
    ``problems`` (which raises TooManyErrors at the limit) and the values that
    passed are returned, so the models' rules can judge the rest."""
    if not isinstance(document, dict):
        raise CampaignImportError("The file must hold one JSON object.")
    if document.get("format") != FORMAT:
        raise CampaignImportError(
            f'format: not a campaign document (expected "{FORMAT}").'
        )
    version = document.get("schema_version")
    if version not in READABLE_VERSIONS or not is_ref(version):
        readable = words(str(v) for v in READABLE_VERSIONS)
        raise CampaignImportError(
            f"schema_version: this site reads versions {readable}, the file "
            f"has {_shown(version)}."
        )
    return _check_document(document_upgrade(document), problems)


def _shown(value: Any) -> str:
    """A document value as a message may quote it: short."""
    if isinstance(value, LongNumber):
        return repr(value)
    return json.dumps(value, default=repr)[:20]


def _key_label(key: Any) -> str:
    """A key as a message may show it: short, and quoted unless a plain name."""
    if isinstance(key, str) and key.isidentifier() and len(key) <= 40:
        return key
    return json.dumps(str(key))[:40]


# --- objects and collections ----------------------------------------------------------


def _check_object(
    kind: Kind, raw: Any, path: str, problems: Problems, *, with_ref: bool
) -> Item | None:
    if not isinstance(raw, dict):
        problems.add(None, path, "must be an object")
        return None
    item = Item(path, None, {})
    known = {v.key for v in kind.values} | ({"ref"} if with_ref else set())
    if kind.key == "event_deck":
        known.add("events")
    for key in raw:
        if key not in known:
            problems.add(item, f"{path}.{_key_label(key)}", "unknown field")
    if with_ref:
        ref = raw.get("ref")
        if is_ref(ref):
            item.ref = ref
        elif isinstance(ref, LongNumber):
            problems.add(item, f"{path}.ref", ref.message)
        else:
            message = "missing" if "ref" not in raw else TYPE_MESSAGES[REF]
            problems.add(item, f"{path}.ref", message)
    values = item.values
    for value in kind.values:
        key = value.key
        if key not in raw:
            if not value.optional:
                problems.add(item, f"{path}.{key}", "missing")
            continue
        values[key], problem = check_value(value, raw[key])
        if problem:
            del values[key]
            problems.add(item, f"{path}.{key}", problem)
    return item


def _check_collection(kind: Kind, raw: Any, problems: Problems) -> list[Item]:
    if raw is None:
        return []
    if not isinstance(raw, list):
        problems.add(None, kind.key, "must be a list")
        return []
    items = []
    seen: dict[int, str] = {}
    for index, entry in enumerate(raw):
        path = f"{kind.key}[{index}]"
        item = _check_object(kind, entry, path, problems, with_ref=True)
        if item is None:
            continue
        if item.ref is not None:
            if item.ref in seen:
                problems.add(
                    item,
                    f"{path}.ref",
                    f"ref {item.ref} is used twice (also {seen[item.ref]})",
                )
            seen.setdefault(item.ref, path)
        items.append(item)
    return items


def _check_document(document: dict[str, Any], problems: Problems) -> CheckedDocument:
    collections = {kind.key: kind for kind in kinds()}
    top = {"format", "schema_version", "owner", "campaign", "event_deck", *collections}
    for key in document:
        if key not in top:
            problems.add(None, _key_label(key), "unknown field")
    owner = document.get("owner")
    if owner is not None and not isinstance(owner, str):
        problems.add(None, "owner", TYPE_MESSAGES[USER])
        owner = None
    if "campaign" not in document:
        problems.add(None, "campaign", "missing")
    campaign = _check_object(
        campaign_kind(), document.get("campaign"), "campaign", problems, with_ref=False
    )
    deck, events = event_deck_check(document.get("event_deck"), problems)
    objects = {
        key: _check_collection(kind, document.get(key), problems)
        for key, kind in collections.items()
    }
    checked = CheckedDocument(
        owner, campaign or Item("campaign", None, {}, ok=False), deck, events, objects
    )
    _RefCheck(checked, problems).run(checked)
    _check_shapes(checked, problems)
    return checked


def event_deck_check(raw: Any, problems: Problems) -> tuple[Item | None, list[Item]]:
    """A deck document (a campaign document's ``event_deck``) and its events;
    the deck rule too (twelve events, one per picture card)."""
    if raw is None:
        return None, []
    deck_kind, event_kind = event_deck_kinds()
    deck = _check_object(deck_kind, raw, "event_deck", problems, with_ref=False)
    if deck is None:
        return None, []
    events_raw = raw.get("events", [])
    if not isinstance(events_raw, list):
        problems.add(deck, "event_deck.events", "must be a list")
        return deck, []
    events = [
        _check_object(
            event_kind, entry, f"event_deck.events[{i}]", problems, with_ref=False
        )
        for i, entry in enumerate(events_raw)
    ]
    events = [event for event in events if event is not None]
    problem = deck_cards_problem(
        event.values["card"] for event in events if "card" in event.values
    )
    if problem:
        problems.add(deck, "event_deck.events", problem)
    return deck, events


# --- refs ---------------------------------------------------------------------------


class _RefCheck:
    """Every ref of the document points at an object of its collection."""

    def __init__(self, checked: CheckedDocument, problems: Problems) -> None:
        self.refs = {
            key: {item.ref for item in items if item.ref is not None}
            for key, items in checked.objects.items()
        }
        self.labels = {kind.key: kind.label for kind in kinds()}
        self.problems = problems
        self.item = checked.campaign

    def run(self, checked: CheckedDocument) -> None:
        for kind in kinds():
            pointing = [v for v in kind.values if v.type in (REF, REFS, TARGET)]
            for item in checked.objects[kind.key]:
                self.item = item
                for value in pointing:
                    raw = item.values.get(value.key)
                    if raw is None:
                        continue
                    where = f"{item.path}.{value.key}"
                    if value.type == REF:
                        self.exists(value.kind, raw, where)
                    elif value.type == REFS:
                        for index, ref in enumerate(raw):
                            self.exists(value.kind, ref, f"{where}[{index}]")
                    else:
                        self.target(raw, where)
                remap_embedded(kind.key, item.values, self.resolve, item.path)

    def exists(self, kind_key: str, ref: Any, path: str) -> None:
        if not (is_ref(ref) and ref in self.refs[kind_key]):
            self.problems.add(
                self.item, path, f"no {self.labels[kind_key]} with ref {_shown(ref)}"
            )

    def resolve(self, kind_key: str | None, value: Any, path: str) -> Any:
        """Checks a ref inside a JSON value (see campaigns.transfer.refs)."""
        if kind_key in SETUP_KINDS:
            if value == "":
                return value
            collection = SETUP_KINDS[kind_key]
            ok = isinstance(value, str) and value.isdigit() and len(value) < 20
            if not ok or int(value) not in self.refs[collection]:
                self.problems.add(
                    self.item,
                    path,
                    f"no {self.labels[collection]} with ref {_shown(value)}",
                )
        elif kind_key == CAMPAIGN_MARK or kind_key == EVENT_DECK_MARK:
            if value != kind_key:
                self.problems.add(self.item, path, f'must be "{kind_key}" or null')
        elif kind_key == USER:
            if not isinstance(value, str):
                self.problems.add(self.item, path, TYPE_MESSAGES[USER])
        else:
            self.exists(kind_key, value, path)
        return value

    def target(self, raw: Any, where: str) -> None:
        """An effect's target: a ref into the collection its target_model names."""
        item = self.item
        model_name = item.values.get("target_model")
        if model_name == CAMPAIGN_MARK:
            if raw != CAMPAIGN_MARK:
                self.problems.add(
                    item, where, f'must be "{CAMPAIGN_MARK}" or null for the campaign'
                )
            return
        kind = kind_for_model_name(model_name) if isinstance(model_name, str) else None
        if kind is None:
            self.problems.add(
                item, f"{item.path}.target_model", "not a kind of campaign object"
            )
        elif raw == CAMPAIGN_MARK:
            self.problems.add(item, where, TYPE_MESSAGES[REF])
        else:
            self.exists(kind.key, raw, where)


# --- JSON values the site reads back -------------------------------------------------


def _check_shapes(checked: CheckedDocument, problems: Problems) -> None:
    for kind_key, key, check in SHAPES:
        for item in checked.objects[kind_key]:
            if item.values.get(key) is not None:

                def add(path: str, message: str, item: Item = item) -> None:
                    problems.add(item, path, message)

                check(item.values[key], f"{item.path}.{key}", add)
    for item in checked.objects["effects"]:
        kind = kind_for_model_name(str(item.values.get("target_model")))
        for key in ("before", "after"):
            snapshot = item.values.get(key)
            if snapshot is None or kind is None:
                continue
            for path, message in snapshot_problems(
                kind, snapshot, f"{item.path}.{key}"
            ):
                problems.add(item, path, message)
