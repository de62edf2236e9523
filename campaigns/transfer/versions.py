"""Older documents: which schema versions the site reads, and how a version 1
document is read as version 2.

Version 2 (the battlefield as data) added values to scenes, scene companies,
objectives and wounds, each with a default, and the ``scene_features``
collection, which a version 1 document does not have. One meaning changed: a
company entering at the "centre" edge now deploys in a centre circle, so a
version 1 company entering there gets the circle the database migration gave
such rows (``campaigns/migrations/0002_battlefield.py``).
"""

from __future__ import annotations

from typing import Any

from campaigns.models.battlefield import DEFAULT_CENTRE_RADIUS
from engines.enums import Deployment, Edge

READABLE_VERSIONS = (1, 2)


def document_upgrade(document: dict[str, Any]) -> dict[str, Any]:
    """The document as version 2 reads it (the same object when it is already)."""
    if document.get("schema_version") != 1:
        return document
    entries = document.get("scene_companies")
    if not isinstance(entries, list):
        return document
    upgraded = []
    for entry in entries:
        if (
            isinstance(entry, dict)
            and entry.get("entry_edge") == Edge.CENTRE.value
            and "deployment" not in entry
        ):
            entry = {
                **entry,
                "deployment": Deployment.CENTRE.value,
                "deployment_radius": entry.get(
                    "deployment_radius", DEFAULT_CENTRE_RADIUS
                ),
            }
        upgraded.append(entry)
    return {**document, "scene_companies": upgraded}
