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
from campaigns.services.table_log import table_entry_undo
from engines.table.moves import BeginRound, SelectAtRandom
from tests.campaigns.table_helpers import add, doctrine_battle, now, version

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle(campaign):
    table_cache._kept.clear()  # nothing kept from another test
    table_cache.FOLDED.clear()
    _, battle = doctrine_battle(campaign, "priority", seed=12)
    yield battle
    table_cache._kept.clear()
    table_cache.FOLDED.clear()


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


def selections(battle, n: int) -> None:
    """``n`` random selections between the first two characters."""
    keys = [f.key for f in now(battle)[0].fighters][:2]
    for _ in range(n):
        add(battle, SelectAtRandom(keys=keys, purpose="who"))


@override_settings(TABLE_CONTEXT_CACHE_S=60)
def test_the_kept_fold_follows_the_log_through_entries_and_undos(client, user, battle):
    """Read between entries and undos, the page built on the kept fold is the
    page built by folding the whole log afresh."""
    client.force_login(user)
    url = table_url(battle)
    add(battle, BeginRound(sightings={}))
    for step in ("add", "add", "undo", "add", "undo", "undo", "add", "add"):
        if step == "add":
            selections(battle, 3)
        else:
            table_entry_undo(battle=battle, version=version(battle))
        kept = client.get(url).context["page"]
        with override_settings(TABLE_CONTEXT_CACHE_S=0):
            assert client.get(url).context["page"] == kept, step


@override_settings(TABLE_CONTEXT_CACHE_S=60)
def test_a_long_log_costs_a_tap_no_more_queries_and_shows_its_last_lines(
    client, user, battle
):
    """The page's queries do not grow with the log; its main screen shows the
    last 20 lines and says where the whole log is."""
    client.force_login(user)
    url = table_url(battle)
    add(battle, BeginRound(sightings={}))
    selections(battle, 3)
    client.get(url)
    selections(battle, 1)
    short = queries_of(client, url)
    selections(battle, 60)
    client.get(url)
    selections(battle, 1)
    assert queries_of(client, url) == short
    page = client.get(url).context["page"]
    assert [line.number for line in page.log] == list(range(66, 46, -1))
    assert page.log_count == 66
    html = client.get(url).content.decode()
    assert "The last 20 of 66 entries." in html


def undo_before_the_last_deck_is_read(battle):
    """A database hook: once the page has read the log's entries, and just
    before it reads the last one's deck, another phone's undo takes that entry
    back (the club night's race)."""
    done = []

    def hook(execute, sql, params, many, context):
        deck_only = sql.startswith('SELECT "campaigns_tableentry"."deck" AS')
        if not done and deck_only:
            done.append(sql)
            table_entry_undo(battle=battle, version=version(battle))
        return execute(sql, params, many, context)

    hook.done = done
    return hook


@pytest.mark.parametrize("keep_s", [0, 60])
def test_an_undo_between_the_page_reading_the_log_and_its_last_deck(
    client, user, battle, keep_s
):
    """Another phone's undo lands after the page read the log's entries and
    before it read the last one's deck: the page is the log as it was read or
    as it is now, never a server error (a 500 in the PostgreSQL club night)."""
    client.force_login(user)
    url = table_url(battle)
    add(battle, BeginRound(sightings={}))
    selections(battle, 2)
    with override_settings(TABLE_CONTEXT_CACHE_S=keep_s):
        race = undo_before_the_last_deck_is_read(battle)
        with connection.execute_wrapper(race):
            response = client.get(url)
        assert race.done, "the undo did not land between the two reads"
        assert response.status_code == 200
        assert response.context["page"].log_count in (2, 3)
        with override_settings(TABLE_CONTEXT_CACHE_S=0):
            afresh = client.get(url).context["page"]
        assert client.get(url).context["page"] == afresh
        assert afresh.log_count == 2


def laptop_before_the_log_is_read(battle, write: str):
    """A database hook: once the page has read the battle, and just before it
    reads its log, a laptop discards the battle or rolls its set-up again."""
    from campaigns.models import Battle
    from campaigns.services.battle_discard import battle_discard
    from campaigns.services.battle_setup import battle_reroll

    done = []

    def hook(execute, sql, params, many, context):
        if not done and sql.startswith("SELECT") and '"campaigns_tablelog"' in sql:
            done.append(sql)
            fresh = Battle.objects.get(pk=battle.pk)
            if write == "discard":
                battle_discard(battle=fresh)
            else:
                battle_reroll(battle=fresh, seed=99)
        return execute(sql, params, many, context)

    hook.done = done
    return hook


@pytest.mark.parametrize("write", ["discard", "reroll"])
@pytest.mark.parametrize("keep_s", [0, 60])
@pytest.mark.parametrize("query", ["", "?do=people"])
def test_a_laptop_write_between_the_page_reading_the_battle_and_its_log(
    client, user, battle, keep_s, query, write
):
    """A laptop discards or re-rolls the battle while a phone's page is being
    built: the phone gets a page (as read, or as it is now) or the site's
    answer for a discarded battle, never a server error."""
    client.force_login(user)
    url = table_url(battle)
    add(battle, BeginRound(sightings={}))
    with override_settings(TABLE_CONTEXT_CACHE_S=keep_s):
        race = laptop_before_the_log_is_read(battle, write)
        with connection.execute_wrapper(race):
            response = client.get(url + query)
        assert race.done, "the laptop's write did not land between the two reads"
        assert response.status_code in (200, 404)
