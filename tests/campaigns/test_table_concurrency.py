"""Two phones on one battle: taps sent at once never interleave in the log
(SQLite file and PostgreSQL)."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from campaigns.models import TableEntry, TableLog
from tests.campaigns.concurrency import concurrent_database, run_together
from tests.campaigns.table_helpers import doctrine_battle, version

pytestmark = [
    pytest.mark.django_db(transaction=True),
    concurrent_database(),
    pytest.mark.usefixtures("no_worker"),
]


def phone(user, battle, data: dict):
    """A phone (its own client) that sends one tap from the page it shows."""
    url = reverse(
        "campaigns:battle_table",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )

    def tap() -> tuple[int, bool]:
        """The status after the redirect, and whether the page says the log
        had changed (read from the page: template signals are shared by
        threads)."""
        client = Client()
        client.force_login(user)
        response = client.post(url, data, follow=True)
        stale = "Not recorded:"  # told as stale, here or from another phone
        return response.status_code, stale in response.text

    return tap


def positions(battle) -> list[int]:
    return list(
        TableEntry.objects.filter(log__battle=battle)
        .order_by("position")
        .values_list("position", flat=True)
    )


def test_two_phones_beginning_the_same_round_write_one_entry(campaign, user):
    _, battle = doctrine_battle(campaign, "priority")
    data = {"action": "begin", "version": 0}
    results = run_together(phone(user, battle, data), phone(user, battle, data))
    stale = [told for _status, told in results if told]
    assert (
        sorted(status for status, _ in results),
        positions(battle),
        len(stale),
    ) == ([200, 200], [0], 1)


def test_phones_tapping_from_the_same_page_keep_one_entry_each_in_order(campaign, user):
    """Four taps sent at once from a page at the same version: one is kept, the
    others are told the log changed; the positions have no gap."""
    _, battle = doctrine_battle(campaign, "priority")
    phone(user, battle, {"action": "begin", "version": 0})()
    at = version(battle)
    taps = [
        phone(
            user,
            battle,
            {"action": "tap", "version": at, "tap": "wound", "key": f"p{n}"},
        )
        for n in range(1, 5)
    ]
    run_together(*taps)
    log = TableLog.objects.get(battle=battle)
    assert (positions(battle), log.version) == ([0, 1], at + 1)


def test_an_undo_and_a_tap_sent_at_once_do_not_both_happen(campaign, user):
    _, battle = doctrine_battle(campaign, "priority")
    phone(user, battle, {"action": "begin", "version": 0})()
    at = version(battle)
    run_together(
        phone(user, battle, {"action": "undo", "version": at}),
        phone(
            user,
            battle,
            {"action": "tap", "version": at, "tap": "wound", "key": "p1"},
        ),
    )
    assert positions(battle) in ([], [0, 1])
