"""Older documents: which schema versions the site reads, and how a version 1,
2, 3, 4 or 5 document is read as version 6.

Version 6 (events that change the robot) added two values on each event of
the event deck (``sight_limit``, null: the event does not change sight;
``toward_last_seen``, false), each with a default: an older document imports
as it is, its events changing nothing the robot does.

Version 5 (*shun* and *lit*) added a scene order kind (``shun``, naming its
player character in ``shunned``) and a value on each feature (``lit_within``,
blank: not lit), each with a default: an older document imports as it is.

Version 4 (victory as data) added the ``ways_to_win`` and ``win_conditions``
collections and two values on each scene (``time_out_winner``, ``rout_loses``),
each with a default. An older document has no ways to win: it imports as it
is, and the readiness panel flags each of its fixed fighting scenes as lacking
them (its victory text stays the story), as the database migration left the
scenes it found (``campaigns/migrations/0013_ways_to_win.py``).

Version 3 (scene orders as data) added the ``scene_orders`` and
``scene_arrivals`` collections, a terrain kind on each feature and an arrival
stretch on each scene company, each with a default; a scene company's prose
``ai_instructions`` became its ``notes`` (RULES §1: what no order can say), as
the database migration did (``campaigns/migrations/0005_scene_orders.py``).

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

READABLE_VERSIONS = (1, 2, 3, 4, 5, 6)


def document_upgrade(document: dict[str, Any]) -> dict[str, Any]:
    """The document as version 6 reads it (the same object when it is already:
    a version 4 or 5 document needs nothing)."""
    if document.get("schema_version") == 1:
        document = _from_version_1(document)
    if document.get("schema_version") in (1, 2):
        document = _instructions_as_notes(document)
    return document


def _instructions_as_notes(document: dict[str, Any]) -> dict[str, Any]:
    entries = document.get("scene_companies")
    if not isinstance(entries, list):
        return document
    upgraded = []
    for entry in entries:
        if isinstance(entry, dict) and "ai_instructions" in entry:
            entry = dict(entry)
            instructions = entry.pop("ai_instructions")
            if "notes" not in entry:
                entry["notes"] = instructions
        upgraded.append(entry)
    return {**document, "scene_companies": upgraded}


def _from_version_1(document: dict[str, Any]) -> dict[str, Any]:
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
