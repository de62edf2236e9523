"""The table page's start of a round: it asks what the engine's begin walk
asks (only what can change who goes first, one question at a time, the first
yes settling it), and then offers every AI character still to act while the
order is picked as the round goes."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import Battle, TableEntry
from engines.table.begin import begin_walk
from tests.campaigns.table_helpers import doctrine_battle, now, version

pytestmark = pytest.mark.django_db


def table_url(battle: Battle) -> str:
    return reverse(
        "campaigns:battle_table",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )


def asked_on_page(client, url: str) -> str | None:
    """The key the page's "Does it see an enemy?" asks about (None: none)."""
    page = client.get(url).content.decode()
    if 'id="q-sees"' not in page:
        assert "Begin round" in page
        return None
    return page.split('type="submit" name="seen-', 1)[1].split('"', 1)[0]


@pytest.mark.parametrize("seed", [3, 5, 12])
def test_the_page_asks_what_the_walk_asks_and_begins_at_the_first_yes(
    client, user, campaign, seed
):
    _, battle = doctrine_battle(campaign, "priority", seed=seed)
    client.force_login(user)
    context, state, _ = now(battle)
    seen: dict[str, bool] = {}
    url = table_url(battle)
    while True:
        walk = begin_walk(context, state, seen=seen)
        key = asked_on_page(client, url)
        assert key == (None if walk.ask is None else walk.ask.key)
        data = {"action": "begin", "version": version(battle), "orders": "1"}
        data |= {f"seen-{k}": "yes" if v else "no" for k, v in seen.items()}
        if key is None:
            client.post(table_url(battle), data)
            break
        # No to the first asked, yes to the second: the walk stops there.
        answer = bool(seen)
        data[f"seen-{key}"] = "yes" if answer else "no"
        response = client.post(table_url(battle), data)
        seen[key] = answer
        if answer or begin_walk(context, state, seen=seen).ask is None:
            break
        # A "No" that leaves another question comes back to it, writing nothing.
        assert TableEntry.objects.filter(log__battle=battle).count() == 0
        assert "seen-" in response.url
        url = response.url
    entry = TableEntry.objects.get(log__battle=battle)
    assert entry.kind == "round"
    assert entry.data["order"] == []
    assert entry.data["inputs"]["sightings"] == {
        k: {"sees": v} for k, v in seen.items()
    }
    if seen:
        assert entry.data["initiative"]["first"] == (
            "ai" if any(seen.values()) else "player"
        )


def test_the_page_offers_every_ai_character_still_to_act(client, user, campaign):
    _, battle = doctrine_battle(campaign, "priority", seed=12)
    client.force_login(user)
    context, state, _ = now(battle)
    walk = begin_walk(context, state, seen={})
    data = {"action": "begin", "version": version(battle), "orders": "1"}
    if walk.ask is not None:
        data[f"seen-{walk.ask.key}"] = "yes"
    client.post(table_url(battle), data)
    if now(battle)[1].question().phase == "choose":
        client.post(
            table_url(battle),
            {"action": "first", "first": "ai", "version": version(battle)},
        )
    page = client.get(table_url(battle)).content.decode()
    assert "Which AI character goes next?" in page
    for fighter in now(battle)[1].fighters_on_table(context, context.fighters[-1].side):
        assert f"who={fighter.key}" in page
