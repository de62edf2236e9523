"""An event that changes the robot as data (RULES §5.2): an event may carry a
sight limit for its round (the demo's Sudden Fog: 8"), kept on the model,
edited in the admin, carried by export and import (schema 6; an older file
imports with no event changing sight) and read by the table and the playtest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError

from campaigns.models import Event, EventDeck
from campaigns.selectors.playtest import _events as playtest_events
from campaigns.transfer import campaign_export, campaign_import
from engines.events import EVENT_KEYS
from tests.campaigns.admin_helpers import admin_url, errors_of, page_form_data

pytestmark = pytest.mark.django_db

DEMO = (
    Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "war_of_the_ring.json"
)


def demo(user, **changes):
    document = json.loads(DEMO.read_text()) | changes
    return campaign_import(data=json.dumps(document).encode(), owner=user).campaign


def fog_of(campaign) -> Event:
    return campaign.event_deck.events.get(title="A Sudden Fog")


def test_the_demo_s_fog_limits_sight_to_8_and_no_other_event_does(user):
    campaign = demo(user)
    events = campaign.event_deck.events
    assert fog_of(campaign).sight_limit == 8
    assert events.exclude(sight_limit=None).count() == 1


def test_the_demo_s_fog_alone_moves_the_unseeing_toward_whom_they_last_saw(user):
    campaign = demo(user)
    events = campaign.event_deck.events
    assert list(events.filter(toward_last_seen=True)) == [fog_of(campaign)]


def test_export_carries_the_sight_limit_in_schema_6(user):
    exported = campaign_export(campaign=demo(user))
    fog = next(
        e for e in exported["event_deck"]["events"] if e["title"] == "A Sudden Fog"
    )
    assert (exported["schema_version"], fog["sight_limit"]) == (6, 8)


def test_a_version_5_file_imports_with_no_event_changing_sight(user):
    document = json.loads(DEMO.read_text())
    deck = document["event_deck"] | {
        "slug": "middle-earth-5",
        "events": [
            {k: v for k, v in e.items() if k != "sight_limit"}
            for e in document["event_deck"]["events"]
        ],
    }
    for event in deck["events"]:
        del event["toward_last_seen"]
    campaign = demo(user, schema_version=5, event_deck=deck)
    assert not campaign.event_deck.events.exclude(sight_limit=None).exists()
    assert not campaign.event_deck.events.filter(toward_last_seen=True).exists()


@pytest.mark.parametrize("limit", [0, 121])
def test_a_sight_limit_out_of_range_is_refused(user, limit):
    event = fog_of(demo(user))
    event.sight_limit = limit
    with pytest.raises(ValidationError, match="sight_limit"):
        event.full_clean()


def test_the_playtest_reads_the_event_s_sight_limit(user):
    campaign = demo(user)
    scene = campaign.scenes.order_by("order").first()
    limits = {
        e.title: (e.sight_limit, e.toward_last_seen) for e in playtest_events(scene)
    }
    assert limits["A Sudden Fog"] == (8, True)


def filled(data):
    for key in EVENT_KEYS:
        data[f"{key}_title"] = f"Event {key}"
        data[f"{key}_text"] = f"What {key} does."
    return data


def test_the_admin_saves_a_slot_s_sight_limit(admin_client):
    url = admin_url(EventDeck, "add")
    data = filled(page_form_data(admin_client.get(url)))
    data.update(name="Fogbound", slug="fogbound", KC_sight="8", KC_last_seen="on")
    response = admin_client.post(url, data)
    assert response.status_code == 302, errors_of(response)
    events = EventDeck.objects.get(slug="fogbound").events
    assert {e.card: e.sight_limit for e in events.exclude(sight_limit=None)} == {
        "KC": 8
    }
    assert [e.card for e in events.filter(toward_last_seen=True)] == ["KC"]


@pytest.mark.parametrize("given", ["0", "200", "fog"])
def test_the_admin_refuses_a_bad_sight_limit_and_saves_nothing(admin_client, given):
    url = admin_url(EventDeck, "add")
    data = filled(page_form_data(admin_client.get(url)))
    data.update(name="Fogbound", slug="fogbound", KC_sight=given)
    response = admin_client.post(url, data)
    assert response.status_code == 200
    assert "KC_sight" in response.context["adminform"].form.errors
    assert not EventDeck.objects.filter(slug="fogbound").exists()
