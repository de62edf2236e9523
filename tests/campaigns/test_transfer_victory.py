"""Ways to win travel with a campaign (issue 31, items 1 and 7): exported and
imported whole, a bad one refused by its path, and an older file, which has
none, imported with its fixed scenes flagged as lacking them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from campaigns.models import WayToWin, WinCondition
from campaigns.selectors.readiness import campaign_readiness
from campaigns.transfer import CampaignImportError, campaign_export, campaign_import

pytestmark = pytest.mark.django_db

DEMO = (
    Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "war_of_the_ring.json"
)


@pytest.fixture
def document() -> dict:
    return json.loads(DEMO.read_text())


def _import(document, user):
    return campaign_import(data=json.dumps(document).encode(), owner=user).campaign


def _refused(document, user) -> list[str]:
    with pytest.raises(CampaignImportError) as caught:
        _import(document, user)
    return caught.value.messages


def _ref(document, key, **match) -> int:
    return next(
        item["ref"]
        for item in document[key]
        if all(item[k] == v for k, v in match.items())
    )


def test_the_ways_to_win_travel_whole(document, user):
    campaign = _import(document, user)
    exported = campaign_export(campaign=campaign)
    assert (
        len(exported["ways_to_win"]),
        len(exported["win_conditions"]),
        WayToWin.objects.filter(scene__campaign=campaign).count(),
    ) == (len(document["ways_to_win"]), len(document["win_conditions"]), 39)


def test_a_condition_naming_a_character_of_another_scene_is_refused(document, user):
    hirgon = _ref(document, "characters", name="Hirgon")
    condition = document["win_conditions"][0]  # Bree's, Frodo leaving
    condition["character"] = hirgon
    messages = _refused(document, user)
    assert messages == [
        "win_conditions[0].character: Hirgon is not in this scene's companies."
    ]
    assert WinCondition.objects.count() == 0


def test_a_feature_of_another_scene_is_refused(document, user):
    bridge = _ref(document, "scene_features", name="The bridge")
    document["win_conditions"][0]["feature"] = bridge
    assert _refused(document, user) == [
        "win_conditions[0].feature: Name one of this scene's features."
    ]


def test_an_empty_and_is_refused(document, user):
    document["win_conditions"] = [
        c for c in document["win_conditions"] if c["way"] != 1
    ]
    assert _refused(document, user) == [
        "ways_to_win[0]: A way to win needs at least one condition (an empty “and”)."
    ]


def test_a_round_past_the_battle_s_end_is_refused(document, user):
    """The first hold is the west end of the Last Bridge: five rounds."""
    n, hold = next(
        (n, c) for n, c in enumerate(document["win_conditions"]) if c["kind"] == "hold"
    )
    hold.update({"when": "round", "round": 9})
    assert _refused(document, user) == [
        f"win_conditions[{n}].round: Round 9 is past the battle's end: it lasts 5 "
        "rounds."
    ]


def test_an_older_file_imports_and_its_fixed_scenes_are_flagged(document, user):
    older = {**document, "schema_version": 3}
    older.pop("ways_to_win")
    older.pop("win_conditions")
    older["scenes"] = [
        {k: v for k, v in s.items() if k not in ("time_out_winner", "rout_loses")}
        for s in document["scenes"]
    ]
    campaign = _import(older, user)
    readiness = campaign_readiness(campaign=campaign)
    flagged = [g for g in readiness.gaps if "no ways to win" in g.text]
    assert (len(flagged), readiness.blocks_play) == (18, False)


def test_two_ways_at_once_for_opposite_sides_import_with_a_notice(document, user):
    """Weathertop's players' way made "at once": the first listed wins, told."""
    weathertop = _ref(document, "scenes", slug="weathertop")
    player = next(
        w
        for w in document["ways_to_win"]
        if w["scene"] == weathertop and w["order"] == 1
    )
    player["at_once"] = True
    imported = campaign_import(data=json.dumps(document).encode(), owner=user)
    assert imported.notices == (
        "“Weathertop”: Ways 1 and 2 both end the battle at once, for opposite sides: "
        "if one event meets both, the first listed (way 1, the player side) wins.",
    )
