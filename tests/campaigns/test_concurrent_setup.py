"""Two simultaneous setups of one scene make one planned battle (any database)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from campaigns.models import Battle, BattleParticipant
from campaigns.services.battle_setup import battle_reroll, battle_set_up
from tests.campaigns.concurrency import concurrent_database, run_together
from tests.campaigns.setup_helpers import build_playable

pytestmark = [
    pytest.mark.django_db(transaction=True),
    concurrent_database(),
    pytest.mark.usefixtures("no_worker"),
]


def test_two_simultaneous_setups_make_one_planned_battle(campaign):
    playable = build_playable(campaign)
    ids = [c.pk for c in playable.players]

    def set_up(seed):
        return lambda: battle_set_up(
            scene=playable.scene, stance="attack", participant_ids=ids, seed=seed
        )

    results = run_together(set_up(1), set_up(2))
    battles = [r for r in results if isinstance(r, Battle)]
    errors = [r for r in results if isinstance(r, ValidationError)]
    assert (len(battles), len(errors)) == (1, 1)
    assert Battle.objects.filter(status="planned").count() == 1
    assert BattleParticipant.objects.count() == len(ids) + len(playable.ai)


def test_two_simultaneous_rerolls_count_both(campaign):
    playable = build_playable(campaign)
    battle = battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
        seed=1,
    )
    run_together(
        lambda: battle_reroll(battle=battle), lambda: battle_reroll(battle=battle)
    )
    battle.refresh_from_db()
    assert battle.times_rolled == 3
    assert len(battle.previous_setups) == 2
    assert battle.participants.count() == len(playable.players) + len(playable.ai)
