"""result_apply (RULES §6.2–§6.5): fates, wounds, deaths, unfit flags, commanders,
the scene and the next one — applied once, every change recorded as an effect."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from campaigns.models import (
    Battle,
    BattleResult,
    CampaignLogEntry,
    Character,
    CharacterOutcome,
    Commander,
    CommanderChange,
    Effect,
    PersistingWound,
    Scene,
)
from campaigns.selectors.lineup import scene_lineup
from campaigns.services.battle_setup import battle_set_up
from campaigns.services.result_apply import ResultApplied, result_apply
from campaigns.services.result_entry import row_field
from tests.campaigns.concurrency import concurrent_database, run_together

pytestmark = pytest.mark.django_db


def applied(*, battle, data):
    """The result applied (or found applied) for ``data``."""
    return result_apply(battle=battle, data=data).result


@pytest.fixture
def battle(skirmish) -> Battle:
    return skirmish.set_up()


def pin(battle: Battle, seed: int) -> Battle:
    Battle.objects.filter(pk=battle.pk).update(resolution_seed=seed)
    battle.refresh_from_db()
    return battle


def fate(result: BattleResult, character: Character) -> str:
    return result.character_outcomes.get(participant__character=character).fate


def refreshed(obj):
    obj.refresh_from_db()
    return obj


# --- §6.2 the fate of characters ------------------------------------------------------


def test_a_fallen_hero_rolling_2_is_grievously_wounded(
    battle, skirmish, result_data, fates_rolling
):
    fates_rolling(battle, boromir=(2,))
    result = applied(battle=battle, data=result_data(battle, boromir={"fallen": True}))
    assert fate(result, skirmish.boromir) == "grievously_wounded"


def test_a_grievous_wound_persists_and_makes_the_character_unfit(
    battle, skirmish, result_data, fates_rolling
):
    fates_rolling(battle, boromir=(2,))
    result_apply(battle=battle, data=result_data(battle, boromir={"fallen": True}))
    boromir = refreshed(skirmish.boromir)
    assert (boromir.unfit_next_battle, boromir.count_open_wounds()) == (True, 1)


def test_a_fallen_character_rolling_a_natural_1_dies(
    battle, skirmish, result_data, fates_rolling
):
    fates_rolling(battle, boromir=(1,))
    result_apply(battle=battle, data=result_data(battle, boromir={"fallen": True}))
    assert refreshed(skirmish.boromir).alive is False


def test_a_fallen_character_rolling_4_recovers_with_a_wound(
    battle, skirmish, result_data, fates_rolling
):
    fates_rolling(battle, merry=(4,))
    result_apply(battle=battle, data=result_data(battle, merry={"fallen": True}))
    merry = refreshed(skirmish.merry)
    assert (merry.unfit_next_battle, merry.count_open_wounds()) == (False, 1)


def test_killed_outright_dies_without_a_roll(battle, skirmish, result_data):
    data = result_data(battle, boromir={"fallen": True, "killed_outright": True})
    result = applied(battle=battle, data=data)
    assert (refreshed(skirmish.boromir).alive, result.resolution_log) == (False, [])


@pytest.mark.parametrize(("die", "wounds"), [(1, 1), (2, 1), (3, 0), (6, 0)])
def test_a_wound_token_persists_on_1_or_2(
    battle, skirmish, result_data, fates_rolling, die, wounds
):
    fates_rolling(battle, pippin=(die,))
    result_apply(battle=battle, data=result_data(battle, pippin={"wound_tokens": 1}))
    assert skirmish.pippin.wounds.count() == wounds


def test_a_new_wound_is_the_scenes_special_wound(
    battle, skirmish, result_data, fates_rolling
):
    Scene.objects.filter(pk=skirmish.scene.pk).update(
        special_wound_name="Morgul-blade wound",
        special_wound_rules="−1 defence.",
        special_wound_heals_at_sanctuary=False,
    )
    fates_rolling(battle, pippin=(1,))
    result_apply(battle=battle, data=result_data(battle, pippin={"wound_tokens": 1}))
    wound = skirmish.pippin.wounds.get()
    assert (wound.name, wound.rules_text, wound.heals_at_sanctuary) == (
        "Morgul-blade wound",
        "−1 defence.",
        False,
    )


def special_wound(scene: Scene, applies_to: str | None = None) -> None:
    fields = {
        "special_wound_name": "Morgul-blade wound",
        "special_wound_rules": "Cold creeps in.",
        "special_wound_heals_at_sanctuary": False,
        "special_wound_attack": -1,
        "special_wound_defence": -2,
        "special_wound_move": 1,
    }
    if applies_to is not None:
        fields["special_wound_applies_to"] = applies_to
    Scene.objects.filter(pk=scene.pk).update(**fields)


def wound_names(battle, skirmish, result_data, fates_rolling) -> tuple[str, str]:
    """Pippin (player) takes a token that persists, Uglúk (AI hero) falls and
    is grievously wounded: the names of their new wounds."""
    fates_rolling(battle, pippin=(1,), uglúk=(2,))
    data = result_data(
        battle, pippin={"wound_tokens": 1}, **{"uglúk": {"fallen": True}}
    )
    result_apply(battle=battle, data=data)
    return (skirmish.pippin.wounds.get().name, skirmish.ugluk.wounds.get().name)


@pytest.mark.parametrize(
    ("applies_to", "names"),
    [
        (None, ("Morgul-blade wound", "wound")),
        ("player", ("Morgul-blade wound", "wound")),
        ("ai", ("wound", "Morgul-blade wound")),
        ("both", ("Morgul-blade wound", "Morgul-blade wound")),
    ],
)
def test_the_special_wound_applies_only_to_the_side_the_scene_names(
    battle, skirmish, result_data, fates_rolling, applies_to, names
):
    """The Witch-king takes a plain wound at Weathertop: the player's side by
    default."""
    special_wound(skirmish.scene, applies_to)
    assert wound_names(battle, skirmish, result_data, fates_rolling) == names


def test_a_plain_wound_taken_in_a_special_wound_scene_is_plain(
    battle, skirmish, result_data, fates_rolling
):
    special_wound(skirmish.scene, "player")
    wound_names(battle, skirmish, result_data, fates_rolling)
    wound = skirmish.ugluk.wounds.get()
    assert (
        wound.rules_text,
        wound.heals_at_sanctuary,
        wound.attack_modifier,
        wound.defence_modifier,
        wound.move_modifier,
    ) == ("", True, 0, 0, 0)


def test_the_special_wound_carries_the_scenes_modifiers(
    battle, skirmish, result_data, fates_rolling
):
    special_wound(skirmish.scene)
    fates_rolling(battle, pippin=(1,))
    result_apply(battle=battle, data=result_data(battle, pippin={"wound_tokens": 1}))
    wound = skirmish.pippin.wounds.get()
    assert (wound.attack_modifier, wound.defence_modifier, wound.move_modifier) == (
        -1,
        -2,
        1,
    )


def test_a_new_wound_remembers_its_battle(battle, skirmish, result_data, fates_rolling):
    fates_rolling(battle, pippin=(1,))
    result_apply(battle=battle, data=result_data(battle, pippin={"wound_tokens": 1}))
    assert skirmish.pippin.wounds.get().battle_taken == battle


def test_an_open_wound_heals_on_a_6_when_no_token_was_taken(
    skirmish, result_data, fates_rolling
):
    wound = PersistingWound.objects.create(character=skirmish.merry)
    battle = skirmish.set_up()
    fates_rolling(battle, merry=(6,))
    result_apply(battle=battle, data=result_data(battle))
    wound.refresh_from_db()
    assert (wound.status, wound.healed_in_battle) == ("healed", battle)


def test_an_open_wound_stays_open_below_6(skirmish, result_data, fates_rolling):
    wound = PersistingWound.objects.create(character=skirmish.merry)
    battle = skirmish.set_up()
    fates_rolling(battle, merry=(5,))
    result_apply(battle=battle, data=result_data(battle))
    assert refreshed(wound).status == "open"


def test_an_unfit_character_of_a_company_that_fought_rolls_to_heal(
    skirmish, result_data, fates_rolling
):
    Character.objects.filter(pk=skirmish.merry.pk).update(unfit_next_battle=True)
    wound = PersistingWound.objects.create(character=skirmish.merry)
    battle = skirmish.set_up()
    fates_rolling(battle, merry=(6,))
    result_apply(battle=battle, data=result_data(battle))
    assert refreshed(wound).status == "healed"


def test_an_old_unfit_flag_clears_when_the_company_fights(skirmish, result_data):
    Character.objects.filter(pk=skirmish.merry.pk).update(unfit_next_battle=True)
    battle = skirmish.set_up()
    result_apply(battle=battle, data=result_data(battle))
    assert refreshed(skirmish.merry).unfit_next_battle is False


@pytest.fixture
def rangers(skirmish, make_company, make_character, make_scene_company):
    """A second player company in the scene whose only character is unfit: it
    sends nobody to the battle."""
    rangers = make_company(skirmish.campaign, name="Rangers")
    halbarad = make_character(rangers, name="Halbarad", wound_slots=2)
    Character.objects.filter(pk=halbarad.pk).update(unfit_next_battle=True)
    make_scene_company(skirmish.scene, rangers)
    return halbarad


def test_a_company_that_sent_nobody_keeps_its_unfit_flags(
    skirmish, rangers, result_data
):
    """RULES §6.2: it was in the scene, but it has not fought."""
    battle = skirmish.set_up()
    result_apply(battle=battle, data=result_data(battle))
    assert refreshed(rangers).unfit_next_battle is True


def test_an_unfit_character_of_a_company_that_sent_nobody_rolls_nothing(
    skirmish, rangers, result_data
):
    wound = PersistingWound.objects.create(character=rangers)
    battle = skirmish.set_up()
    result = applied(battle=battle, data=result_data(battle))
    assert (refreshed(wound).status, result.resolution_log) == ("open", [])


def test_an_ai_hero_has_a_fate(battle, skirmish, result_data, fates_rolling):
    fates_rolling(battle, uglúk=(2,))
    data = result_data(battle, "defeat", **{"uglúk": {"fallen": True}})
    result = applied(battle=battle, data=data)
    assert fate(result, skirmish.ugluk) == "grievously_wounded"


def test_other_ai_characters_are_replenished(battle, skirmish, result_data):
    data = result_data(battle, uruk={"fallen": True})
    result = applied(battle=battle, data=data)
    assert (fate(result, skirmish.orc), skirmish.orc.wounds.count()) == ("", 0)


def test_a_lost_scout_arrives_fallen(battle, skirmish, result_data, fates_rolling):
    battle.participants.filter(character=skirmish.pippin).update(
        scout=True, mishap="lost"
    )
    fates_rolling(battle, pippin=(4,))
    result = applied(battle=battle, data=result_data(battle))
    assert fate(result, skirmish.pippin) == "recovers"


def test_a_scout_who_missed_the_battle_has_no_line(battle, skirmish, result_data):
    battle.participants.filter(character=skirmish.pippin).update(
        scout=True, mishap="misses"
    )
    result = applied(battle=battle, data=result_data(battle))
    assert not result.character_outcomes.filter(
        participant__character=skirmish.pippin
    ).exists()


def test_the_resolution_log_keeps_every_roll(battle, result_data, fates_rolling):
    fates_rolling(battle, boromir=(2,), merry=(5,))
    data = result_data(battle, boromir={"fallen": True}, merry={"wound_tokens": 1})
    result = applied(battle=battle, data=data)
    assert [(e["purpose"], e["dice"]) for e in result.resolution_log] == [
        ("Boromir: fallen", [2]),
        ("Merry: wound token 1 of 1", [5]),
    ]


def test_every_line_is_stored_with_what_was_entered(battle, skirmish, result_data):
    data = result_data(
        battle, merry={"routed": True}, player_routed=True, ai_routed=True
    )
    result_apply(battle=battle, data=data)
    outcome = CharacterOutcome.objects.get(participant__character=skirmish.merry)
    assert outcome.routed is True


# --- §6.4 reputation and rating -------------------------------------------------------


def test_a_victory_without_routing_moves_the_commander_toward_rash(
    battle, skirmish, result_data
):
    result_apply(battle=battle, data=result_data(battle))
    assert Commander.objects.get(name="Aragorn").reputation == "rash"


def test_the_losing_commander_moves_toward_cautious(battle, result_data):
    result_apply(battle=battle, data=result_data(battle))
    assert Commander.objects.get(name="Uglúk").reputation == "bold"


def test_a_routed_winner_moves_toward_cautious(battle, result_data):
    """Both sides routed and yours won (on points): routed whatever the outcome."""
    data = result_data(battle, player_routed=True, ai_routed=True)
    result_apply(battle=battle, data=data)
    assert Commander.objects.get(name="Aragorn").reputation == "cautious"


def test_a_draw_changes_no_reputation(battle, result_data):
    result_apply(battle=battle, data=result_data(battle, "draw"))
    assert CommanderChange.objects.count() == 0


def test_a_commander_change_names_the_battle_and_reason(battle, result_data):
    result_apply(battle=battle, data=result_data(battle))
    change = CommanderChange.objects.get(commander__name="Aragorn")
    assert (change.battle, change.reason) == (
        battle,
        "Battle 1 at Amon Hen: won without routing",
    )


def test_the_third_victory_raises_the_rating(battle, result_data):
    Commander.objects.filter(name="Aragorn").update(victories_since_rating_change=2)
    result_apply(battle=battle, data=result_data(battle))
    aragorn = Commander.objects.get(name="Aragorn")
    assert (aragorn.rating, aragorn.victories_since_rating_change) == ("superior", 0)


def test_victories_are_counted(battle, result_data):
    result_apply(battle=battle, data=result_data(battle))
    assert Commander.objects.get(name="Aragorn").victories_since_rating_change == 1


def test_a_side_without_a_commander_changes_nobody(battle, skirmish, result_data):
    skirmish.uruks.commander = None
    skirmish.uruks.save()
    result_apply(battle=battle, data=result_data(battle))
    assert Commander.objects.get(name="Uglúk").reputation == "rash"


# --- §6.5 progression -----------------------------------------------------------------


def test_the_scene_is_resolved_with_the_players_outcome(battle, skirmish, result_data):
    result_apply(battle=battle, data=result_data(battle, "defeat"))
    scene = refreshed(skirmish.scene)
    assert (scene.status, scene.outcome) == ("resolved", "defeat")


def test_the_next_scene_by_order_becomes_current(battle, skirmish, result_data):
    result_apply(battle=battle, data=result_data(battle))
    assert skirmish.campaign.current_scene() == skirmish.next_scene


def test_the_battle_is_resolved(battle, result_data):
    result_apply(battle=battle, data=result_data(battle))
    battle.refresh_from_db()
    assert (battle.status, battle.resolved_at is not None) == ("resolved", True)


@pytest.mark.parametrize(
    ("outcome", "expected"),
    [("victory", "last_scene"), ("defeat", "scene"), ("draw", "next_scene")],
)
def test_the_next_scene_follows_the_branch_for_the_outcome(
    battle, skirmish, result_data, outcome, expected
):
    Scene.objects.filter(pk=skirmish.scene.pk).update(
        next_on_victory=skirmish.last_scene, next_on_defeat=skirmish.scene
    )
    result_apply(battle=battle, data=result_data(battle, outcome))
    assert skirmish.campaign.current_scene() == getattr(skirmish, expected)


def test_after_the_last_scene_no_scene_is_current(skirmish, result_data):
    for _ in range(3):
        battle = skirmish.set_up()
        result_apply(battle=battle, data=result_data(battle))
    assert skirmish.campaign.current_scene() is None


@pytest.fixture
def larger_battle(skirmish, make_scene, make_scene_company):
    """Parth Galen becomes a larger battle of two sub-scenes."""
    parent = skirmish.next_scene
    parent.scene_companies.all().delete()
    Scene.objects.filter(pk=parent.pk).update(
        kind="larger_battle", scenario_mode="generate", custom_scenario_name=""
    )
    subs = []
    for n in (1, 2):
        sub = make_scene(
            skirmish.campaign,
            slug=f"wave-{n}",
            title=f"Wave {n}",
            kind="sub_scene",
            parent=parent,
        )
        make_scene_company(sub, skirmish.fellowship, leading=True)
        make_scene_company(sub, skirmish.uruks, leading=True)
        subs.append(sub)
    return parent, subs


def test_entering_a_larger_battle_makes_its_first_sub_scene_current(
    battle, skirmish, larger_battle, result_data
):
    result_apply(battle=battle, data=result_data(battle))
    assert skirmish.campaign.current_scene() == larger_battle[1][0]


def test_the_larger_battle_is_current_with_its_sub_scene(
    battle, larger_battle, result_data
):
    result_apply(battle=battle, data=result_data(battle))
    assert refreshed(larger_battle[0]).status == "current"


def play(skirmish, result_data, *outcomes: str) -> None:
    for outcome in outcomes:
        battle = skirmish.set_up()
        result_apply(battle=battle, data=result_data(battle, outcome))


def test_a_sub_scene_leads_to_the_next_sub_scene(skirmish, larger_battle, result_data):
    play(skirmish, result_data, "victory", "victory")
    assert skirmish.campaign.current_scene() == larger_battle[1][1]


@pytest.mark.parametrize(
    ("outcomes", "rolled_up"),
    [
        (("victory", "victory"), "victory"),
        (("victory", "defeat"), "draw"),
        (("defeat", "draw"), "defeat"),
    ],
)
def test_the_larger_battle_resolves_with_its_last_sub_scene(
    skirmish, larger_battle, result_data, outcomes, rolled_up
):
    play(skirmish, result_data, "victory", *outcomes)
    parent = refreshed(larger_battle[0])
    assert (parent.status, parent.outcome) == ("resolved", rolled_up)


def test_after_a_larger_battle_the_next_scene_is_current(
    skirmish, larger_battle, result_data
):
    play(skirmish, result_data, "victory", "victory", "defeat")
    assert skirmish.campaign.current_scene() == skirmish.last_scene


# --- recorded once, every change an effect --------------------------------------------


def test_every_change_is_recorded_as_an_effect(
    battle, skirmish, result_data, fates_rolling
):
    fates_rolling(battle, boromir=(2,))
    result_apply(battle=battle, data=result_data(battle, boromir={"fallen": True}))
    kinds = list(Effect.objects.filter(battle=battle).values_list("kind", flat=True))
    assert kinds == [
        "wound_opened",
        "unfit_set",
        "reputation",
        "other",
        "victories",
        "reputation",
        "other",
        "scene_outcome",
        "current_scene",
        "battle_status",
    ]


def test_an_effect_records_before_and_after(battle, result_data):
    result_apply(battle=battle, data=result_data(battle))
    effect = Effect.objects.get(battle=battle, kind="scene_outcome")
    assert (effect.before, effect.after) == (
        {"status": "current", "outcome": ""},
        {"status": "resolved", "outcome": "victory"},
    )


def test_an_effect_says_what_happened_in_plain_words(battle, result_data):
    result_apply(battle=battle, data=result_data(battle))
    effect = Effect.objects.filter(battle=battle, kind="reputation").last()
    assert effect.description == (
        "Uglúk's reputation: Rash → Bold (Battle 1 at Amon Hen: lost)"
    )


def test_the_campaign_log_has_the_result_and_its_effects(battle, result_data):
    result_apply(battle=battle, data=result_data(battle))
    kinds = set(CampaignLogEntry.objects.values_list("kind", flat=True))
    assert {"result", "effect"} <= kinds


def test_the_same_result_twice_applies_once(battle, result_data):
    result_apply(battle=battle, data=result_data(battle))
    effects = Effect.objects.count()
    again = result_apply(battle=battle, data=result_data(battle))
    assert (again.applied_now, Effect.objects.count()) == (False, effects)


def test_a_different_result_for_an_applied_battle_is_refused(battle, result_data):
    result_apply(battle=battle, data=result_data(battle))
    with pytest.raises(ValidationError, match="reopen it first"):
        result_apply(battle=battle, data=result_data(battle, "defeat"))


def test_a_result_for_a_scene_that_is_not_current_is_refused(
    battle, skirmish, result_data
):
    Scene.objects.filter(pk=skirmish.scene.pk).update(status="pending")
    with pytest.raises(ValidationError, match="not the campaign's current scene"):
        result_apply(battle=battle, data=result_data(battle))


# --- validation: the same messages the form shows -------------------------------------


def errors(battle, data) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        result_apply(battle=battle, data=data)
    return caught.value.message_dict


def participant_id(battle, character) -> int:
    return battle.participants.get(character=character).pk


def test_more_tokens_than_free_slots_is_refused(battle, skirmish, result_data):
    PersistingWound.objects.create(character=skirmish.merry)
    field = row_field(participant_id(battle, skirmish.merry), "wound_tokens")
    data = result_data(battle, merry={"wound_tokens": 2})
    assert errors(battle, data)[field] == [
        "Merry has 1 free wound slot: a token beyond that means Merry fell. "
        "Enter at most 1 and tick Fallen."
    ]


def test_negative_tokens_are_refused(battle, skirmish, result_data):
    field = row_field(participant_id(battle, skirmish.merry), "wound_tokens")
    data = result_data(battle, merry={"wound_tokens": -1})
    assert errors(battle, data)[field] == ["Wound tokens cannot be negative."]


def test_tokens_that_are_not_a_whole_number_are_refused(battle, skirmish, result_data):
    field = row_field(participant_id(battle, skirmish.merry), "wound_tokens")
    data = result_data(battle, merry={"wound_tokens": "1.5"})
    assert errors(battle, data)[field] == ["Enter a whole number."]


def test_a_routed_character_needs_its_side_routed(battle, skirmish, result_data):
    field = row_field(participant_id(battle, skirmish.merry), "routed")
    data = result_data(battle, merry={"routed": True})
    assert errors(battle, data)[field] == [
        "Merry cannot have routed unless your side routed: tick “Your side "
        "routed” or untick this."
    ]


def test_killed_outright_needs_fallen(battle, skirmish, result_data):
    field = row_field(participant_id(battle, skirmish.boromir), "killed_outright")
    data = result_data(battle, boromir={"killed_outright": True})
    assert errors(battle, data)[field] == [
        "Killed outright means fallen: tick Fallen for Boromir too."
    ]


def test_a_lost_scout_cannot_be_unmarked_fallen(battle, skirmish, result_data):
    battle.participants.filter(character=skirmish.pippin).update(
        scout=True, mishap="lost"
    )
    field = row_field(participant_id(battle, skirmish.pippin), "fallen")
    data = result_data(battle, pippin={"fallen": False})
    assert field in errors(battle, data)


@pytest.fixture
def scoring_battle(skirmish) -> Battle:
    """A battle at a scene whose fixed scenario scores victory points."""
    Scene.objects.filter(pk=skirmish.scene.pk).update(scores_victory_points=True)
    return skirmish.set_up()


@pytest.mark.parametrize("points", [-1, 100])
def test_victory_points_out_of_range_are_refused(scoring_battle, result_data, points):
    battle = scoring_battle
    data = result_data(battle, player_victory_points=points)
    assert errors(battle, data)["player_victory_points"] == [
        "Victory points are a whole number from 0 to 99."
    ]


def test_victory_points_are_ignored_where_the_scenario_has_none(battle, result_data):
    result = applied(battle=battle, data=result_data(battle, player_victory_points=3))
    assert result.player_victory_points is None


def test_a_scene_that_scores_victory_points_keeps_them(scoring_battle, result_data):
    battle = scoring_battle
    result = applied(battle=battle, data=result_data(battle, player_victory_points=3))
    assert result.player_victory_points == 3


def test_a_generated_scenario_keeps_victory_points(make_pack_battle, result_data):
    """Every generated scenario scores victory points."""
    battle = make_pack_battle()
    data = result_data(battle, "draw", player_victory_points=4, ai_victory_points=4)
    assert applied(battle=battle, data=data).ai_victory_points == 4


def test_an_outcome_is_required(battle, result_data):
    data = result_data(battle, outcome="")
    assert errors(battle, data)["outcome"] == [
        "Choose the outcome for your side: victory, defeat or draw."
    ]


def test_a_refused_result_saves_nothing(battle, skirmish, result_data):
    data = result_data(battle, merry={"wound_tokens": 9}, boromir={"fallen": True})
    errors(battle, data)
    assert (BattleResult.objects.count(), Effect.objects.count()) == (0, 0)


# --- the full loop on the demo, through the services (RULES §1–§6) --------------------


def fit_ids(scene: Scene) -> list[int]:
    return scene_lineup(scene=scene).default_participant_ids()


def set_up(campaign, slug: str, participant_ids=None) -> Battle:
    scene = campaign.scenes.get(slug=slug)
    ids = fit_ids(scene) if participant_ids is None else participant_ids
    return battle_set_up(scene=scene, stance="attack", participant_ids=ids, seed=1)


def character(campaign, name: str) -> Character:
    return Character.objects.get(company__campaign=campaign, name=name)


@pytest.fixture
def after_bree(demo_campaign, result_data, fates_rolling):
    """Bree resolved: Merry killed outright (by a rule given to Bree here),
    Aragorn grievously wounded."""
    Scene.objects.filter(campaign=demo_campaign, slug="bree").update(
        outright_kill_rule="A hero who falls at the gate is slain."
    )
    battle = set_up(demo_campaign, "bree")
    fates_rolling(battle, aragorn=(2,))
    data = result_data(
        battle,
        meriadoc={"fallen": True, "killed_outright": True},
        aragorn={"fallen": True},
    )
    result_apply(battle=battle, data=data)
    return demo_campaign


def test_loop_bree_leads_to_the_bridge(after_bree):
    assert after_bree.current_scene().slug == "bree-bridge"


def test_loop_a_dead_character_cannot_be_picked(after_bree):
    merry = character(after_bree, "Meriadoc Brandybuck")
    with pytest.raises(ValidationError, match="Cannot fight: Meriadoc Brandybuck"):
        set_up(after_bree, "bree-bridge", [merry.pk])


def test_loop_an_unfit_character_cannot_be_picked(after_bree):
    aragorn = character(after_bree, "Aragorn")
    with pytest.raises(ValidationError, match="Cannot fight: Aragorn"):
        set_up(after_bree, "bree-bridge", [aragorn.pk])


@pytest.fixture
def at_weathertop(after_bree, result_data):
    battle = set_up(after_bree, "bree-bridge")
    result_apply(battle=battle, data=result_data(battle))
    return after_bree


def test_loop_the_unfit_flag_clears_after_the_companys_next_battle(at_weathertop):
    assert character(at_weathertop, "Aragorn").can_fight()


def test_loop_frodo_takes_a_morgul_blade_wound_at_weathertop(
    at_weathertop, result_data, fates_rolling
):
    battle = set_up(at_weathertop, "weathertop")
    fates_rolling(battle, frodo=(1,))
    data = result_data(battle, frodo={"wound_tokens": 1})
    result_apply(battle=battle, data=data)
    frodo = character(at_weathertop, "Frodo Baggins")
    assert list(frodo.wounds.filter(status="open").values_list("name", flat=True)) == [
        "Morgul-blade wound"
    ]


def test_loop_after_weathertop_the_next_scene_is_current(
    at_weathertop, result_data, fates_rolling
):
    battle = set_up(at_weathertop, "weathertop")
    fates_rolling(battle, frodo=(1,))
    result_apply(battle=battle, data=result_data(battle, frodo={"wound_tokens": 1}))
    assert at_weathertop.current_scene().slug == "osgiliath-the-east-bank-falls"


# --- two tabs at once (real concurrent connections, SQLite file or PostgreSQL) -------


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("no_worker")
@concurrent_database()
def test_the_same_result_sent_twice_at_once_applies_once(skirmish, result_data):
    battle = skirmish.set_up()
    data = result_data(battle)
    results = run_together(
        lambda: result_apply(battle=battle, data=data),
        lambda: result_apply(battle=battle, data=data),
    )
    now = sorted(r.applied_now for r in results if isinstance(r, ResultApplied))
    assert (now, CommanderChange.objects.count()) == ([False, True], 2)


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("no_worker")
@concurrent_database()
def test_two_different_results_at_once_apply_one(skirmish, result_data):
    battle = skirmish.set_up()
    results = run_together(
        lambda: result_apply(battle=battle, data=result_data(battle, "victory")),
        lambda: result_apply(battle=battle, data=result_data(battle, "defeat")),
    )
    refused = [r for r in results if isinstance(r, ValidationError)]
    assert (len(refused), BattleResult.objects.count()) == (1, 1)


def test_loop_the_next_pack_marks_the_morgul_blade_wound_on_frodos_card(
    at_weathertop, result_data, fates_rolling
):
    """The whole loop: Bree, the bridge, Weathertop lost with one persisting token
    for Frodo, then the Ford's pack prints the wound on Frodo's card."""
    from campaigns.printing.battle_pack import battle_pack_pdf
    from tests.campaigns.pack_helpers import cell_texts, page_texts

    battle = set_up(at_weathertop, "weathertop")
    fates_rolling(battle, frodo=(1,))
    data = result_data(battle, "defeat", frodo={"wound_tokens": 1})
    result_apply(battle=battle, data=data)
    next_scene = at_weathertop.current_scene()
    assert next_scene.slug == "flight-to-the-ford"
    pdf = battle_pack_pdf(set_up(at_weathertop, next_scene.slug))
    cards = [
        card
        for number in range(len(page_texts(pdf)))
        for card in cell_texts(pdf, number, "A4")
        if card.startswith("PLAYER") and "Frodo Baggins" in card
    ]
    assert len(cards) == 1
    assert "Morgul-blade wound" in cards[0]


def test_a_new_wound_is_told_as_a_sentence(after_bree):
    """The resolution's list of changes: "Aragorn carries a new persisting
    wound", without repeating the plain wound's name ("…: wound")."""
    told = list(
        Effect.objects.filter(
            battle__campaign=after_bree, kind="wound_opened"
        ).values_list("description", flat=True)
    )
    assert (
        "Aragorn carries a new persisting wound" in told,
        [t for t in told if t.endswith(": wound")],
    ) == (True, [])
