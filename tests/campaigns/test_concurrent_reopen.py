"""A reopen racing a re-submit leaves a consistent campaign (any database)."""

from __future__ import annotations

import pytest

from campaigns.models import Battle, BattleResult, CommanderChange, Effect
from campaigns.services.result_apply import result_apply
from campaigns.services.result_reopen import result_reopen
from tests.campaigns.concurrency import concurrent_database, run_together

pytestmark = [
    pytest.mark.django_db(transaction=True),
    concurrent_database(),
    pytest.mark.usefixtures("no_worker"),
]


def assert_consistent(skirmish, battle_pk: int, effects_when_applied: int) -> None:
    battle = Battle.objects.get(pk=battle_pk)
    has_result = BattleResult.objects.filter(battle=battle).exists()
    current = skirmish.campaign.current_scene()
    if has_result:
        assert battle.status == "resolved"
        assert Effect.objects.filter(battle=battle).count() == effects_when_applied
        assert current.slug == "parth-galen"
        changes = Effect.objects.filter(
            battle=battle, kind__in=["reputation", "rating"]
        )
        assert CommanderChange.objects.filter(battle=battle).count() == changes.count()
        assert CommanderChange.objects.count() == changes.count()
    else:
        assert battle.status == "planned"
        assert not Effect.objects.filter(battle=battle).exists()
        assert current.slug == "amon-hen"
        assert CommanderChange.objects.count() == 0


@pytest.mark.parametrize("outcome", ["victory", "defeat"])
def test_reopen_racing_a_resubmit_leaves_a_consistent_campaign(
    skirmish, result_data, outcome
):
    battle = skirmish.set_up()
    first = result_data(battle, "victory")
    result_apply(battle=battle, data=first)
    effects = Effect.objects.filter(battle=battle).count()
    again = result_data(battle, outcome)
    results = run_together(
        lambda: result_reopen(battle=battle),
        lambda: result_apply(battle=battle, data=again),
    )
    assert not [
        r for r in results if isinstance(r, Exception) and not hasattr(r, "messages")
    ]
    expected = effects if outcome == "victory" else None
    if expected is None:
        expected = Effect.objects.filter(battle=battle).count()
    assert_consistent(skirmish, battle.pk, expected)
