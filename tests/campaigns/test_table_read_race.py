"""The table page read while a laptop changes the battle: between any two of
the page's queries a laptop discards it, re-rolls it, records its result or a
phone takes back the last tap. The page is the page (as it stood, or as it
stands) or the site's 404 for a discarded battle: never a server error.

The club night's 500 on ``/battles/<id>/table/?do=people`` (PostgreSQL): the
battle was discarded half-way through the page's reads, leaving a context with
fighters but no company (``StopIteration`` in the round's begin preview).
"""

from __future__ import annotations

import traceback

import pytest
from django.db import connection
from django.test import override_settings
from django.urls import reverse

from campaigns.models import Battle
from campaigns.selectors.table_cache import FOLDED
from campaigns.services.battle_discard import battle_discard
from campaigns.services.battle_setup import battle_reroll
from campaigns.services.result_apply import result_apply
from campaigns.services.table_log import table_entry_undo
from tests.campaigns.table_helpers import doctrine_battle, version

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("no_worker"),
]

PAGE_QUERIES_MOST = 20
"""More than the table page ever makes (13 today): every gap is tried."""


def _change(name: str, result_data):
    def fresh(battle: Battle) -> Battle:
        return Battle.objects.get(pk=battle.pk)

    return {
        "discard": lambda b: battle_discard(battle=fresh(b)),
        "reroll": lambda b: battle_reroll(battle=fresh(b), seed=99),
        "undo": lambda b: table_entry_undo(battle=fresh(b), version=version(b)),
        "result": lambda b: result_apply(battle=fresh(b), data=result_data(fresh(b))),
    }[name]


def _read_with_change_after(client, url: str, after: int, change) -> tuple[bool, str]:
    """GET ``url`` with ``change`` committed right after the page's query
    number ``after``: (whether the page made that many queries, the failure)."""
    seen = {"queries": 0, "busy": False, "done": False}

    def wrapper(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if not seen["busy"] and not seen["done"]:
            seen["queries"] += 1
            if seen["queries"] == after:
                seen["busy"] = True
                try:
                    change()
                finally:
                    seen["busy"], seen["done"] = False, True
        return result

    with connection.execute_wrapper(wrapper):
        try:
            status = client.get(url).status_code
        except Exception as error:  # noqa: BLE001 - the failure is the finding
            return seen["done"], "".join(traceback.format_exception(error))[-1200:]
    return seen["done"], "" if status in (200, 404) else f"status {status}"


@pytest.mark.parametrize("cache_s", [0, 20], ids=["uncached", "cached"])
@pytest.mark.parametrize("screen", ["", "?do=people"], ids=["main", "people"])
@pytest.mark.parametrize("change", ["discard", "reroll", "undo", "result"])
def test_the_table_page_read_across_a_change_is_a_page_or_the_404(
    make_campaign, user, client, result_data, change, screen, cache_s
):
    client.force_login(user)
    client.raise_request_exception = True
    failures, tried = [], 0
    with override_settings(TABLE_CONTEXT_CACHE_S=cache_s):
        for after in range(1, PAGE_QUERIES_MOST + 1):
            FOLDED.clear()
            campaign = make_campaign(owner=user, name=f"Race {after}", slug=f"r{after}")
            _, battle = doctrine_battle(campaign, "priority")
            url = reverse(
                "campaigns:battle_table",
                kwargs={"slug": campaign.slug, "battle_id": battle.pk},
            )
            client.post(url, {"action": "begin", "version": 0})
            client.get(url + screen)  # as the phone saw it a tap ago
            do = _change(change, result_data)
            happened, failure = _read_with_change_after(
                client, url + screen, after, lambda b=battle, do=do: do(b)
            )
            if not happened:
                break  # past the page's last query: every gap was tried
            tried += 1
            if failure:
                failures.append((after, failure))
    assert tried >= 5  # the page's reads were interleaved, not skipped
    assert failures == []
