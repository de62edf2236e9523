"""The pack prints a fixed scene's victory text as it is and nothing of its
ways to win (issue 31, item 6): the readiness panel, not the paper, is where a
builder learns of the data."""

from __future__ import annotations

import pytest

from campaigns.models import WayToWin
from campaigns.printing.battle_pack import battle_pack_html
from tests.campaigns.transfer_helpers import set_up

pytestmark = pytest.mark.django_db


def test_the_pack_prints_the_victory_text_and_no_way_to_win(demo_campaign):
    battle = set_up(demo_campaign, seed=2)
    ways = [way.to_engine() for way in WayToWin.objects.filter(scene=battle.scene)]
    html = battle_pack_html(battle)
    text = battle.scene.victory_conditions
    assert (
        text.split(".")[0] in html,
        [w.words() for w in ways if w.words() in html],
        "ways to win" in html.lower(),
    ) == (True, [], False)
