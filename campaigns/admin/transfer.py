"""The admin's one way in to the campaign document code (export and import).

The admin's import and export go through these names only, so that moving the
transfer code elsewhere means changing the imports below and nothing else.
"""

from __future__ import annotations

from django.db import models

from campaigns.models import Campaign
from campaigns.transfer import (
    CampaignImportError,
    campaign_export_json,
    campaign_import,
    import_max_bytes,
    size_label,
    too_large_message,
)

__all__ = [
    "CampaignImportError",
    "campaign_document",
    "campaign_from_document",
    "max_bytes",
    "max_label",
    "too_large",
]


def max_bytes() -> int:
    """The largest document the site imports (a setting)."""
    return import_max_bytes()


def max_label() -> str:
    return size_label(import_max_bytes())


def too_large(size: int) -> str:
    return too_large_message(size, import_max_bytes())


def campaign_document(*, campaign: Campaign) -> str:
    """The whole campaign as one JSON document (what the site's export gives)."""
    return campaign_export_json(campaign=campaign)


def campaign_from_document(*, data: bytes, owner: models.Model) -> Campaign:
    """A new campaign owned by ``owner`` from a document; raises
    CampaignImportError, writing nothing, when it cannot be imported."""
    return campaign_import(data=data, owner=owner).campaign
