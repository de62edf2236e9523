"""Import a campaign document as a new campaign owned by the importing user.

The document is parsed and checked whole first (campaign_schema), then every
object is built, ``full_clean()``-ed and saved in one transaction: any problem
raises :class:`CampaignImportError` with path-like messages and writes nothing.

The campaign keeps its slug when free, else gets ``slug-2``, ``slug-3`` …; its
event deck is reused when a deck with the same slug has identical content, else
created under a fresh slug. A username in the document (a commander change made
by hand) becomes the importing user when it is the exporting owner's, and nobody
otherwise: accounts do not travel between sites.
"""

from __future__ import annotations

import json
from typing import Any

from django.core.exceptions import ValidationError
from django.db import DataError, IntegrityError, models, transaction

from campaigns.models import Campaign, Event, EventDeck
from campaigns.services.campaign_schema import (
    CAMPAIGN_MARK,
    EVENT_DECK_MARK,
    MAX_DOCUMENT_BYTES,
    MAX_DOCUMENT_LABEL,
    REF,
    REFS,
    TARGET,
    USER,
    CampaignImportError,
    CheckedDocument,
    Item,
    Kind,
    campaign_kind,
    document_check,
    event_deck_kinds,
    kind_for_model_name,
    kinds,
    remap_embedded,
    validation_messages,
)
from campaigns.validators import RESERVED_SLUGS

__all__ = ["CampaignImportError", "campaign_import", "document_parse"]


def campaign_import(
    *, data: bytes | str | dict[str, Any], owner: models.Model
) -> Campaign:
    """Create a new campaign owned by ``owner`` from an exported document.

    Raises CampaignImportError (a ValidationError whose messages name the path
    of each problem) and writes nothing when the document is not importable.
    """
    document = data if isinstance(data, dict) else document_parse(data)
    checked = document_check(document)
    try:
        with transaction.atomic():
            return _Builder(checked, owner=owner).build()
    except (IntegrityError, DataError) as exc:
        raise CampaignImportError(
            f"The database refused the campaign: {_first_line(exc)}"
        ) from exc


class _DuplicateKey(Exception):
    pass


class _NotJsonConstant(Exception):
    pass


def document_parse(data: bytes | bytearray | str) -> Any:
    """The JSON document in ``data``, within the size limit."""
    if isinstance(data, str):
        size = len(data.encode("utf-8", "replace"))
    elif isinstance(data, bytes | bytearray):
        size = len(data)
    else:
        raise CampaignImportError("The document must be JSON text.")
    if size > MAX_DOCUMENT_BYTES:
        raise CampaignImportError(
            f"The file is {size / 1024 / 1024:.1f} MB; the limit is "
            f"{MAX_DOCUMENT_LABEL}."
        )
    if not isinstance(data, str):
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise CampaignImportError("The file is not UTF-8 text.") from exc
    try:
        return json.loads(
            data, object_pairs_hook=_no_duplicates, parse_constant=_no_constant
        )
    except _DuplicateKey as exc:
        raise CampaignImportError(
            f"The file repeats the key {exc.args[0]!r:.60} in one object."
        ) from exc
    except _NotJsonConstant as exc:
        raise CampaignImportError(
            "The file is not JSON: NaN and Infinity are not numbers in JSON."
        ) from exc
    except json.JSONDecodeError as exc:
        raise CampaignImportError(
            f"The file is not JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})."
        ) from exc
    except RecursionError as exc:
        raise CampaignImportError("The file is nested too deeply to read.") from exc
    except ValueError as exc:
        raise CampaignImportError(f"The file is not JSON: {exc}.") from exc


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _DuplicateKey(key)
        result[key] = value
    return result


def _no_constant(name: str) -> Any:
    raise _NotJsonConstant(name)


def _first_line(exc: Exception) -> str:
    lines = str(exc).strip().splitlines()
    return (lines[0] if lines else type(exc).__name__)[:200]


def _free_slug(model: type[models.Model], slug: Any, max_length: int) -> Any:
    """``slug`` when no row (and no reserved word) has it, else slug-2, slug-3 …"""
    if not isinstance(slug, str) or not slug:
        return slug
    taken = set(
        model._default_manager.filter(slug__startswith=slug[: max_length - 4])
        .values_list("slug", flat=True)
        .iterator()
    )
    if model is Campaign:
        taken |= RESERVED_SLUGS
    if slug not in taken:
        return slug
    number = 2
    while True:
        suffix = f"-{number}"
        candidate = f"{slug[: max_length - len(suffix)]}{suffix}"
        if candidate not in taken:
            return candidate
        number += 1


class _Builder:
    """Builds the checked document's objects, in the order of ``kinds()``."""

    def __init__(self, checked: CheckedDocument, *, owner: models.Model) -> None:
        self.checked = checked
        self.owner = owner
        self.made: dict[str, dict[int, models.Model]] = {k.key: {} for k in kinds()}
        self.campaign: Campaign | None = None
        self.deck: EventDeck | None = None

    def build(self) -> Campaign:
        self.deck = self._event_deck()
        self.campaign = self._campaign()
        deferred: list[tuple[Kind, Item, models.Model, dict[str, Any]]] = []
        for kind in kinds():
            for item in self._insert_order(kind):
                values = remap_embedded(kind.key, item.values, self.resolve, item.path)
                obj = self._new(kind, values)
                self._save(obj, kind, item)
                self.made[kind.key][item.ref] = obj
                self._set_many(kind, values, obj)
                if any(
                    v.deferred and values.get(v.key) is not None for v in kind.values
                ):
                    deferred.append((kind, item, obj, values))
        for kind, item, obj, values in deferred:
            names = []
            for value in kind.values:
                if value.deferred and values.get(value.key) is not None:
                    setattr(
                        obj, value.field.name, self.made[value.kind][values[value.key]]
                    )
                    names.append(value.field.name)
            self._save(obj, kind, item, update_fields=names)
        self._keep_auto_now()
        return self.campaign

    # --- the campaign and its deck ------------------------------------------------

    def _event_deck(self) -> EventDeck | None:
        item = self.checked.event_deck
        if item is None:
            return None
        deck_kind, event_kind = event_deck_kinds()
        deck = EventDeck(**item.values)
        events = [Event(**event.values) for event in self.checked.events]
        existing = EventDeck.objects.filter(slug=deck.slug).first()
        if existing is not None and _same_deck(existing, deck, events):
            return existing
        deck.slug = _free_slug(
            EventDeck, deck.slug, EventDeck._meta.get_field("slug").max_length
        )
        self._save(deck, deck_kind, item)
        for event, event_item in zip(events, self.checked.events, strict=True):
            event.deck = deck
            self._save(event, event_kind, event_item)
        return deck

    def _campaign(self) -> Campaign:
        item = self.checked.campaign
        campaign = Campaign(owner=self.owner, event_deck=self.deck, **item.values)
        campaign.slug = _free_slug(
            Campaign, campaign.slug, Campaign._meta.get_field("slug").max_length
        )
        self._save(campaign, campaign_kind(), item)
        return campaign

    # --- the collections ------------------------------------------------------------

    def _insert_order(self, kind: Kind) -> list[Item]:
        """The kind's items, each after the ones its own-kind refs need at insert
        (a sub-scene after its larger battle)."""
        inner = [
            v
            for v in kind.values
            if v.type == REF and v.kind == kind.key and not v.deferred
        ]
        items = self.checked.objects[kind.key]
        if not inner:
            return items
        placed: set[int | None] = {None}
        ordered: list[Item] = []
        pending = list(items)
        while pending:
            ready = [
                item
                for item in pending
                if all(item.values.get(v.key) in placed for v in inner)
            ]
            if not ready:
                item = pending[0]
                raise CampaignImportError(
                    f"{item.path}.{inner[0].key}: the {kind.key} refer to each other "
                    "in a loop"
                )
            for item in ready:
                placed.add(item.ref)
                ordered.append(item)
            pending = [item for item in pending if item.ref not in placed]
        return ordered

    def _new(self, kind: Kind, values: dict[str, Any]) -> models.Model:
        obj = kind.model()
        for f in kind.model._meta.concrete_fields:
            if f.is_relation and f.related_model is Campaign:
                setattr(obj, f.name, self.campaign)
        for value in kind.values:
            if value.key not in values or value.type == REFS or value.deferred:
                continue
            raw = values[value.key]
            f = value.field
            if value.type == REF:
                setattr(
                    obj, f.name, None if raw is None else self.made[value.kind][raw]
                )
            elif value.type == USER:
                user = self._user(raw)
                setattr(obj, f.attname, None if user is None else user.pk)
            elif value.type == TARGET:
                setattr(obj, f.attname, self._target(values.get("target_model"), raw))
            else:
                setattr(obj, f.attname, raw)
        return obj

    def _set_many(self, kind: Kind, values: dict[str, Any], obj: models.Model) -> None:
        for value in kind.values:
            if value.type == REFS and values.get(value.key):
                related = [self.made[value.kind][ref] for ref in values[value.key]]
                getattr(obj, value.field.name).set(related)

    def _save(
        self,
        obj: models.Model,
        kind: Kind,
        item: Item,
        update_fields: list[str] | None = None,
    ) -> None:
        try:
            _full_clean(obj)
        except ValidationError as exc:
            raise CampaignImportError(
                validation_messages(exc, item.path, kind.values)
            ) from exc
        try:
            obj.save(update_fields=update_fields)
        except (IntegrityError, DataError, OverflowError) as exc:
            raise CampaignImportError(
                f"{item.path}: {_refusal(type(obj), exc)}"
            ) from exc

    def _keep_auto_now(self) -> None:
        """Fields saved as "now" (a battle's updated_at) get their exported value."""
        for kind in kinds():
            stamped = [v for v in kind.values if getattr(v.field, "auto_now", False)]
            for item in self.checked.objects[kind.key] if stamped else []:
                values = {
                    v.field.attname: item.values[v.key]
                    for v in stamped
                    if item.values.get(v.key) is not None
                }
                if values:
                    obj = self.made[kind.key][item.ref]
                    kind.model._default_manager.filter(pk=obj.pk).update(**values)

    # --- references -------------------------------------------------------------------

    def _user(self, username: Any) -> models.Model | None:
        owner = self.checked.owner
        return self.owner if username is not None and username == owner else None

    def _target(self, target_model: Any, ref: Any) -> int | None:
        if ref is None:
            return None
        if target_model == CAMPAIGN_MARK:
            return self.campaign.pk
        kind = kind_for_model_name(target_model)
        return self.made[kind.key][ref].pk

    def resolve(self, kind_key: str | None, value: Any, path: str) -> Any:
        """A document value inside JSON → the database value it stands for."""
        if kind_key == "setup_key":
            return "" if value == "" else str(self.made["characters"][int(value)].pk)
        if kind_key == CAMPAIGN_MARK:
            return self.campaign.pk
        if kind_key == EVENT_DECK_MARK:
            return None if self.deck is None else self.deck.pk
        if kind_key == USER:
            user = self._user(value)
            return None if user is None else user.pk
        return self.made[kind_key][value].pk


def _full_clean(obj: models.Model) -> None:
    """``full_clean()``, leaving the check constraints to the database.

    Django checks a CheckConstraint with one query per constraint and row, which
    made an import nearly three times slower; every check here repeats a field
    validator or a ``clean()`` rule anyway, and the database refuses a row that
    breaks one with the constraint's name, which :func:`_refusal` turns back into
    its message. Unique constraints are still checked here.
    """
    obj.full_clean(validate_constraints=False)
    messages = []
    for constraint in obj._meta.constraints:
        if isinstance(constraint, models.UniqueConstraint):
            try:
                constraint.validate(type(obj), obj)
            except ValidationError as exc:
                messages.extend(exc.messages)
    if messages:
        raise ValidationError(messages)


def _refusal(model: type[models.Model], exc: Exception) -> str:
    """Why the database refused a row: the broken constraint's own message."""
    text = str(exc)
    for constraint in model._meta.constraints:
        if constraint.name in text:
            return constraint.get_violation_error_message()
    return f"the database refused it: {_first_line(exc)}"


def _same_deck(existing: EventDeck, deck: EventDeck, events: list[Event]) -> bool:
    def content(d: EventDeck, items: list[Event]) -> tuple:
        return (
            d.name,
            d.description,
            sorted((e.card, e.title, e.text) for e in items),
        )

    return content(existing, list(existing.events.all())) == content(deck, events)
