"""A result's values must agree with each other (RULES §4 "End", §6.1): each
contradiction is refused with a message naming the fields to look at, and
the form asks only what the battle can hold."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from campaigns.models import Battle, BattleResult, PersistingWound, Scene
from campaigns.services.result_apply import result_apply
from campaigns.services.result_entry import row_field

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle(skirmish) -> Battle:
    """Amon Hen, whose rule may kill a hero outright, with one boat to carry off."""
    skirmish.scene.objectives.create(name="The boat", kind="carriable", x=3, y=3)
    return skirmish.set_up()


def errors(battle, data) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        result_apply(battle=battle, data=data)
    return caught.value.message_dict


def line(battle, character) -> str:
    return str(battle.participants.get(character=character).pk)


ROUTED_ALONE = (
    "Your side routed and the AI side did not, so this is not a victory: change "
    "“Outcome for your side” or untick “Your side routed”."
)


@pytest.mark.parametrize(
    ("values", "field", "message"),
    [
        (
            {"outcome": "victory", "player_routed": True},
            "outcome",
            ROUTED_ALONE,
        ),
        (
            {"outcome": "defeat", "ai_routed": True},
            "outcome",
            "The AI side routed and yours did not, so this is not a defeat: change "
            "“Outcome for your side” or untick “The AI side routed”.",
        ),
        (
            {"end_reason": "rout"},
            "end_reason",
            "“How the battle ended” says rout, but no side is ticked as routed: tick "
            "“Your side routed” or “The AI side routed”, or choose another ending.",
        ),
        (
            {"outcome": "draw", "end_reason": "conceded"},
            "outcome",
            "A side that concedes loses: with “Conceded” the outcome is a defeat "
            "(you conceded) or a victory (the AI conceded), not a draw.",
        ),
        (
            {"end_reason": "last_character_lost"},
            "end_reason",
            "“Last character lost” means one side lost every character: tick Fallen "
            "(or Routed) for each of that side's characters, or choose another "
            "ending.",
        ),
    ],
    ids=[
        "routed-alone-won",
        "ai-routed-alone-lost",
        "rout-unrouted",
        "conceded-draw",
        "nobody-lost",
    ],
)
def test_a_battle_that_contradicts_itself_is_refused(
    battle, result_data, values, field, message
):
    data = {**result_data(battle), **values}
    assert errors(battle, data)[field] == [message]


@pytest.mark.parametrize(
    "values",
    [
        {"outcome": "victory", "player_routed": True, "ai_routed": True},
        {"outcome": "defeat", "end_reason": "conceded"},
        {"outcome": "victory", "end_reason": "conceded"},
        {"outcome": "victory", "end_reason": "rout", "ai_routed": True},
        {"outcome": "draw", "end_reason": "objective"},
    ],
    ids=["both-routed", "you-conceded", "ai-conceded", "ai-routed", "draw"],
)
def test_a_battle_that_agrees_with_itself_is_applied(battle, result_data, values):
    result_apply(battle=battle, data={**result_data(battle), **values})
    assert BattleResult.objects.count() == 1


@pytest.fixture
def scored(skirmish) -> Battle:
    """Amon Hen set up as a battle that scores victory points."""
    Scene.objects.filter(pk=skirmish.scene.pk).update(scores_victory_points=True)
    skirmish.scene.refresh_from_db()
    return skirmish.set_up()


@pytest.mark.parametrize(
    ("outcome", "yours", "theirs", "expected"),
    [
        ("victory", 0, 50, "a defeat"),
        ("defeat", 6, 3, "a victory"),
        ("victory", 4, 4, "a draw"),
        ("draw", 2, 5, "a defeat"),
    ],
)
def test_victory_points_decide_a_battle_that_went_to_its_end(
    scored, result_data, outcome, yours, theirs, expected
):
    data = {
        **result_data(scored, outcome, "objective"),
        "player_victory_points": yours,
        "ai_victory_points": theirs,
    }
    assert errors(scored, data)["outcome"] == [
        f"Victory points {yours}–{theirs} make this {expected}, not a "
        f"{outcome}: more points win and equal points draw. Change “Outcome for "
        "your side” or the victory points."
    ]


@pytest.mark.parametrize(
    ("outcome", "end_reason", "yours", "theirs", "routed"),
    [
        ("victory", "objective", 6, 3, False),
        ("draw", "objective", 4, 4, False),
        ("defeat", "objective", 0, 50, False),
        # A rout decides the battle before any points are counted.
        ("victory", "rout", 0, 9, True),
    ],
)
def test_victory_points_that_agree_are_applied(
    scored, result_data, outcome, end_reason, yours, theirs, routed
):
    data = {
        **result_data(scored, outcome, end_reason),
        "player_victory_points": yours,
        "ai_victory_points": theirs,
        "ai_routed": routed,
    }
    assert result_apply(battle=scored, data=data).applied_now


def test_the_side_that_lost_every_character_did_not_win(battle, result_data, skirmish):
    fallen = {"fallen": True}
    data = result_data(
        battle,
        "victory",
        "last_character_lost",
        boromir=fallen,
        merry=fallen,
        pippin=fallen,
    )
    assert errors(battle, data)["outcome"] == [
        "Every one of your characters was lost, so this is not a victory: change "
        "“Outcome for your side” or the characters' lines."
    ]


def test_the_ai_losing_its_last_character_may_be_your_victory(battle, result_data):
    lost = {"fallen": True}
    every_ai = {"uglúk": lost, "uruk": lost}
    data = result_data(battle, "victory", "last_character_lost", **every_ai)
    assert result_apply(battle=battle, data=data).applied_now


def test_one_objective_has_one_carrier(battle, result_data, skirmish):
    carried = {"carried_objective": True}
    data = result_data(battle, boromir=carried, merry=carried, pippin=carried)
    found = errors(battle, data)
    message = (
        "One character carries each objective off, and this battle has 1 (The "
        "boat), but 3 characters are ticked: untick “Carried objective off” for "
        "all but 1."
    )
    fields = [
        row_field(int(line(battle, c)), "carried_objective")
        for c in (skirmish.merry, skirmish.pippin)
    ]
    assert [found.get(f) for f in fields] == [[message], [message]]


def test_one_carrier_is_fine(battle, result_data):
    data = result_data(battle, merry={"carried_objective": True})
    assert result_apply(battle=battle, data=data).applied_now


def test_nothing_can_be_carried_off_where_there_is_no_objective(skirmish, result_data):
    battle = skirmish.set_up()
    data = result_data(battle, merry={"carried_objective": True})
    field = row_field(int(line(battle, skirmish.merry)), "carried_objective")
    assert errors(battle, data)[field] == [
        "This battle has no objective to carry off: untick “Carried objective off”."
    ]


def test_a_fallen_character_carried_nothing_off(battle, result_data, skirmish):
    data = result_data(battle, merry={"fallen": True, "carried_objective": True})
    field = row_field(int(line(battle, skirmish.merry)), "carried_objective")
    assert errors(battle, data)[field] == [
        "Merry fell, and a character that falls drops what it carries: untick "
        "Fallen or “Carried objective off” for Merry."
    ]


@pytest.mark.parametrize(
    ("extra", "done"),
    [
        ({"routed": True}, "routed"),
        ({"carried_objective": True}, "carried an objective off"),
    ],
)
def test_killed_outright_is_neither_routed_nor_carrying(
    battle, result_data, skirmish, extra, done
):
    values = {"fallen": True, "killed_outright": True, **extra}
    data = result_data(battle, boromir=values, player_routed=True, ai_routed=True)
    field = row_field(int(line(battle, skirmish.boromir)), "killed_outright")
    assert errors(battle, data)[field] == [
        f"Boromir was killed outright, so Boromir cannot also have {done}: untick "
        "one of them."
    ]


def test_nobody_is_killed_outright_where_the_scene_has_no_such_rule(
    battle, result_data, skirmish
):
    Scene.objects.filter(pk=skirmish.scene.pk).update(outright_kill_rule="")
    data = result_data(battle, boromir={"fallen": True, "killed_outright": True})
    field = row_field(int(line(battle, skirmish.boromir)), "killed_outright")
    assert errors(battle, data)[field] == [
        "Nobody is killed outright in this scene (it has no such rule): untick "
        "“Killed outright” for Boromir. A character that fell is resolved by the "
        "dice."
    ]


def test_a_death_by_the_scenes_rule_names_the_rule(battle, result_data):
    data = result_data(battle, boromir={"fallen": True, "killed_outright": True})
    result_apply(battle=battle, data=data)
    death = battle.effects.get(kind="death")
    assert death.description == (
        "Boromir died, killed outright by the scene's rule: A hero who falls "
        "defending the hobbits is slain."
    )


def test_a_death_by_the_dice_says_so(battle, result_data, fates_rolling):
    fates_rolling(battle, boromir=(1,))
    result_apply(battle=battle, data=result_data(battle, boromir={"fallen": True}))
    assert battle.effects.get(kind="death").description == (
        "Boromir fell and died (rolled a natural 1)"
    )


@pytest.mark.parametrize(("rounds", "kept"), [(1, 1), (6, 6), ("", None)])
def test_rounds_played_are_kept(battle, result_data, rounds, kept):
    data = result_data(battle, rounds_played=rounds)
    assert result_apply(battle=battle, data=data).result.rounds_played == kept


@pytest.mark.parametrize("rounds", [0, 7, "x"])
def test_rounds_beyond_the_battles_length_are_refused(battle, result_data, rounds):
    data = result_data(battle, rounds_played=rounds)
    assert "rounds_played" in errors(battle, data)


def test_the_length_is_named(battle, result_data):
    data = result_data(battle, rounds_played=9)
    assert errors(battle, data)["rounds_played"] == [
        "This battle lasts 6 rounds: enter a number from 1 to 6."
    ]


# --- sent again: checked as the campaign stood before the battle ---------------------


def test_the_same_result_sent_again_is_recognised_although_it_filled_the_slots(
    battle, result_data, skirmish, fates_rolling
):
    """Merry's two tokens both become wounds, filling both slots: the same
    result again is not refused for "no free wound slot"."""
    fates_rolling(battle, merry=(1, 1))
    data = result_data(battle, merry={"wound_tokens": 2})
    result_apply(battle=battle, data=data)
    assert (
        PersistingWound.objects.filter(character=skirmish.merry).count(),
        result_apply(battle=battle, data=data).applied_now,
    ) == (2, False)


def test_the_form_sent_again_says_nothing_changed(
    client, user, battle, skirmish, fates_rolling
):
    fates_rolling(battle, merry=(1, 1))
    url = reverse(
        "campaigns:result_entry",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )
    data = {
        "outcome": "victory",
        "end_reason": "objective",
        f"p{line(battle, skirmish.merry)}-wound_tokens": "2",
    }
    client.force_login(user)
    client.post(url, data)
    html = client.post(url, data, follow=True).content.decode()
    assert "This result was already applied; nothing changed." in html


def test_a_wound_healed_by_the_battle_counts_as_open_before_it(
    battle, result_data, skirmish, fates_rolling
):
    """Pippin's old wound heals on a 6 in this battle: a result sent for it
    again is checked against the one slot the wound filled before."""
    PersistingWound.objects.create(character=skirmish.pippin, name="old cut")
    fates_rolling(battle, pippin=(6,))
    result_apply(battle=battle, data=result_data(battle))
    too_many = result_data(battle, pippin={"wound_tokens": 2})
    field = row_field(int(line(battle, skirmish.pippin)), "wound_tokens")
    assert errors(battle, too_many)[field][0].startswith("Pippin has 1 free wound slot")


# --- a generated battle (§3.12): the side that routs or loses its last character
# --- loses, and a side scores at most what the setup sheet's lines give ----------


@pytest.fixture
def generated(skirmish) -> Battle:
    """Amon Hen set up as a generated battle, its scene holding a fixed
    objective worth no points of its own: 3 player and 2 AI characters."""
    Scene.objects.filter(pk=skirmish.scene.pk).update(
        scenario_mode="generate", custom_scenario_name=""
    )
    skirmish.scene.refresh_from_db()
    skirmish.scene.objectives.create(name="The ford", kind="fixed", x=3, y=3)
    return skirmish.set_up()


@pytest.mark.parametrize(
    ("values", "message"),
    [
        (
            {"player_routed": True, "end_reason": "rout"},
            "Your side routed and the AI side did not: in a generated battle the "
            "side that routs loses, so this is a defeat, not a draw. Change “Outcome "
            "for your side” or untick “Your side routed”.",
        ),
        (
            {"ai_routed": True, "end_reason": "rout"},
            "The AI side routed and yours did not: in a generated battle the side "
            "that routs loses, so this is a victory, not a draw. Change “Outcome for "
            "your side” or untick “The AI side routed”.",
        ),
    ],
    ids=["player-routed", "ai-routed"],
)
def test_a_side_that_routed_alone_in_a_generated_battle_did_not_draw(
    generated, result_data, values, message
):
    """A draw is refused when one side alone routed in a generated battle."""
    data = {**result_data(generated, "draw"), **values}
    assert errors(generated, data)["outcome"] == [message]


def test_a_side_that_lost_its_last_character_in_a_generated_battle_did_not_draw(
    generated, result_data
):
    """A draw is refused when every player character was lost (generated)."""
    fallen = {"fallen": True}
    data = result_data(
        generated,
        "draw",
        "last_character_lost",
        boromir=fallen,
        merry=fallen,
        pippin=fallen,
    )
    assert errors(generated, data)["outcome"] == [
        "Every one of your characters was lost: in a generated battle that side "
        "loses, so this is a defeat, not a draw. Change “Outcome for your side” or "
        "the characters' lines."
    ]


def test_the_ai_losing_its_last_character_in_a_generated_battle_is_no_draw(
    generated, result_data
):
    """A draw is refused when every AI character was lost (generated)."""
    lost = {"fallen": True}
    data = result_data(generated, "draw", "last_character_lost", uglúk=lost, uruk=lost)
    assert "this is a victory, not a draw" in errors(generated, data)["outcome"][0]


def test_a_fixed_scenario_may_call_a_lone_rout_a_draw(battle, result_data):
    """A fixed scenario states its own victory conditions: a draw with one side
    routed is the player's to enter there."""
    data = {**result_data(battle, "draw", "rout"), "player_routed": True}
    assert result_apply(battle=battle, data=data).applied_now


def test_a_generated_battle_scores_the_scenes_objective_in_its_most_points(
    generated, result_data
):
    """The scene's fixed objective is worth 3 VP, and each of the 5 characters
    1 VP: 8 VP is the most a side can score, so 8 is applied."""
    data = {
        **result_data(generated, "victory", "objective"),
        "player_victory_points": 8,
        "ai_victory_points": 0,
    }
    assert result_apply(battle=generated, data=data).applied_now


def test_more_points_than_a_generated_battle_gives_are_refused(generated, result_data):
    """9 VP is more than the objective's 3 and the 5 characters' 1 each."""
    data = {
        **result_data(generated, "victory", "objective"),
        "player_victory_points": 9,
        "ai_victory_points": 0,
    }
    assert errors(generated, data)["player_victory_points"] == [
        "This battle gives a side at most 8 victory points (its objectives and one "
        "point per character, as the setup sheet's scoring says): enter a number "
        "from 0 to 8."
    ]
