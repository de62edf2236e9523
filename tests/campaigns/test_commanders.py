"""A commander changed by hand: the chronicle's line and the history row read
as a player would say them."""

from __future__ import annotations

import pytest

from campaigns.models import CampaignLogEntry, CommanderChange
from campaigns.services.commanders import commander_change_by_hand

pytestmark = pytest.mark.django_db


def test_a_change_by_hand_is_told_in_words(campaign, make_commander, user):
    commander = make_commander(
        campaign, name="Aragorn", reputation="bold", rating="average"
    )
    commander_change_by_hand(
        commander=commander,
        reputation="rash",
        rating="average",
        reason="Story",
        user=user,
    )
    entry = CampaignLogEntry.objects.get(campaign=campaign, kind="admin")
    change = CommanderChange.objects.get(commander=commander)
    assert (entry.text, str(change)) == (
        "Aragorn's reputation moved from Bold to Rash (changed by hand: Story)",
        "Aragorn: reputation Bold → Rash",
    )
