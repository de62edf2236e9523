"""Two requests for a playtest of one scene at once run one (issue 32 item 5)."""

from __future__ import annotations

import pytest

from campaigns.models import PlaytestReport
from campaigns.services.playtest import PlaytestAsked, playtest_ask
from tests.campaigns.concurrency import concurrent_database, run_together
from tests.campaigns.setup_helpers import build_playable

pytestmark = [
    pytest.mark.django_db(transaction=True),
    concurrent_database(),
    pytest.mark.usefixtures("no_worker"),
]


def test_two_simultaneous_requests_run_one_playtest(campaign):
    playable = build_playable(campaign)
    ids = [c.pk for c in playable.players]

    def ask(seed):
        return lambda: playtest_ask(
            scene=playable.scene,
            stance="attack",
            participant_ids=ids,
            battles=10,
            seed=seed,
            user=None,
        )

    results = run_together(ask(1), ask(2))
    assert all(isinstance(r, PlaytestAsked) for r in results), results
    assert sorted(r.started for r in results) == [False, True]
    assert PlaytestReport.objects.filter(status="queued").count() == 1
