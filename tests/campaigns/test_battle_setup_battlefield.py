"""Setup reads the scene's battlefield: who may take part, deployment, arrivals,
terrain, and stores the battle's battlefield with its setup."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from campaigns.forms.battle_setup import BattleSetupForm
from campaigns.models import Battle, Objective, SceneCompany, SceneFeature
from campaigns.selectors.lineup import scene_lineup
from campaigns.services import battle_setup as service
from engines.battlefield import Battlefield
from tests.campaigns.setup_helpers import build_playable

pytestmark = pytest.mark.django_db


@pytest.fixture
def playable(campaign):
    return build_playable(campaign)


def _entry(playable, side="player") -> SceneCompany:
    company = playable.player_company if side == "player" else playable.ai_company
    return SceneCompany.objects.get(scene=playable.scene, company=company)


def _allow(playable, *names):
    entry = _entry(playable)
    entry.allowed_characters.set([c for c in playable.players if c.name in names])
    return entry


def _set_up(playable, names, **kwargs):
    ids = [c.pk for c in playable.players if c.name in names]
    kwargs.setdefault("stance", "attack")
    return service.battle_set_up(
        scene=playable.scene, participant_ids=ids, seed=1, **kwargs
    )


def _field(battle: Battle) -> Battlefield:
    return Battlefield.from_data(battle.setup_data["battlefield"])


def test_a_forbidden_character_is_refused_with_the_scene_s_rule(playable):
    _allow(playable, "Frodo", "Sam")
    with pytest.raises(ValidationError) as caught:
        _set_up(playable, ["Frodo", "Boromir"])
    assert caught.value.message_dict["participants"] == [
        "Boromir cannot take part in Weathertop. Fellowship: Only Frodo, Sam may "
        "take part."
    ]


def test_a_forbidden_character_saves_nothing(playable):
    _allow(playable, "Frodo")
    with pytest.raises(ValidationError):
        _set_up(playable, ["Frodo", "Sam"])
    assert not Battle.objects.exists()


def test_the_allowed_characters_take_part(playable):
    _allow(playable, "Frodo", "Sam")
    battle = _set_up(playable, ["Frodo", "Sam"])
    names = set(
        battle.participants.filter(side="player").values_list(
            "character__name", flat=True
        )
    )
    assert names == {"Frodo", "Sam"}


def test_more_than_the_scene_s_most_is_refused(playable):
    entry = _entry(playable)
    entry.max_characters = 2
    entry.save()
    with pytest.raises(ValidationError, match="At most 2 of Fellowship"):
        _set_up(playable, ["Frodo", "Sam", "Merry"])


def test_fewer_than_the_scene_s_least_is_refused(playable):
    entry = _entry(playable)
    entry.min_characters = 3
    entry.save()
    with pytest.raises(ValidationError, match="At least 3 of Fellowship"):
        _set_up(playable, ["Frodo", "Sam"])


def test_the_ai_side_takes_only_the_allowed_up_to_its_most(playable):
    entry = _entry(playable, "ai")
    entry.allowed_characters.set(playable.ai[1:])
    entry.max_characters = 1
    entry.save()
    battle = _set_up(playable, ["Frodo"])
    ai = list(
        battle.participants.filter(side="ai").values_list("character__name", flat=True)
    )
    assert ai == ["Khamûl"]


def test_an_ai_company_short_of_its_least_is_refused(playable):
    entry = _entry(playable, "ai")
    entry.min_characters = 3
    entry.save()
    playable.ai[0].alive = False
    playable.ai[0].save()
    with pytest.raises(ValidationError, match="Ringwraiths needs at least 3"):
        _set_up(playable, ["Frodo"])


def test_the_form_offers_only_the_allowed_and_ticks_up_to_the_most(playable):
    entry = _allow(playable, "Frodo", "Sam", "Merry")
    entry.max_characters = 2
    entry.save()
    form = BattleSetupForm(lineup=scene_lineup(scene=playable.scene))
    chosen = {label for _, label in form.fields["participants"].choices}
    ticked = len(form.fields["participants"].initial)
    assert (chosen, ticked) == ({"Frodo", "Sam", "Merry"}, 2)


def test_the_form_says_the_scene_s_limits(playable):
    entry = _allow(playable, "Frodo", "Sam")
    entry.max_characters = 1
    entry.save()
    form = BattleSetupForm(lineup=scene_lineup(scene=playable.scene))
    assert form.limits() == ["Fellowship: Only Frodo, Sam may take part; at most 1."]


def test_a_fixed_scenario_asks_no_stance(playable):
    playable.scene.scenario_mode = "fixed"
    playable.scene.custom_scenario_name = "Hold the tower"
    playable.scene.custom_scenario_setup = "Hold it."
    playable.scene.save()
    form = BattleSetupForm(lineup=scene_lineup(scene=playable.scene))
    battle = _set_up(playable, ["Frodo"], stance=None)
    assert ("stance" in form.fields, battle.player_stance) == (False, "")


def test_a_generated_scenario_without_a_stance_is_refused(playable):
    with pytest.raises(ValidationError) as caught:
        _set_up(playable, ["Frodo"], stance=None)
    assert "stance" in caught.value.message_dict


def test_each_stance_is_explained_in_a_line(playable):
    form = BattleSetupForm(lineup=scene_lineup(scene=playable.scene))
    lines = {item["radio"].data["value"]: item["line"] for item in form.stances()}
    assert lines["defend"] == (
        "Outscout the AI: Assault or Skirmish. Surprise it: Trap. Its own stance "
        "decides which."
    )


def test_the_battle_keeps_its_battlefield(playable):
    SceneFeature.objects.create(
        scene=playable.scene, name="wood", shape="circle", x=10, y=10, radius=3
    )
    battle = _set_up(playable, ["Frodo"])
    field = _field(battle)
    assert (field.length, [f.name for f in field.features]) == (6, ["wood"])


def test_a_fixed_scene_s_deployment_arrival_and_orders_reach_the_battle(playable):
    scene = playable.scene
    scene.scenario_mode, scene.battle_length, scene.sight_limit = "fixed", 8, 12
    scene.custom_scenario_name, scene.custom_scenario_setup = "Hold", "Hold it."
    scene.save()
    ai = _entry(playable, "ai")
    ai.arrives_in_round, ai.entry_edge_dealt = 1, True
    ai.notes = "Ride for the ring-bearer."
    ai.save()
    player = _entry(playable)
    player.deployment, player.deployment_radius = "centre", 6
    player.save()
    field = _field(_set_up(playable, ["Frodo"], stance=None))
    wraiths = field.forces[1]
    assert (
        field.length,
        field.sight_limit,
        field.forces[0].zone.kind,
        wraiths.instructions,
        [c.name for c in wraiths.arrival.cards],
    ) == (
        8,
        12,
        "centre",
        "Ride for the ring-bearer.",
        ["Witch-king", "Khamûl", "Third Rider"],
    )


def test_an_objective_carried_from_the_start_names_its_carrier(playable):
    frodo = playable.players[0]
    Objective.objects.create(
        scene=playable.scene, name="The One Ring", kind="carriable", carried_by=frodo
    )
    field = _field(_set_up(playable, ["Frodo"]))
    assert field.objectives[0].carrier == "Frodo"


def test_a_fixed_named_scenario_takes_the_player_s_role_from_the_scene(playable):
    scene = playable.scene
    scene.scenario_mode, scene.fixed_scenario = "fixed", "Trap"
    scene.fixed_player_role = "trapping"
    scene.save()
    battle = _set_up(playable, ["Frodo"], stance=None)
    disorganized = set(
        battle.participants.filter(disorganized=True).values_list("side", flat=True)
    )
    assert (battle.roles, disorganized) == (
        {"player": "trapping", "ai": "trapped"},
        {"ai"},
    )


def test_a_coop_name_the_pack_cannot_print_is_refused(playable):
    frodo = playable.players[0]
    with pytest.raises(ValidationError) as caught:
        _set_up(playable, ["Frodo"], coop_players={frodo.pk: "Ann 🐉"})
    assert "cannot show 🐉" in caught.value.message_dict["coop"][0]


def test_a_right_to_left_override_in_a_name_is_isolated_in_the_dice_log(playable):
    """U+202E would turn the rest of the line around: the log keeps the name
    between the isolates FSI and PDI."""
    frodo = playable.players[0]
    frodo.name = "Evil\u202eliveE"
    frodo.troop_type = "rogue"
    frodo.save()
    battle = service.battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
        scout_ids=[frodo.pk],
        seed=5,
    )
    purposes = [e["purpose"] for e in battle.dice_log if "Evil" in e["purpose"]]
    assert purposes and all("\u2068Evil\u202eliveE\u2069" in p for p in purposes)


def test_a_plain_name_is_written_as_it_is(playable):
    battle = _set_up(playable, ["Frodo", "Sam", "Merry"], scout_ids=[])
    assert not any("\u2068" in e["purpose"] for e in battle.dice_log)
