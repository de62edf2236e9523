"""A version 2 document (before scene orders as data) still imports: its AI
instructions become the companies' notes (RULES §1), and nothing else changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from campaigns.models import SceneCompany, SceneOrder
from campaigns.transfer import campaign_export, campaign_import
from campaigns.transfer.document import SCHEMA_VERSION

pytestmark = pytest.mark.django_db

DEMO = (
    Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "war_of_the_ring.json"
)
ADDED_IN_3 = {
    "scene_companies": ("notes", "arrival_start", "arrival_length"),
    "scene_features": ("terrain",),
}


def version_2(document: dict) -> dict:
    """The demo as a version 2 file said it: prose instructions, no orders."""
    document = {**document, "schema_version": 2}
    document.pop("scene_orders", None)
    document.pop("scene_arrivals", None)
    document.pop("ways_to_win", None)  # version 4's
    document.pop("win_conditions", None)
    document["scenes"] = [
        {k: v for k, v in item.items() if k not in ("time_out_winner", "rout_loses")}
        for item in document["scenes"]
    ]
    for key, names in ADDED_IN_3.items():
        document[key] = [
            {k: v for k, v in item.items() if k not in names} for item in document[key]
        ]
    document["scene_companies"] = [
        {**item, "notes": f"Orders in prose number {item['ref']}."}
        if item["side"] == "ai"
        else {**item, "notes": ""}
        for item in document["scene_companies"]
    ]
    return document


@pytest.fixture
def document() -> dict:
    return version_2(json.loads(DEMO.read_text()))


@pytest.fixture
def imported(document, user):
    return campaign_import(data=json.dumps(document).encode(), owner=user).campaign


def test_a_version_2_documents_instructions_become_notes(document, imported):
    """Each AI company's prose is its notes; no order is made up from it."""
    said = sorted(e["notes"] for e in document["scene_companies"] if e["notes"])
    notes = SceneCompany.objects.filter(scene__campaign=imported).exclude(notes="")
    assert (
        sorted(notes.values_list("notes", flat=True)),
        SceneOrder.objects.count(),
    ) == (
        said,
        0,
    )


def test_a_version_2_document_exports_as_the_current_version(imported):
    """Exported again, it is a current document with its notes."""
    exported = campaign_export(campaign=imported)
    assert (exported["schema_version"], exported["scene_orders"]) == (
        SCHEMA_VERSION,
        [],
    )
