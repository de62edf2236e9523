"""campaign_steps (RULES §6.5): only the latest step — a resolved battle or a
rest — can be taken back, and only once every battle set up after it is
discarded; each refusal says why in one line."""

from __future__ import annotations

import pytest

from campaigns.models import Battle, CampaignLogEntry, Effect, Scene
from campaigns.selectors.steps import StepKind, campaign_steps
from campaigns.services.battle_discard import battle_discard
from campaigns.services.result_apply import result_apply
from campaigns.services.result_reopen import result_reopen
from campaigns.services.scene_rest import rest_undo, scene_rest

pytestmark = pytest.mark.django_db


def steps(skirmish):
    return campaign_steps(campaign_id=skirmish.campaign.pk)


@pytest.fixture
def resolved(skirmish, result_data) -> Battle:
    battle = skirmish.set_up()
    result_apply(battle=battle, data=result_data(battle))
    battle.refresh_from_db()
    return battle


@pytest.fixture
def sanctuary(skirmish) -> Scene:
    """Parth Galen is a sanctuary."""
    Scene.objects.filter(pk=skirmish.next_scene.pk).update(
        kind="sanctuary", scenario_mode="generate", custom_scenario_name=""
    )
    skirmish.next_scene.refresh_from_db()
    return skirmish.next_scene


def test_a_new_campaign_has_no_step_to_take_back(skirmish):
    assert steps(skirmish).latest is None


def test_the_latest_result_is_the_latest_step(skirmish, resolved):
    assert steps(skirmish).latest.battle == resolved


def test_the_latest_result_can_be_reopened(skirmish, resolved):
    assert steps(skirmish).reopen(resolved).allowed


def test_a_battle_set_up_since_blocks_reopening_until_discarded(skirmish, resolved):
    planned = skirmish.set_up()
    blocked = steps(skirmish).reopen(resolved)
    battle_discard(battle=planned)
    assert (blocked.reason, steps(skirmish).reopen(resolved).allowed) == (
        "Battle 2 has been set up since battle 1: discard it first to step back.",
        True,
    )


def test_an_older_result_names_the_step_to_take_back_first(
    skirmish, resolved, result_data
):
    newer = skirmish.set_up()
    result_apply(battle=newer, data=result_data(newer))
    assert steps(skirmish).reopen(resolved).reason == (
        "Only the latest step can be taken back, and battle 2 (Parth Galen) came "
        "after this battle: reopen its result first."
    )


def test_a_planned_battle_has_no_result_to_reopen(skirmish):
    battle = skirmish.set_up()
    assert steps(skirmish).reopen(battle).reason == (
        "Battle 1 has no result to reopen."
    )


def test_a_rest_after_the_battle_is_the_latest_step(skirmish, resolved, sanctuary):
    scene_rest(scene=sanctuary)
    latest = steps(skirmish).latest
    assert (latest.kind, latest.scene) == (StepKind.REST, sanctuary)


def test_a_rest_blocks_reopening_the_battle_before_it(skirmish, resolved, sanctuary):
    scene_rest(scene=sanctuary)
    assert steps(skirmish).reopen(resolved).reason == (
        "Only the latest step can be taken back, and the rest at Parth Galen came "
        "after this battle: undo it first."
    )


def test_undoing_the_rest_lets_the_battle_before_it_be_reopened(
    skirmish, resolved, sanctuary
):
    scene_rest(scene=sanctuary)
    rest_undo(scene=sanctuary)
    assert steps(skirmish).reopen(resolved).allowed


def test_a_reopened_result_applied_again_is_the_latest_step_again(
    skirmish, resolved, result_data
):
    result_reopen(battle=resolved)
    result_apply(battle=resolved, data=result_data(resolved, "defeat"))
    assert steps(skirmish).latest.battle == resolved


def test_a_rest_whose_changes_were_not_recorded_cannot_be_undone(
    skirmish, resolved, sanctuary
):
    """A rest taken before rests were recorded (or imported) says so."""
    scene_rest(scene=sanctuary)
    Effect.objects.filter(rest_scene=sanctuary).delete()
    sanctuary.refresh_from_db()
    assert (
        "its changes were not recorded" in steps(skirmish).undo_rest(sanctuary).reason
    )


def test_a_battle_without_a_log_falls_back_on_its_time(skirmish, resolved):
    """Battles resolved by hand, with no campaign log: the latest by time."""
    CampaignLogEntry.objects.all().delete()
    assert steps(skirmish).latest.battle == resolved


def test_the_waiting_battles_are_listed_by_number(skirmish):
    battle = skirmish.set_up()
    assert steps(skirmish).waiting == (battle,)


def test_reading_the_steps_takes_two_queries(
    skirmish, resolved, django_assert_num_queries
):
    with django_assert_num_queries(2):
        steps(skirmish)
