"""The result of a generated battle that scores exits (RULES §3.12, issue 30
part 5): a line for the characters that left by the scoring edge, checks that
agree with what the pack tells the player to tick, and a scattered horde
character recorded as the pack says."""

from __future__ import annotations

import hashlib
import json

import pytest
from django.core.exceptions import ValidationError

from campaigns.forms.result import ResultForm
from campaigns.models import Battle, CharacterOutcome, Setting
from campaigns.selectors.lineup import scene_lineup
from campaigns.selectors.result import (
    battle_result_rules,
    result_entry_rows,
)
from campaigns.services.battle_setup import _chosen_participants, battle_set_up
from campaigns.services.battle_setup_save import _generate
from campaigns.services.campaign_start import campaign_start
from campaigns.services.result_apply import result_apply
from campaigns.services.result_entry import (
    CharacterLine,
    ResultEntry,
    result_entry_clean,
)
from engines.enums import Scenario, Stance

pytestmark = pytest.mark.django_db


def _battle(user, scenario: Scenario) -> Battle:
    campaign = campaign_start(
        owner=user,
        name="Dust",
        setting=Setting.objects.get(slug="science-fiction"),
        paper_size="A4",
        start="starter",
    )
    scene = campaign.current_scene()
    lineup = scene_lineup(scene=scene)
    ids = lineup.default_participant_ids()
    players = _chosen_participants(lineup, ids)
    seed = next(
        s
        for s in range(1, 3000)
        if _generate(scene, lineup, Stance.RECON, players, [], s).scenario is scenario
    )
    return battle_set_up(scene=scene, stance="recon", participant_ids=ids, seed=seed)


@pytest.fixture
def skirmish(user) -> Battle:
    return _battle(user, Scenario.SKIRMISH)


@pytest.fixture
def pitched(user) -> Battle:
    return _battle(user, Scenario.PITCHED_BATTLE)


def _data(battle: Battle, **lines) -> dict:
    rows = result_entry_rows(battle=battle)
    by_name = {r.character.name: r.participant.pk for r in rows}
    return {
        "outcome": "draw",
        "end_reason": "objective",
        "player_victory_points": 2,
        "ai_victory_points": 2,
        "characters": {by_name[name]: values for name, values in lines.items()},
    }


def _names(battle: Battle, side: str) -> list[str]:
    return [
        r.character.name for r in result_entry_rows(battle=battle) if r.side == side
    ]


def _horde_name(battle: Battle) -> str:
    horde = battle.companies.get(doctrine="horde").company_id
    return next(
        r.character.name
        for r in result_entry_rows(battle=battle)
        if r.character.company_id == horde
    )


def test_a_skirmish_scores_exits_and_a_pitched_battle_does_not(skirmish, pitched):
    assert battle_result_rules(battle=skirmish).scores_exits
    assert not battle_result_rules(battle=pitched).scores_exits


def test_the_form_has_a_line_for_those_that_left_only_where_exits_score(
    skirmish, pitched
):
    def columns(battle):
        return ResultForm(
            battle=battle,
            rows=result_entry_rows(battle=battle),
            rules=battle_result_rules(battle=battle),
        ).columns

    assert "left_battle" in columns(skirmish)
    assert "left_battle" not in columns(pitched)


def test_a_character_that_left_is_recorded_and_not_lost(skirmish):
    name = _names(skirmish, "player")[0]
    result_apply(battle=skirmish, data=_data(skirmish, **{name: {"left_battle": True}}))
    outcome = CharacterOutcome.objects.get(
        result__battle=skirmish, participant__character__name=name
    )
    assert (outcome.left_battle, outcome.fallen, outcome.routed) == (True, False, False)


def test_left_and_fallen_at_once_is_refused(skirmish):
    name = _names(skirmish, "player")[0]
    data = _data(skirmish, **{name: {"left_battle": True, "fallen": True}})
    with pytest.raises(ValidationError) as refused:
        result_entry_clean(battle=skirmish, data=data)
    assert "neither fell nor routed" in str(refused.value)


def test_leaving_by_an_edge_where_nothing_scores_it_is_refused(pitched):
    name = _names(pitched, "player")[0]
    data = _data(pitched, **{name: {"left_battle": True}})
    with pytest.raises(ValidationError) as refused:
        result_entry_clean(battle=pitched, data=data)
    assert "scores nobody for leaving by an edge" in str(refused.value)


def test_everyone_left_is_not_last_character_lost(skirmish):
    """A side whose characters all left by the scoring edge was not lost."""
    lines = {n: {"left_battle": True} for n in _names(skirmish, "player")}
    data = _data(skirmish, **lines) | {"end_reason": "last_character_lost"}
    with pytest.raises(ValidationError) as refused:
        result_entry_clean(battle=skirmish, data=data)
    assert "one side lost every character" in str(refused.value)


def test_a_scattered_horde_character_ticked_routed_alone_is_accepted(skirmish):
    name = _horde_name(skirmish)
    entry = result_entry_clean(
        battle=skirmish, data=_data(skirmish, **{name: {"routed": True}})
    )
    assert any(line.routed for line in entry.lines)


def test_a_character_of_another_company_still_routs_only_with_its_side(skirmish):
    name = _names(skirmish, "player")[0]
    with pytest.raises(ValidationError) as refused:
        result_entry_clean(
            battle=skirmish, data=_data(skirmish, **{name: {"routed": True}})
        )
    assert f"{name} cannot have routed unless your side routed" in str(refused.value)


def test_nobody_leaving_hashes_as_before_the_line_existed():
    """A result applied before the form asked who left is still recognised."""
    line = CharacterLine(participant_id=1, fallen=True)
    entry = ResultEntry(outcome="draw", end_reason="objective", lines=(line,))
    before = {
        "outcome": "draw",
        "end_reason": "objective",
        "player_routed": False,
        "ai_routed": False,
        "player_victory_points": None,
        "ai_victory_points": None,
        "lines": [
            {
                "participant_id": 1,
                "wound_tokens": 0,
                "fallen": True,
                "routed": False,
                "carried_objective": False,
                "killed_outright": False,
            }
        ],
    }
    text = json.dumps(before, sort_keys=True, default=str)
    assert entry.fingerprint() == hashlib.sha256(text.encode()).hexdigest()


def test_a_line_with_someone_leaving_hashes_apart():
    plain = CharacterLine(participant_id=1)
    left = CharacterLine(participant_id=1, left_battle=True)
    assert (
        ResultEntry(
            outcome="draw", end_reason="objective", lines=(plain,)
        ).fingerprint()
        != ResultEntry(
            outcome="draw", end_reason="objective", lines=(left,)
        ).fingerprint()
    )
