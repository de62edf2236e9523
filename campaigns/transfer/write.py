"""Saving a built document: the campaign and its rows, in bulk.

Runs inside the import's transaction, after the models' rules passed on every
object (:mod:`campaigns.transfer.build`). Each collection is one ``bulk_create``
(in batches) in creation order, so every foreign key is set from an object that
already has its real id, and the JSON values that name other rows are remapped
in memory to the new ids; a collection that points at itself (sub-scenes at
their larger battles) is written in rounds. Refs set once every object exists
follow as one ``bulk_update`` per collection, then the many-to-many links and
the members (only when the import is asked to add them).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models
from django.db.models import Q
from django.utils import timezone

from campaigns.models import Campaign, Event, EventDeck
from campaigns.transfer.build import Built, free_slug, fresh_slug_of
from campaigns.transfer.decks import deck_content
from campaigns.transfer.document import (
    CAMPAIGN_MARK,
    EVENT_DECK_MARK,
    REF,
    TARGET,
    USER,
    Kind,
    kind_for_model_name,
    kinds,
    kinds_by_key,
)
from campaigns.transfer.errors import CampaignImportError
from campaigns.transfer.refs import SETUP_KINDS, remap_embedded
from campaigns.validators import RESERVED_SLUGS

BATCH = 1000


@dataclass(frozen=True)
class CampaignImported:
    """What an import made: the campaign, and its members by username."""

    campaign: Campaign
    members: tuple[str, ...] = ()
    """Members linked to users of this site (only with ``with_members``)."""
    members_not_found: tuple[str, ...] = ()
    """Members in the document with no user of that name here (only with
    ``with_members``)."""
    members_named: int = 0
    """How many members the document named besides the importer, whether or
    not any was added: a count that reveals no user of this site."""
    notices: tuple[str, ...] = ()
    """What the import resolved by itself and tells (two ways to win ending a
    battle at once for opposite sides: the first listed wins)."""


def document_write(
    built: Built, *, owner: models.Model, keep_slug: bool, with_members: bool = False
) -> CampaignImported:
    """Save everything ``built`` holds as a new campaign owned by ``owner``;
    the document's members are linked only ``with_members``. Call inside a
    transaction."""
    return _Writer(built, owner=owner).write(
        keep_slug=keep_slug, with_members=with_members
    )


class _Writer:
    def __init__(self, built: Built, *, owner: models.Model) -> None:
        self.built = built
        self.owner = owner
        self.deck: EventDeck | None = None

    def write(self, *, keep_slug: bool, with_members: bool) -> CampaignImported:
        built = self.built
        self.deck = self._event_deck()
        campaign = self._campaign(keep_slug=keep_slug)
        named = self._named_members()
        members, not_found = self._members(campaign) if with_members else ((), ())
        for obj, f, _target in built.deferred:
            setattr(obj, f.attname, None)
        stamped: dict[type[models.Model], list[tuple[models.Model, dict]]] = {}
        for kind in kinds():
            pairs = built.objects[kind.key]
            for item, obj in pairs:
                self._values(kind, item.values, obj, item.path)
            auto_now = [f for f in kind.model._meta.concrete_fields if _auto_now(f)]
            if auto_now:
                stamped[kind.model] = [
                    (obj, {f.attname: getattr(obj, f.attname) for f in auto_now})
                    for _item, obj in pairs
                ]
            for batch in _rounds(kind, pairs):
                for obj in batch:
                    _point(kind, obj, campaign)
                    obj.pk = None
                kind.model._default_manager.bulk_create(batch, batch_size=BATCH)
        self._deferred()
        self._many()
        self._keep_auto_now(stamped)
        return CampaignImported(campaign, members, not_found, len(named))

    # --- the deck, the campaign, its members -----------------------------------

    def _event_deck(self) -> EventDeck | None:
        if self.built.deck is None:
            return None
        return event_deck_write(self.built.deck, self.built.events, owner=self.owner)

    def _campaign(self, *, keep_slug: bool) -> Campaign:
        campaign = self.built.campaign
        max_length = Campaign._meta.get_field("slug").max_length
        taken = set(
            Campaign.objects.filter(
                slug__startswith=campaign.slug[: max_length - 4]
            ).values_list("slug", flat=True)
        )
        if keep_slug and campaign.slug in taken:
            raise CampaignImportError(
                f"campaign.slug: a campaign with the slug “{campaign.slug}” is "
                "already here."
            )
        campaign.slug = free_slug(campaign.slug, taken | RESERVED_SLUGS, max_length)
        campaign.name = self._free_name(campaign.name)
        campaign.pk = None
        campaign.event_deck = self.deck
        campaign.save()
        return campaign

    def _free_name(self, name: str) -> str:
        """The document's name, unless the importing user already has a campaign
        of that name (their own, or one they follow): then "Name (imported
        25 Nov 2026)", numbered if that is taken too, so the two tell apart."""
        theirs = Campaign.objects.filter(
            Q(owner=self.owner) | Q(members=self.owner)
        ).values_list("name", flat=True)
        taken = set(theirs)
        if name not in taken:
            return name
        max_length = Campaign._meta.get_field("name").max_length
        day = timezone.localdate()
        label = f"imported {day.day} {day:%b %Y}"
        number = 1
        while True:
            suffix = f" ({label})" if number == 1 else f" ({label}, {number})"
            candidate = name[: max_length - len(suffix)] + suffix
            if candidate not in taken:
                return candidate
            number += 1

    def _named_members(self) -> list[str]:
        """The document's members other than the importer, each once."""
        own = self.owner.get_username()
        return list(dict.fromkeys(n for n in self.built.members if n != own))

    def _members(self, campaign: Campaign) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """Members are linked by username where such a user exists here."""
        names = self._named_members()
        if not names:
            return (), ()
        User = get_user_model()
        found = {
            user.get_username(): user
            for user in User._default_manager.filter(
                **{f"{User.USERNAME_FIELD}__in": names}
            )
        }
        Through = Campaign.members.through
        Through.objects.bulk_create(
            Through(campaign_id=campaign.pk, user_id=found[name].pk)
            for name in names
            if name in found
        )
        linked = tuple(name for name in names if name in found)
        return linked, tuple(name for name in names if name not in found)

    # --- the collections ------------------------------------------------------------

    def _values(
        self, kind: Kind, values: dict[str, Any], obj: models.Model, path: str
    ) -> None:
        """The object's usernames, effect target and JSON values naming other
        rows, as this site's ids."""
        for value in kind.values:
            if value.type == USER:
                user = self._user(values.get(value.key))
                setattr(obj, value.field.attname, None if user is None else user.pk)
            elif value.type == TARGET:
                setattr(obj, value.field.attname, self._target(values))
        remapped = remap_embedded(kind.key, values, self._resolve, path)
        if remapped is not values:
            for value in kind.values:
                if value.key in remapped and remapped[value.key] is not values.get(
                    value.key
                ):
                    setattr(obj, value.field.attname, remapped[value.key])

    def _deferred(self) -> None:
        by_model: dict[type[models.Model], dict[str, list[models.Model]]] = defaultdict(
            lambda: defaultdict(list)
        )
        for obj, f, target in self.built.deferred:
            setattr(obj, f.name, target)
            by_model[type(obj)][f.name].append(obj)
        for model, fields in by_model.items():
            for name, objs in fields.items():
                model._default_manager.bulk_update(objs, [name], batch_size=BATCH)

    def _many(self) -> None:
        rows: dict[Any, list[models.Model]] = defaultdict(list)
        for obj, f, targets in self.built.many:
            through = f.remote_field.through
            source = f"{f.m2m_field_name()}_id"
            target = f"{f.m2m_reverse_field_name()}_id"
            rows[through].extend(
                through(**{source: obj.pk, target: t.pk}) for t in targets
            )
        for through, batch in rows.items():
            through._default_manager.bulk_create(batch, batch_size=BATCH)

    def _keep_auto_now(
        self, stamped: dict[type[models.Model], list[tuple[models.Model, dict]]]
    ) -> None:
        """Fields saved as "now" (a battle's updated_at) get their exported value."""
        for model, pairs in stamped.items():
            changed = []
            for obj, values in pairs:
                if any(v is not None for v in values.values()):
                    for attname, value in values.items():
                        if value is not None:
                            setattr(obj, attname, value)
                    changed.append(obj)
            names = [f.name for f in model._meta.concrete_fields if _auto_now(f)]
            if changed:
                model._default_manager.bulk_update(changed, names, batch_size=BATCH)

    # --- references ---------------------------------------------------------------

    def _user(self, username: Any) -> models.Model | None:
        """A username in the document: the importer when it is the exporting
        owner's, nobody otherwise (accounts do not travel)."""
        owner = self.built.owner_username
        return self.owner if username is not None and username == owner else None

    def _target(self, values: dict[str, Any]) -> int | None:
        ref = values.get("target")
        if ref is None:
            return None
        if values.get("target_model") == CAMPAIGN_MARK:
            return self.built.campaign.pk
        kind = kind_for_model_name(values["target_model"])
        return self.built.by_ref[kind.key][ref].pk

    def _resolve(self, kind_key: str | None, value: Any, path: str) -> Any:
        """A ref inside a JSON value → the new id it stands for."""
        if kind_key in SETUP_KINDS:
            if value == "":
                return value
            return str(self.built.by_ref[SETUP_KINDS[kind_key]][int(value)].pk)
        if kind_key == CAMPAIGN_MARK:
            return self.built.campaign.pk
        if kind_key == EVENT_DECK_MARK:
            return None if self.deck is None else self.deck.pk
        if kind_key == USER:
            user = self._user(value)
            return None if user is None else user.pk
        return self.built.by_ref[kind_key][value].pk


def event_deck_write(
    deck: EventDeck, events: list[Event], *, owner: models.Model | None = None
) -> EventDeck:
    """The deck as saved: an identical deck of its slug (or of the fresh slugs
    made from it) is shared when it is the site's or ``owner``'s own; otherwise
    the deck is created, owned by ``owner`` (an importer: nothing imported is
    site-wide; None only for the site's own decks), under a fresh slug if its
    own is taken."""
    max_length = EventDeck._meta.get_field("slug").max_length
    family = EventDeck.objects.filter(slug__startswith=deck.slug[: max_length - 4])
    taken = set(family.values_list("slug", flat=True))
    content = deck_content(deck, events)
    shareable = family.filter(
        Q(owner__isnull=True) | Q(owner_id=getattr(owner, "pk", None))
    ).prefetch_related("events")
    for existing in sorted(shareable, key=lambda d: d.slug != deck.slug):
        if fresh_slug_of(existing.slug, deck.slug) and (
            deck_content(existing, existing.events.all()) == content
        ):
            return existing
    deck.slug = free_slug(deck.slug, taken, max_length)
    deck.pk = None
    deck.owner = owner
    deck.save()
    for event in events:
        event.pk = None
        event.deck = deck
    Event.objects.bulk_create(events)
    return deck


def _auto_now(f: models.Field) -> bool:
    return bool(getattr(f, "auto_now", False))


def _point(kind: Kind, obj: models.Model, campaign: Campaign) -> None:
    """Set the object's foreign keys to the ids of the saved objects they point
    at (the build linked them while those had provisional ids)."""
    for f in _foreign_keys(kind.key):
        target = (
            campaign if f.related_model is Campaign else f.get_cached_value(obj, None)
        )
        if target is not None:
            setattr(obj, f.attname, target.pk)


@cache
def _foreign_keys(kind_key: str) -> tuple[models.Field, ...]:
    """The keys a kind's rows are inserted with: refs not deferred, and the
    campaign."""
    kind = kinds_by_key()[kind_key]
    refs = {v.field.name for v in kind.values if v.type == REF and not v.deferred}
    return tuple(
        f
        for f in kind.model._meta.concrete_fields
        if f.name in refs or (f.is_relation and f.related_model is Campaign)
    )


def _rounds(
    kind: Kind, pairs: list[tuple[Any, models.Model]]
) -> list[list[models.Model]]:
    """The objects in rounds: each after the objects of its kind it points at."""
    inner = [
        v
        for v in kind.values
        if v.type == REF and v.kind == kind.key and not v.deferred
    ]
    objs = [obj for _item, obj in pairs]
    if not inner:
        return [objs]
    rounds: list[list[models.Model]] = []
    done: set[int] = set()
    pending = objs
    while pending:
        ready = [
            obj
            for obj in pending
            if all(
                getattr(obj, v.field.attname) is None
                or id(getattr(obj, v.field.name)) in done
                for v in inner
            )
        ]
        rounds.append(ready)
        done.update(id(obj) for obj in ready)
        pending = [obj for obj in pending if id(obj) not in done]
    return rounds
