"""Export a whole campaign as one JSON document (:mod:`campaigns.transfer.document`).

Objects are listed in their models' ordering, which ends in natural keys (scene
order, battle number, card order …) an import keeps, and get refs 1, 2, 3 … in
that order: exporting an imported campaign gives the same refs again. Members
travel as usernames.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models

from campaigns.models import Campaign, EventDeck
from campaigns.models.events import EventCard
from campaigns.transfer.document import (
    CAMPAIGN_MARK,
    DATETIME,
    EVENT_DECK_MARK,
    FORMAT,
    REF,
    REFS,
    SCHEMA_VERSION,
    TARGET,
    USER,
    USERS,
    Kind,
    campaign_kind,
    event_deck_kinds,
    kind_for_model_name,
    kinds,
)
from campaigns.transfer.genres import setting_export
from campaigns.transfer.refs import SETUP_KINDS, remap_embedded, snapshot_kinds

CARD_ORDER = {card: index for index, card in enumerate(EventCard.values)}


def campaign_export(*, campaign: Campaign) -> dict[str, Any]:
    """Everything of the campaign, as a JSON-ready dict (the owner's username
    is informational; members are listed by username)."""
    rows = {kind.key: _rows(kind, campaign) for kind in kinds()}
    refs = {
        key: {row.pk: ref for ref, row in enumerate(items, start=1)}
        for key, items in rows.items()
    }
    users = _usernames(rows)
    exporter = _Exporter(campaign=campaign, refs=refs, users=users)
    User = get_user_model()
    members = {
        "members": sorted(campaign.members.values_list(User.USERNAME_FIELD, flat=True))
    }
    document: dict[str, Any] = {
        "format": FORMAT,
        "schema_version": SCHEMA_VERSION,
        "owner": campaign.owner.get_username(),
        "campaign": exporter.values(campaign_kind(), campaign, many=members),
        "event_deck": _event_deck(campaign.event_deck),
        "setting": setting_export(campaign.setting),
    }
    for kind in kinds():
        many = _many_to_many(kind, campaign)
        items = []
        for row in rows[kind.key]:
            path = f"{kind.key}[{len(items)}]"
            values = exporter.values(kind, row, many=many.get(row.pk))
            values = remap_embedded(kind.key, values, exporter.resolve, path)
            items.append({"ref": refs[kind.key][row.pk], **values})
        document[kind.key] = items
    return document


def campaign_export_json(*, campaign: Campaign) -> str:
    """The export as text: UTF-8 JSON with one object of each list per line, so
    two exports diff line by line and the file stays small."""
    return document_dumps(campaign_export(campaign=campaign))


def document_dumps(document: dict[str, Any], *, indent: int | None = None) -> str:
    """A document as text: one object of each list per line, or every value on
    a line of its own when ``indent`` is given (for a document edited by hand,
    such as the demo's)."""
    if indent is not None:
        return json.dumps(document, ensure_ascii=False, indent=indent) + "\n"
    lines = ["{"]
    for position, (key, value) in enumerate(document.items(), start=1):
        comma = "," if position < len(document) else ""
        if isinstance(value, list) and value:
            lines.append(f"  {json.dumps(key)}: [")
            lines.extend(
                f"    {_dumps(item)}{',' if n < len(value) else ''}"
                for n, item in enumerate(value, start=1)
            )
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {_dumps(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


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
    if isinstance(result.get("setting"), dict):
        result["setting"]["slug"] = "<slug>"
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


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


def _rows(kind: Kind, campaign: Campaign) -> list[models.Model]:
    queryset = kind.model._default_manager.filter(**{kind.campaign_path: campaign})
    return list(queryset.order_by(*kind.model._meta.ordering))


def _many_to_many(kind: Kind, campaign: Campaign) -> dict[int, dict[str, list[int]]]:
    """Row pk → {key: related pks}, in one query per many-to-many value."""
    result: dict[int, dict[str, list[int]]] = {}
    for value in kind.values:
        if value.type != REFS:
            continue
        f = value.field
        through = f.remote_field.through
        source, target = f.m2m_field_name(), f.m2m_reverse_field_name()
        pairs = through._default_manager.filter(
            **{f"{source}__{kind.campaign_path}": campaign}
        ).values_list(f"{source}_id", f"{target}_id")
        for row_pk, related_pk in pairs:
            result.setdefault(row_pk, {}).setdefault(value.key, []).append(related_pk)
    return result


def _usernames(rows: dict[str, list[models.Model]]) -> dict[int, str]:
    ids = {
        getattr(row, value.field.attname)
        for kind in kinds()
        for value in kind.values
        if value.type == USER
        for row in rows[kind.key]
    }
    for effect in rows["effects"]:
        kind = kind_for_model_name(effect.target_model)
        if kind is None:
            continue
        user_keys = [k for k, to in snapshot_kinds(kind.model).items() if to == USER]
        for snapshot in (effect.before, effect.after):
            if isinstance(snapshot, dict):
                ids.update(snapshot.get(key) for key in user_keys)
    ids = {pk for pk in ids if isinstance(pk, int)}
    User = get_user_model()
    return dict(
        User._default_manager.filter(pk__in=ids).values_list("pk", User.USERNAME_FIELD)
    )


def _event_deck(deck: EventDeck | None) -> dict[str, Any] | None:
    if deck is None:
        return None
    deck_kind, event_kind = event_deck_kinds()
    events = sorted(deck.events.all(), key=lambda e: (CARD_ORDER.get(e.card, 99), e.pk))
    values = {v.key: _plain(v.field.value_from_object(deck)) for v in deck_kind.values}
    values["events"] = [
        {v.key: _plain(v.field.value_from_object(e)) for v in event_kind.values}
        for e in events
    ]
    return values


def _plain(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


class _Exporter:
    def __init__(
        self,
        *,
        campaign: Campaign,
        refs: dict[str, dict[int, int]],
        users: dict[int, str],
    ) -> None:
        self.campaign = campaign
        self.refs = refs
        self.users = users

    def values(
        self, kind: Kind, row: models.Model, many: dict[str, list[Any]] | None = None
    ) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for value in kind.values:
            f = value.field
            if value.type == REFS:
                related = (many or {}).get(value.key, [])
                result[value.key] = sorted(
                    self.refs[value.kind][pk]
                    for pk in related
                    if pk in self.refs[value.kind]
                )
            elif value.type == USERS:
                result[value.key] = (many or {}).get(value.key, [])
            elif value.type == REF:
                result[value.key] = self.resolve(
                    value.kind, getattr(row, f.attname), ""
                )
            elif value.type == USER:
                result[value.key] = self.resolve(USER, getattr(row, f.attname), "")
            elif value.type == TARGET:
                result[value.key] = self._target(row)
            elif value.type == DATETIME:
                result[value.key] = _plain(getattr(row, f.attname))
            else:
                result[value.key] = getattr(row, f.attname)
        return result

    def resolve(self, kind_key: str | None, pk: Any, path: str) -> Any:
        """A database id → its document value (None where it refers outside)."""
        if pk is None:
            return None
        if kind_key in SETUP_KINDS:
            refs = self.refs[SETUP_KINDS[kind_key]]
            found = refs.get(int(pk)) if str(pk).isdigit() else None
            return "" if found is None else str(found)
        if kind_key == CAMPAIGN_MARK:
            return CAMPAIGN_MARK if pk == self.campaign.pk else None
        if kind_key == EVENT_DECK_MARK:
            return EVENT_DECK_MARK if pk == self.campaign.event_deck_id else None
        if kind_key == USER:
            return self.users.get(pk)
        return self.refs[kind_key].get(pk)

    def _target(self, effect: models.Model) -> Any:
        if effect.target_id is None:
            return None
        if effect.target_model == CAMPAIGN_MARK:
            return self.resolve(CAMPAIGN_MARK, effect.target_id, "")
        kind = kind_for_model_name(effect.target_model)
        return None if kind is None else self.refs[kind.key].get(effect.target_id)
