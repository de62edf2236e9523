"""The battle setup service (RULES §3 through the engine, saved in one transaction)."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core.exceptions import ValidationError

from campaigns.models import (
    Battle,
    BattleCompany,
    BattleParticipant,
    CampaignLogEntry,
    PersistingWound,
)
from campaigns.services import battle_setup as service
from tests.campaigns.setup_helpers import build_playable

pytestmark = pytest.mark.django_db


@pytest.fixture
def playable(campaign):
    return build_playable(campaign)


def set_up(playable, **kwargs):
    kwargs.setdefault("stance", "attack")
    kwargs.setdefault("participant_ids", [c.pk for c in playable.players])
    return service.battle_set_up(scene=playable.scene, **kwargs)


def nothing_saved() -> bool:
    return not (
        Battle.objects.exists()
        or BattleParticipant.objects.exists()
        or BattleCompany.objects.exists()
        or CampaignLogEntry.objects.exists()
    )


def error_of(excinfo) -> str:
    return " ".join(excinfo.value.messages)


def test_setup_saves_a_planned_battle_with_its_dice_log(playable):
    battle = set_up(playable, seed=11)
    assert battle.status == "planned"
    assert battle.setup_seed == 11
    assert battle.dice_log[0]["purpose"].startswith("AI stance")
    assert battle.scenario_name


def test_setup_records_every_participant_player_side_first_in_card_order(playable):
    battle = set_up(playable, seed=3)
    names = list(
        battle.participants.order_by("order").values_list("character__name", flat=True)
    )
    assert names == [
        "Frodo",
        "Sam",
        "Merry",
        "Pippin",
        "Strider",
        "Boromir",
        "Witch-king",
        "Khamûl",
        "Third Rider",
    ]


def test_setup_stores_each_ai_company_doctrine_and_horde_starting_mode(playable):
    playable.ai_company.default_doctrine = "horde"
    playable.ai_company.save()
    playable.scene.horde_start_mode = "frenzy"
    playable.scene.save()
    battle = set_up(playable, seed=3)
    company = battle.companies.get(company=playable.ai_company)
    assert (company.doctrine, company.starting_mode) == ("horde", "frenzy")


def test_scene_doctrine_override_wins_over_company_default(playable):
    playable.scene.scene_companies.filter(side="ai").update(doctrine_override="deck")
    battle = set_up(playable, seed=3)
    assert battle.companies.get(company=playable.ai_company).doctrine == "deck"


def test_same_seed_gives_the_same_battle(playable):
    first = set_up(playable, seed=1234, scout_ids=[playable.players[4].pk])
    kept = (first.setup_data, first.dice_log, first.scenario_name)
    first.delete()
    again = set_up(playable, seed=1234, scout_ids=[playable.players[4].pk])
    assert (again.setup_data, again.dice_log, again.scenario_name) == kept


def test_different_seeds_can_give_different_logs(playable):
    logs = set()
    for seed in range(6):
        battle = set_up(playable, seed=seed)
        logs.add(str(battle.dice_log))
        battle.delete()
    assert len(logs) > 1


def test_too_many_scouts_is_refused_and_saves_nothing(playable):
    with pytest.raises(ValidationError) as excinfo:
        set_up(playable, scout_ids=[c.pk for c in playable.players[:3]])
    assert "at most 2 allowed for 6" in error_of(excinfo)
    assert nothing_saved()


def test_scout_who_does_not_take_part_is_refused(playable):
    with pytest.raises(ValidationError) as excinfo:
        set_up(
            playable,
            participant_ids=[c.pk for c in playable.players[:3]],
            scout_ids=[playable.players[5].pk],
        )
    assert "must be one of the characters taking part" in error_of(excinfo)
    assert nothing_saved()


def test_dead_character_cannot_fight(playable):
    playable.players[0].alive = False
    playable.players[0].save()
    with pytest.raises(ValidationError) as excinfo:
        set_up(playable)
    assert "Frodo (dead)" in error_of(excinfo)
    assert nothing_saved()


def test_unfit_flagged_character_cannot_fight(playable):
    playable.players[1].unfit_next_battle = True
    playable.players[1].save()
    with pytest.raises(ValidationError) as excinfo:
        set_up(playable)
    assert "Sam (unfit" in error_of(excinfo)
    assert nothing_saved()


def test_character_whose_open_wounds_fill_every_slot_cannot_fight(playable):
    frodo = playable.players[0]
    for _ in range(frodo.wound_slots):
        PersistingWound.objects.create(character=frodo, name="Morgul-blade wound")
    with pytest.raises(ValidationError) as excinfo:
        set_up(playable)
    assert "open wounds fill every wound slot" in error_of(excinfo)


def test_nobody_on_the_player_side_is_refused(playable):
    with pytest.raises(ValidationError) as excinfo:
        set_up(playable, participant_ids=[])
    assert "at least one character" in error_of(excinfo)
    assert nothing_saved()


def test_nobody_on_the_ai_side_is_refused(playable):
    for character in playable.ai:
        character.alive = False
        character.save()
    with pytest.raises(ValidationError) as excinfo:
        set_up(playable)
    assert "Nobody can fight on the AI side" in error_of(excinfo)
    assert nothing_saved()


def test_character_of_another_company_is_refused(playable):
    with pytest.raises(ValidationError) as excinfo:
        set_up(playable, participant_ids=[playable.ai[0].pk])
    assert "Only the player's characters" in error_of(excinfo)


def test_scene_that_is_not_current_is_refused(playable):
    playable.scene.status = "pending"
    playable.scene.save()
    with pytest.raises(ValidationError) as excinfo:
        set_up(playable)
    assert "not the campaign's current scene" in error_of(excinfo)
    assert nothing_saved()


def test_sanctuary_is_not_set_up_as_a_battle(campaign):
    playable = build_playable(campaign, kind="sanctuary")
    with pytest.raises(ValidationError) as excinfo:
        set_up(playable)
    assert "not fought as a battle" in error_of(excinfo)


def test_scene_with_a_planned_battle_is_refused(playable):
    set_up(playable, seed=1)
    with pytest.raises(ValidationError) as excinfo:
        set_up(playable, seed=2)
    assert "already has a planned battle" in error_of(excinfo)
    assert Battle.objects.count() == 1


def test_failure_half_way_leaves_nothing(playable):
    with mock.patch.object(service, "_save_lineup", side_effect=RuntimeError("boom")):
        with pytest.raises(RuntimeError):
            set_up(playable, seed=5)
    assert nothing_saved()


def test_fixed_scenario_scene_skips_the_generator(campaign):
    playable = build_playable(
        campaign,
        scenario_mode="fixed",
        custom_scenario_name="Hold the hilltop",
        custom_scenario_setup="The hobbits start in the ring of stones.",
    )
    battle = set_up(playable, stance="defend", seed=9)
    assert battle.dice_log == []
    assert battle.scenario_name == "Hold the hilltop"
    assert "ring of stones" in battle.setup_text
    assert battle.ai_stance == ""


def test_fixed_named_scenario_keeps_its_rules_name(campaign):
    playable = build_playable(campaign, scenario_mode="fixed", fixed_scenario="Siege")
    battle = set_up(playable, seed=9)
    assert (battle.scenario, battle.dice_log) == ("Siege", [])


def test_fixed_scenario_scene_refuses_scouts(campaign):
    playable = build_playable(
        campaign, scenario_mode="fixed", fixed_scenario="Pitched Battle"
    )
    with pytest.raises(ValidationError) as excinfo:
        set_up(playable, scout_ids=[playable.players[0].pk])
    assert "fixed scenario" in error_of(excinfo)


def test_coop_players_are_saved_in_order_of_first_appearance(playable):
    coop = {playable.players[0].pk: "Ann", playable.players[1].pk: "Bo"}
    coop |= {c.pk: "Ann" for c in playable.players[2:]}
    battle = set_up(playable, seed=2, coop_players=coop)
    assert battle.coop_players == ["Ann", "Bo"]
    assert battle.participants.get(character=playable.players[1]).coop_player == "Bo"


def test_seed_out_of_range_is_refused(playable):
    with pytest.raises(ValidationError) as excinfo:
        set_up(playable, seed=-1)
    assert "seed" in error_of(excinfo)


def test_setup_writes_a_campaign_log_entry(playable):
    battle = set_up(playable, seed=4)
    entry = CampaignLogEntry.objects.get()
    assert (entry.kind, entry.battle) == ("setup", battle)


def test_reroll_counts_and_keeps_the_old_setup(playable):
    battle = set_up(playable, seed=21)
    old = (battle.setup_seed, battle.setup_data)
    battle = service.battle_reroll(battle=battle, seed=22)
    assert battle.times_rolled == 2
    assert (
        battle.previous_setups[0]["seed"],
        battle.previous_setups[0]["setup"],
    ) == old
    assert battle.setup_seed == 22


def test_reroll_twice_counts_three_rolls_and_logs_each(playable):
    battle = set_up(playable, seed=1)
    service.battle_reroll(battle=battle)
    battle = service.battle_reroll(battle=battle)
    assert battle.times_rolled == 3
    assert CampaignLogEntry.objects.filter(kind="reroll").count() == 2


def test_reroll_keeps_participants_and_scouts(playable):
    scout = playable.players[4]
    battle = set_up(playable, seed=1, scout_ids=[scout.pk])
    battle = service.battle_reroll(battle=battle, seed=99)
    assert battle.participants.filter(side="player").count() == 6
    assert battle.participants.get(character=scout).scout


def test_reroll_of_a_resolved_battle_is_refused(playable):
    battle = set_up(playable, seed=1)
    Battle.objects.filter(pk=battle.pk).update(status="resolved")
    with pytest.raises(ValidationError) as excinfo:
        service.battle_reroll(battle=battle)
    assert "Only a planned battle" in error_of(excinfo)
