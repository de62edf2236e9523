"""The checked document as unsaved objects, and the models' rules on them.

:func:`document_build` makes every object of the document in memory, in
creation order, each pointing at the others as the refs say, and applies the
models' rules to each (:mod:`campaigns.transfer.rules`). Nothing is read from
or written to the database: objects get provisional ids (-1, -2 … per model),
so the rules that compare ids (a sub-scene's parent, a wound healed in a
battle, an outcome's participant in the same battle) read them as they would
read saved rows. The writer (:mod:`campaigns.transfer.write`) then saves these
same objects, with their real ids, in bulk.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.db import models

from campaigns.models import Battle, Campaign, Character, Event, EventDeck, Scene
from campaigns.transfer.checks import CheckedDocument, Item, Problems
from campaigns.transfer.document import (
    BOOL,
    DATETIME,
    INT,
    JSON,
    REF,
    REFS,
    TEXT,
    Kind,
    campaign_kind,
    event_deck_kinds,
    kinds,
    kinds_by_key,
)
from campaigns.transfer.rules import RuleCheck
from campaigns.validators import RESERVED_SLUGS

FILLED_WHEN_BLANK: dict[type[models.Model], tuple[str, str, int]] = {
    Scene: ("order", "campaign_id", 10),
    Character: ("card_order", "company_id", 1),
    Battle: ("number", "campaign_id", 1),
}
"""Model → (field, the id it counts within, step): what the model's ``save()``
fills when left blank ("it goes last"). Bulk writes do not call ``save()``, so
the build fills these the same way."""

PLAIN = frozenset({TEXT, INT, BOOL, DATETIME, JSON})


@dataclass
class Built:
    """The document's objects, unsaved, in creation order."""

    owner_username: str | None
    campaign: Campaign
    members: list[str]
    deck: EventDeck | None
    events: list[Event]
    objects: dict[str, list[tuple[Item, models.Model]]] = field(default_factory=dict)
    by_ref: dict[str, dict[int, models.Model]] = field(default_factory=dict)
    deferred: list[tuple[models.Model, models.Field, models.Model]] = field(
        default_factory=list
    )
    """(object, foreign key, target) for refs set once every object exists."""
    many: list[tuple[models.Model, models.Field, list[models.Model]]] = field(
        default_factory=list
    )
    """(object, many-to-many field, targets) to link after the objects exist."""


def document_build(
    checked: CheckedDocument,
    *,
    owner: models.Model,
    keep_slug: bool,
    problems: Problems,
) -> Built:
    """Every object of the document, unsaved, with the models' rules applied;
    each broken rule is added to ``problems`` under its object's path."""
    builder = _Builder(checked, owner=owner, problems=problems)
    return builder.build(keep_slug=keep_slug)


class Judge:
    """Gives each new object a provisional id and applies the models' rules."""

    def __init__(self, problems: Problems) -> None:
        self.problems = problems
        self.rules = RuleCheck()
        self.next_id: dict[type[models.Model], int] = {}

    def provisional_id(self, obj: models.Model) -> None:
        model = type(obj)
        self.next_id[model] = self.next_id.get(model, 0) - 1
        obj.pk = self.next_id[model]

    def apply_rules(
        self, obj: models.Model, item: Item, kind: Kind, *, whole: bool = True
    ) -> None:
        """The models' rules on ``obj``; only on the values the document gave
        when the object cannot be judged ``whole``."""
        if whole:
            errors = self.rules.errors(obj)
        else:
            given = {v.field.name for v in kind.values if v.key in item.values}
            errors = self.rules.field_errors(obj, given)
        if errors:
            keys = {v.field.name: v.key for v in kind.values}
            item.ok = False
            self.problems.errors.add_model_errors(item.path, errors, keys)


def event_deck_build(
    item: Item | None, event_items: list[Item], *, judge: Judge
) -> tuple[EventDeck | None, list[Event]]:
    """The deck and its events, unsaved, with the models' rules applied."""
    if item is None:
        return None, []
    deck_kind, event_kind = event_deck_kinds()
    deck = EventDeck(**item.values)
    judge.provisional_id(deck)
    judge.apply_rules(deck, item, deck_kind, whole=item.ok)
    events = []
    for event_item in event_items:
        event = Event(deck=deck, **event_item.values)
        judge.provisional_id(event)
        judge.apply_rules(event, event_item, event_kind, whole=event_item.ok)
        events.append(event)
    return deck, events


class _Builder:
    def __init__(
        self, checked: CheckedDocument, *, owner: models.Model, problems: Problems
    ) -> None:
        self.checked = checked
        self.owner = owner
        self.problems = problems
        self.judge = Judge(problems)

    def build(self, *, keep_slug: bool) -> Built:
        deck, events = event_deck_build(
            self.checked.event_deck, self.checked.events, judge=self.judge
        )
        campaign = self._campaign(deck, keep_slug=keep_slug)
        built = Built(
            owner_username=self.checked.owner,
            campaign=campaign,
            members=list(self.checked.campaign.values.get("members", [])),
            deck=deck,
            events=events,
        )
        for kind in kinds():
            built.by_ref[kind.key] = {}
            built.objects[kind.key] = []
            for item in self._creation_order(kind):
                obj = self._new(kind, item, campaign)
                built.objects[kind.key].append((item, obj))
                if item.ref is not None:
                    built.by_ref[kind.key][item.ref] = obj
        for kind in kinds():
            for item, obj in built.objects[kind.key]:
                self._link(kind, item, obj, built)
            if kind.model in FILLED_WHEN_BLANK:
                _fill_blanks(built.objects[kind.key], *FILLED_WHEN_BLANK[kind.model])
        # An object some of whose values did not pass the checks is judged on
        # the values it has alone, and so is one pointing at it: a rule that
        # reads several values would read the missing ones as problems that
        # are not there.
        sound = {
            id(obj): item.ok for pairs in built.objects.values() for item, obj in pairs
        }
        all_sound = all(sound.values())
        for kind in kinds():
            for item, obj in built.objects[kind.key]:
                whole = all_sound or (
                    item.ok and self._points_at_sound(kind, item, built, sound)
                )
                self.judge.apply_rules(obj, item, kind, whole=whole)
        return built

    # --- the campaign ---------------------------------------------------------------

    def _campaign(self, deck: EventDeck | None, *, keep_slug: bool) -> Campaign:
        item = self.checked.campaign
        values = {k: v for k, v in item.values.items() if k != "members"}
        campaign = Campaign(owner=self.owner, event_deck=deck, **values)
        self.judge.provisional_id(campaign)
        if not keep_slug:
            max_length = Campaign._meta.get_field("slug").max_length
            campaign.slug = free_slug(campaign.slug, RESERVED_SLUGS, max_length)
        self.judge.apply_rules(campaign, item, campaign_kind(), whole=item.ok)
        return campaign

    # --- the collections --------------------------------------------------------------

    def _creation_order(self, kind: Kind) -> list[Item]:
        """The kind's items, each after those its own-kind refs need at insert
        (a sub-scene after its larger battle); a loop is a problem."""
        inner = [
            v
            for v in kind.values
            if v.type == REF and v.kind == kind.key and not v.deferred
        ]
        items = self.checked.objects[kind.key]
        if not inner:
            return items
        placed: set[int | None] = {None}
        known = {item.ref for item in items}
        ordered: list[Item] = []
        pending = list(items)
        while pending:
            ready = [
                item
                for item in pending
                if all(
                    item.values.get(v.key) in placed
                    or item.values.get(v.key) not in known
                    for v in inner
                )
            ]
            if not ready:
                for item in pending:
                    self.problems.add(
                        item,
                        f"{item.path}.{inner[0].key}",
                        f"the {kind.key} refer to each other in a loop",
                    )
                return ordered + pending
            for item in ready:
                placed.add(item.ref)
                ordered.append(item)
            pending = [item for item in pending if item.ref not in placed]
        return ordered

    def _new(self, kind: Kind, item: Item, campaign: Campaign) -> models.Model:
        """The object with its own plain values; :meth:`_link` adds its refs.

        Made as Django makes a row it reads (every column in order), which
        skips working out the default of every value the document gives."""
        values = item.values
        spec = _columns(kind.key)
        columns = []
        for f, key, is_campaign in spec:
            if is_campaign:
                columns.append(campaign.pk)
            elif key is None:
                columns.append(None)
            elif key in values:
                columns.append(values[key])
            else:
                columns.append(f.get_default())
        obj = kind.model(*columns)
        self.judge.provisional_id(obj)
        for f, _key, is_campaign in spec:
            if is_campaign:
                _point_at(obj, f, campaign)
        return obj

    def _link(self, kind: Kind, item: Item, obj: models.Model, built: Built) -> None:
        for value in kind.values:
            raw = item.values.get(value.key)
            if value.type == REF:
                target = built.by_ref[value.kind].get(raw) if raw is not None else None
                if target is None:
                    continue
                _point_at(obj, value.field, target)
                if value.deferred:
                    built.deferred.append((obj, value.field, target))
            elif value.type == REFS and raw:
                targets = [built.by_ref[value.kind].get(ref) for ref in raw]
                if all(t is not None for t in targets):
                    built.many.append((obj, value.field, targets))

    def _points_at_sound(
        self, kind: Kind, item: Item, built: Built, sound: dict[int, bool]
    ) -> bool:
        for value in kind.values:
            raw = item.values.get(value.key)
            if value.type != REF or raw is None:
                continue
            target = built.by_ref[value.kind].get(raw)
            if target is None or not sound[id(target)]:
                return False
        return True


def _point_at(obj: models.Model, f: models.Field, target: models.Model) -> None:
    """``obj.<f> = target``, without the checks Django makes for objects read
    from a database (the document's objects are all new and in memory)."""
    setattr(obj, f.attname, target.pk)
    f.set_cached_value(obj, target)


@cache
def _columns(kind_key: str) -> tuple[tuple[models.Field, str | None, bool], ...]:
    """(field, its document key or None, whether it is the campaign) for each
    column of the kind's model, in order; refs and users are set later."""
    kind = kinds_by_key()[kind_key]
    keys = {v.field.name: v.key for v in kind.values if v.type in PLAIN}
    return tuple(
        (
            f,
            keys.get(f.name),
            f.is_relation and f.related_model is Campaign,
        )
        for f in kind.model._meta.concrete_fields
    )


def _fill_blanks(
    pairs: list[tuple[Item, models.Model]], name: str, within: str, step: int
) -> None:
    """Blank values after the largest given one, in document order, per group."""
    last: dict[Any, int] = {}
    for _item, obj in pairs:
        value = getattr(obj, name)
        if isinstance(value, int):
            group = getattr(obj, within)
            last[group] = max(last.get(group, 0), value)
    for _item, obj in pairs:
        if getattr(obj, name) is None:
            group = getattr(obj, within)
            last[group] = last.get(group, 0) + step
            setattr(obj, name, last[group])


def free_slug(slug: Any, taken: set[str] | frozenset[str], max_length: int) -> Any:
    """``slug`` when not taken, else slug-2, slug-3 … within ``max_length``."""
    if not isinstance(slug, str) or not slug or slug not in taken:
        return slug
    number = 2
    while True:
        suffix = f"-{number}"
        candidate = f"{slug[: max_length - len(suffix)]}{suffix}"
        if candidate not in taken:
            return candidate
        number += 1


def fresh_slug_of(slug: str, original: str) -> bool:
    """Whether ``slug`` is ``original`` or one :func:`free_slug` made from it."""
    if slug == original:
        return True
    stem, _, number = slug.rpartition("-")
    return number.isdigit() and original.startswith(stem)
