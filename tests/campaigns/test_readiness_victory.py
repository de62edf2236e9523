"""The readiness panel flags a fixed scene's ways to win that cannot judge its
battle (issue 31, item 1), without stopping play: the players judge the prose."""

from __future__ import annotations

import pytest

from campaigns.models import Scene, WinCondition
from campaigns.selectors.readiness import campaign_readiness

pytestmark = pytest.mark.django_db


def _gaps(campaign) -> list[str]:
    return [gap.text for gap in campaign_readiness(campaign=campaign).gaps]


def test_a_side_without_a_way_is_flagged_and_play_goes_on(demo_campaign):
    bree = Scene.objects.get(campaign=demo_campaign, slug="bree")
    bree.ways_to_win.filter(side="ai").delete()
    readiness = campaign_readiness(campaign=demo_campaign)
    assert (_gaps(demo_campaign), readiness.blocks_play) == (
        ["“Bree”: No way to win for the AI side."],
        False,
    )


def test_a_round_past_a_shortened_battle_is_flagged(demo_campaign):
    wall = Scene.objects.get(campaign=demo_campaign, slug="the-deeping-wall-breached")
    WinCondition.objects.filter(way__scene=wall, kind="hold").update(
        when="round", round=6
    )
    Scene.objects.filter(pk=wall.pk).update(battle_length=4)
    assert _gaps(demo_campaign) == [
        "“The Deeping Wall Breached”, way to win 2: Round 6 is past the battle's "
        "end: it lasts 4 rounds.",
        "“The Deeping Wall Breached”, way to win 3: Round 6 is past the battle's "
        "end: it lasts 4 rounds.",
    ]


def test_an_empty_and_is_flagged(demo_campaign):
    moria = Scene.objects.get(campaign=demo_campaign, slug="moria")
    way = moria.ways_to_win.get(order=1)
    way.conditions.all().delete()
    assert _gaps(demo_campaign) == [
        "“Moria”, way to win 1: A way to win needs at least one condition (an empty "
        "“and”)."
    ]
