"""Import a campaign document as a new campaign owned by the importing user.

One pass reads the document (:mod:`~campaigns.transfer.parse`), checks it
(:mod:`~campaigns.transfer.checks`) and builds every object in memory with the
models' rules applied (:mod:`~campaigns.transfer.build`), collecting up to 20
problems, each named by its path. Only a document without problems is written
(:mod:`~campaigns.transfer.write`), in bulk and in one transaction: all of it,
or nothing.

The campaign keeps its slug when free, else gets ``slug-2``, ``slug-3`` …
(``keep_slug`` refuses a taken slug instead); its event deck (and its
setting) is shared when one of the same slug, the site's or the importer's
own, has identical content, else created for the importer, under a fresh slug
when its own is taken: everything an import creates belongs to the importer.
Members are linked by username where such a user exists here; a username
elsewhere in the document (a commander change made by hand) becomes the
importing user when it is the exporting owner's, and nobody otherwise.
"""

from __future__ import annotations

import dataclasses
from typing import IO, Any

from django.db import DataError, IntegrityError, models, transaction

from campaigns.models import EventDeck
from campaigns.transfer.build import Judge, document_build, event_deck_build
from campaigns.transfer.checks import Problems, document_check, event_deck_check
from campaigns.transfer.document import kinds
from campaigns.transfer.errors import CampaignImportError, ErrorList, TooManyErrors
from campaigns.transfer.genres import setting_check, setting_write
from campaigns.transfer.parse import document_parse
from campaigns.transfer.victory import ways_to_win_check
from campaigns.transfer.write import (
    CampaignImported,
    document_write,
    event_deck_write,
)


def campaign_import(
    *,
    data: bytes | str | IO[bytes] | dict[str, Any],
    owner: models.Model,
    keep_slug: bool = False,
    max_bytes: int | None = None,
    with_members: bool = False,
) -> CampaignImported:
    """Create a new campaign owned by ``owner`` from an exported document:
    JSON text or bytes, a binary file, or the parsed document.

    ``keep_slug`` keeps the document's slug or refuses the import when it is
    taken; ``max_bytes`` overrides the size limit (the setting
    ``CAMPAIGN_IMPORT_MAX_BYTES``). The document's members are linked to this
    site's users of those names only ``with_members`` (restoring a backup from
    the command line); otherwise no one is added and only their number is
    told, so an import can neither attach strangers to a campaign nor learn
    which usernames exist. Raises CampaignImportError (a
    ValidationError whose messages name the path of each problem, at most 20)
    and writes nothing when the document is not importable.
    """
    document = (
        data if isinstance(data, dict) else document_parse(data, max_bytes=max_bytes)
    )
    errors = ErrorList()
    problems = Problems(errors)
    built = None
    setting = None
    notices: tuple[str, ...] = ()
    if isinstance(document, dict) and "setting" in document:
        document = dict(document)
        raw_setting = document.pop("setting")
    else:
        raw_setting = None
    try:
        setting = setting_check(raw_setting, errors)
        checked = document_check(document, problems=problems)
        built = document_build(
            checked, owner=owner, keep_slug=keep_slug, problems=problems
        )
        notices = ways_to_win_check(built, problems)
    except TooManyErrors:
        pass
    errors.raise_if_any()
    assert built is not None
    try:
        with transaction.atomic():
            imported = document_write(
                built, owner=owner, keep_slug=keep_slug, with_members=with_members
            )
            if setting is not None:
                imported.campaign.setting = setting_write(setting, owner=owner)
                imported.campaign.save(update_fields=["setting"])
            return dataclasses.replace(imported, notices=notices)
    except (IntegrityError, DataError, OverflowError) as exc:
        raise CampaignImportError(
            f"The database refused the campaign: {_refusal(exc)}"
        ) from exc


def event_deck_import(*, data: Any) -> EventDeck:
    """An event deck from its document (a campaign document's ``event_deck``:
    slug, name, description and its twelve events), checked as an import
    checks it. An identical deck of the same slug is returned as it is; a
    different one is created under a fresh slug."""
    errors = ErrorList()
    problems = Problems(errors)
    deck = None
    try:
        if not isinstance(data, dict):
            problems.add(None, "event_deck", "must be an object")
        else:
            item, event_items = event_deck_check(data, problems)
            deck, events = event_deck_build(item, event_items, judge=Judge(problems))
    except TooManyErrors:
        pass
    errors.raise_if_any()
    assert deck is not None
    with transaction.atomic():
        return event_deck_write(deck, events)


def _refusal(exc: Exception) -> str:
    """Why the database refused a row: the broken constraint's own message."""
    text = str(exc)
    for kind in kinds():
        for constraint in kind.model._meta.constraints:
            if constraint.name in text:
                return str(constraint.get_violation_error_message())
    lines = text.strip().splitlines()
    return (lines[0] if lines else type(exc).__name__)[:200]
