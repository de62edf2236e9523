"""Writes sent at once through the site answer every request: no 500, no
"database is locked", exactly one result applied (SQLite file and PostgreSQL)."""

from __future__ import annotations

import pytest
from django.test import Client

from campaigns.models import BattleResult, CampaignLogEntry
from campaigns.selectors.battles import battle_url as url
from campaigns.services.result_apply import result_apply
from tests.campaigns.concurrency import concurrent_database, run_together

pytestmark = [
    pytest.mark.django_db(transaction=True),
    concurrent_database(),
    pytest.mark.usefixtures("no_worker"),
]


def posting(user, path: str, data: dict | None = None):
    """A function that logs a fresh client in and POSTs (one tab each)."""

    def post() -> int:
        client = Client()
        client.force_login(user)
        return client.post(path, data or {}).status_code

    return post


def test_two_tabs_posting_different_results_get_answers_and_one_applies(skirmish, user):
    battle = skirmish.set_up()
    path = url("result_entry", battle)
    statuses = run_together(
        posting(user, path, {"outcome": "victory", "end_reason": "objective"}),
        posting(user, path, {"outcome": "defeat", "end_reason": "objective"}),
    )
    assert (sorted(statuses), BattleResult.objects.count()) == ([200, 302], 1)


def test_a_burst_of_rerolls_answers_every_request_and_counts_each(skirmish, user):
    battle = skirmish.set_up()
    statuses = run_together(*[posting(user, url("battle_reroll", battle))] * 6)
    battle.refresh_from_db()
    assert (statuses, battle.times_rolled) == ([302] * 6, 7)


def test_a_burst_of_reopens_and_results_leaves_one_consistent_state(
    skirmish, user, result_data
):
    """Reopen and re-submit racing, three each: every request is answered
    (redirect or the form again), and the battle ends either resolved with one
    result or planned with none."""
    battle = skirmish.set_up()
    result_apply(battle=battle, data=result_data(battle))
    data = {"outcome": "victory", "end_reason": "objective"}
    statuses = run_together(
        *[posting(user, url("result_reopen", battle))] * 3,
        *[posting(user, url("result_entry", battle), data)] * 3,
    )
    battle.refresh_from_db()
    results = BattleResult.objects.filter(battle=battle).count()
    assert set(statuses) <= {200, 302}
    assert (battle.status, results) in {("resolved", 1), ("planned", 0)}


def test_the_log_records_every_reroll_of_a_burst(skirmish, user):
    battle = skirmish.set_up()
    run_together(*[posting(user, url("battle_reroll", battle))] * 4)
    assert CampaignLogEntry.objects.filter(kind="reroll").count() == 4
