"""The admin's one way in to the campaign document code (export and import).

The admin's import and export go through these names only, so that moving the
transfer code elsewhere means changing the imports below and nothing else.
"""

from __future__ import annotations

from django.db import models

from campaigns.models import Campaign
from campaigns.services.campaign_export import campaign_export_json
from campaigns.services.campaign_import import CampaignImportError, campaign_import
from campaigns.services.campaign_schema import MAX_DOCUMENT_BYTES, MAX_DOCUMENT_LABEL

__all__ = [
    "MAX_DOCUMENT_BYTES",
    "MAX_DOCUMENT_LABEL",
    "CampaignImportError",
    "campaign_document",
    "campaign_from_document",
]


def campaign_document(*, campaign: Campaign) -> str:
    """The whole campaign as one JSON document (what the site's export gives)."""
    return campaign_export_json(campaign=campaign)


def campaign_from_document(*, data: bytes, owner: models.Model) -> Campaign:
    """A new campaign owned by ``owner`` from a document; raises
    CampaignImportError, writing nothing, when it cannot be imported."""
    return campaign_import(data=data, owner=owner)
