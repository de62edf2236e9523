"""The table page's tests once more with the table-context cache on, as in
production (TABLE_CONTEXT_CACHE_S = 20; the test settings keep it off): the
page, its POSTs and the forged ones refused read the same with the context and
the folded log kept between requests."""

from __future__ import annotations

import pytest

from campaigns.selectors import table_cache
from tests.campaigns.test_table_legal import *  # noqa: F403
from tests.campaigns.test_table_views import *  # noqa: F403


@pytest.fixture(autouse=True)
def cache_on(settings):
    settings.TABLE_CONTEXT_CACHE_S = 20
    table_cache._kept.clear()
    table_cache.FOLDED.clear()
    yield
    table_cache._kept.clear()
    table_cache.FOLDED.clear()


# Kept between reads, a longer log's page reads no more than a short one's (the
# cold-read count, the same for both, is the uncached test's).
del test_the_pages_reading_the_log_make_as_many_queries_for_a_long_log  # noqa: F821


@pytest.mark.parametrize("name", ["battle_table", "battle_detail", "result_entry"])
def test_a_long_logs_page_reads_no_more_with_the_cache_on(client, user, world, name):
    _, battle, _ = world
    client.force_login(user)
    add(battle, BeginRound(sightings={}))  # noqa: F405
    url = reverse(  # noqa: F405
        f"campaigns:{name}",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )
    grow(battle, 2)  # noqa: F405
    short = count(client, url)  # noqa: F405
    grow(battle, 37)  # noqa: F405
    long = count(client, url)  # noqa: F405
    assert long <= min(short, 15), (short, long)
