"""The table context kept between two decisions (campaigns/selectors/table_cache.py)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from campaigns.models import Character
from campaigns.selectors import table_cache
from campaigns.selectors.table_cache import table_context_kept
from tests.campaigns.table_helpers import doctrine_battle, version

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle(campaign):
    table_cache._kept.clear()  # nothing kept from another test
    _, battle = doctrine_battle(campaign, "priority", seed=12)
    yield battle
    table_cache._kept.clear()


def table_url(battle) -> str:
    return reverse(
        "campaigns:battle_table",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )


def queries_of(client, url: str) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


@override_settings(TABLE_CONTEXT_CACHE_S=60)
def test_a_second_tap_at_the_same_version_reads_no_context(client, user, battle):
    """Between two decisions the page's second read of the same battle takes
    fewer queries (the context is kept), and shows the same page."""
    client.force_login(user)
    url = table_url(battle)
    first = queries_of(client, url)
    second = queries_of(client, url)
    assert second < first
    kept = client.get(url).context["page"]
    with override_settings(TABLE_CONTEXT_CACHE_S=0):
        assert client.get(url).context["page"] == kept


@override_settings(TABLE_CONTEXT_CACHE_S=60)
def test_a_decision_reads_the_battle_afresh(client, user, battle):
    """A decision moves the log's version on: the next page reads the context
    again, so a character renamed meanwhile shows under its new name."""
    client.force_login(user)
    url = table_url(battle)
    client.get(url)
    fighter = battle.participants.order_by("order").first().character
    Character.objects.filter(pk=fighter.pk).update(name="Renamed Rook")
    assert "Renamed Rook" not in client.get(url + "?do=people").content.decode()
    response = client.post(url, {"action": "begin", "version": version(battle)})
    assert response.status_code == 302
    assert "Renamed Rook" in client.get(url + "?do=people").content.decode()


@override_settings(TABLE_CONTEXT_CACHE_S=0)
def test_with_no_time_kept_every_read_is_afresh(battle):
    """TABLE_CONTEXT_CACHE_S = 0 keeps nothing: two reads are two contexts."""
    one = table_context_kept(battle=battle, seed=battle.setup_seed, version=0)
    two = table_context_kept(battle=battle, seed=battle.setup_seed, version=0)
    assert one == two
    assert one is not two


@override_settings(TABLE_CONTEXT_CACHE_S=60)
def test_a_re_rolled_battle_is_another_key(battle):
    """A battle saved again (re-roll, result) is read afresh."""
    one = table_context_kept(battle=battle, seed=battle.setup_seed, version=0)
    assert table_context_kept(battle=battle, seed=battle.setup_seed, version=0) is one
    battle.save()
    assert (
        table_context_kept(battle=battle, seed=battle.setup_seed, version=0) is not one
    )
