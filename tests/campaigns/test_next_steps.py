"""Every page shows its next step (issue 13): the battle page carries what the
dashboard would, a resolved battle links its resolution and offers the way
back where it is allowed (else one line says why), a scene that is not being
played says why and where the story is, and a reopened result's form starts
from what was entered."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import Battle, Scene
from campaigns.selectors.battles import battle_url as url
from campaigns.services.result_apply import result_apply
from campaigns.services.result_reopen import result_reopen
from tests.campaigns.stored_packs import pack_stored_by_worker

pytestmark = pytest.mark.django_db


@pytest.fixture
def member(client, django_user_model, campaign):
    member = django_user_model.objects.create_user(username="sam")
    campaign.members.add(member)
    client.force_login(member)
    return client


def scene_url(name: str, scene: Scene) -> str:
    return reverse(
        f"campaigns:{name}", kwargs={"slug": scene.campaign.slug, "scene": scene.slug}
    )


def labels(response) -> list[tuple[str, bool]]:
    return [(step.label, step.primary) for step in response.context["page"].steps]


# --- the battle page ------------------------------------------------------------------


def test_a_planned_battle_offers_the_result_re_roll_and_discard(owner, skirmish):
    battle = skirmish.set_up()
    assert labels(owner.get(url("battle_detail", battle))) == [
        ("Enter result", False),
        ("Re-roll the setup", False),
        ("Discard this battle", False),
    ]


def test_once_the_pack_is_downloaded_entering_the_result_is_the_next_step(
    owner, skirmish
):
    battle = skirmish.set_up()
    pack_stored_by_worker(battle)
    owner.get(url("battle_pack", battle))
    assert labels(owner.get(url("battle_detail", battle)))[0] == ("Enter result", True)


def test_a_member_is_offered_nothing_that_changes_the_campaign(member, skirmish):
    battle = skirmish.set_up()
    assert labels(member.get(url("battle_detail", battle))) == []


def test_a_resolved_battle_links_its_resolution_and_its_reopening(
    owner, skirmish, result_data
):
    battle = skirmish.set_up()
    result_apply(battle=battle, data=result_data(battle))
    assert labels(owner.get(url("battle_detail", battle))) == [
        ("See the resolution", True),
        ("Your notes", False),
        ("Reopen battle 1's result", False),
    ]


def test_an_older_battle_says_why_it_cannot_be_reopened(owner, skirmish, result_data):
    older = skirmish.set_up()
    result_apply(battle=older, data=result_data(older))
    skirmish.set_up()
    page = owner.get(url("battle_detail", older)).context["page"]
    assert page.not_now == (
        "Battle 2 has been set up since battle 1: discard it first to step back.",
    )


def test_a_member_sees_the_resolution_link_of_a_resolved_battle(
    member, skirmish, result_data
):
    battle = skirmish.set_up()
    result_apply(battle=battle, data=result_data(battle))
    assert labels(member.get(url("battle_detail", battle))) == [
        ("See the resolution", True)
    ]


@pytest.mark.parametrize(
    ("relation", "higher", "sentence"),
    [
        ("outscouts", "player", "You outscout the AI"),
        ("outscouts", "ai", "The AI outscouts you"),
        ("surprises", "player", "You surprise the AI"),
        ("surprises", "ai", "The AI surprises you"),
        ("tied", "", "Tied: neither side outscouted the other"),
    ],
)
def test_the_scouting_is_told_in_good_grammar(
    owner, make_pack_battle, relation, higher, sentence
):
    battle = make_pack_battle()
    Battle.objects.filter(pk=battle.pk).update(relation=relation, higher_side=higher)
    assert sentence in owner.get(url("battle_detail", battle)).content.decode()


def test_the_result_page_of_a_resolved_battle_offers_the_reopen_confirm_page(
    owner, skirmish, result_data
):
    battle = skirmish.set_up()
    result_apply(battle=battle, data=result_data(battle))
    html = owner.get(url("result_entry", battle)).content.decode()
    assert f'href="{url("result_reopen", battle)}"' in html


def test_the_resolution_leads_on_to_the_next_scene(owner, skirmish, result_data):
    battle = skirmish.set_up()
    result_apply(battle=battle, data=result_data(battle))
    html = owner.get(url("resolution", battle)).content.decode()
    assert "On to <bdi>Parth Galen</bdi>" in html


# --- a scene that is not being played -------------------------------------------------


def test_a_later_scene_cannot_be_set_up_and_says_where_the_story_is(owner, skirmish):
    response = owner.get(scene_url("battle_setup", skirmish.next_scene))
    page = response.context["page"]
    assert (page.blocked, page.current_url, "form" in response.context) == (
        "Only the current scene can be set up. “Parth Galen” comes later in the "
        "story. The current scene is “Amon Hen”.",
        scene_url("battle_setup", skirmish.scene),
        False,
    )


def test_posting_a_later_scenes_setup_sets_up_nothing_and_says_why(owner, skirmish):
    response = owner.post(
        scene_url("battle_setup", skirmish.next_scene),
        {"participants": [skirmish.merry.pk]},
    )
    assert (
        Battle.objects.count(),
        "Nothing was set up. Only the current scene" in response.content.decode(),
    ) == (0, True)


def test_a_resolved_scene_says_it_is_resolved(owner, skirmish, result_data):
    battle = skirmish.set_up()
    result_apply(battle=battle, data=result_data(battle))
    page = owner.get(scene_url("battle_setup", skirmish.scene)).context["page"]
    assert page.blocked == (
        "Only the current scene can be set up. “Amon Hen” is resolved (victory). "
        "The current scene is “Parth Galen”."
    )


def test_a_sanctuary_has_no_battle_to_set_up(owner, skirmish):
    Scene.objects.filter(pk=skirmish.scene.pk).update(kind="sanctuary")
    page = owner.get(scene_url("battle_setup", skirmish.scene)).context["page"]
    assert page.blocked == (
        "“Amon Hen” is a sanctuary: there is no battle to set up, the company "
        "rests there."
    )


def test_a_later_scenes_page_says_where_the_story_is(owner, skirmish):
    page = owner.get(scene_url("scene_detail", skirmish.next_scene)).context["page"]
    assert page.not_now == (
        "“Parth Galen” comes later in the story. The current scene is “Amon Hen”."
    )


# --- a reopened result starts from what was entered ----------------------------------


@pytest.fixture
def reopened(skirmish, result_data) -> Battle:
    battle = skirmish.set_up()
    data = result_data(
        battle,
        "draw",
        "objective",
        merry={"wound_tokens": 1},
        pippin={"fallen": True},
        rounds_played=5,
    )
    result_apply(battle=battle, data=data)
    return result_reopen(battle=battle).battle


def test_the_reopened_form_starts_with_the_outcome_entered(owner, reopened):
    form = owner.get(url("result_entry", reopened)).context["form"]
    assert (form["outcome"].value(), form["rounds_played"].value()) == ("draw", 5)


def test_the_reopened_form_starts_with_each_line_entered(owner, reopened, skirmish):
    form = owner.get(url("result_entry", reopened)).context["form"]
    merry = reopened.participants.get(character=skirmish.merry).pk
    pippin = reopened.participants.get(character=skirmish.pippin).pk
    assert (
        form[f"p{merry}-wound_tokens"].value(),
        form[f"p{pippin}-fallen"].value(),
    ) == (1, True)


def test_the_reopened_form_says_where_its_values_come_from(owner, reopened):
    html = owner.get(url("result_entry", reopened)).content.decode()
    assert "as it was entered before it was reopened" in html


def test_a_fresh_form_starts_empty(owner, skirmish):
    battle = skirmish.set_up()
    assert owner.get(url("result_entry", battle)).context["page"].initial == {}


# --- the form asks only what the battle can hold -------------------------------------


def test_killed_outright_is_asked_only_where_the_scene_has_the_rule(owner, skirmish):
    Scene.objects.filter(pk=skirmish.scene.pk).update(outright_kill_rule="")
    battle = skirmish.set_up()
    html = owner.get(url("result_entry", battle)).content.decode()
    assert "killed_outright" not in html


def test_the_kill_rule_is_the_columns_help(owner, skirmish):
    battle = skirmish.set_up()
    html = owner.get(url("result_entry", battle)).content.decode()
    assert (
        "Only by this scene&#x27;s rule: A hero who falls defending the hobbits is "
        "slain." in html
    )


def test_carried_off_is_asked_only_where_there_is_an_objective_to_carry(
    owner, skirmish
):
    battle = skirmish.set_up()
    html = owner.get(url("result_entry", battle)).content.decode()
    assert "carried_objective" not in html


def test_every_column_has_one_line_of_help(owner, skirmish):
    skirmish.scene.objectives.create(name="The boat", kind="carriable", x=1, y=1)
    battle = skirmish.set_up()
    form = owner.get(url("result_entry", battle)).context["form"]
    assert [bool(head["help"]) for head in form.column_heads()] == [True] * 5


def test_rounds_played_are_asked_up_to_the_battles_length(owner, skirmish):
    battle = skirmish.set_up()
    field = owner.get(url("result_entry", battle)).context["form"]["rounds_played"]
    assert (field.help_text, field.field.widget.attrs["max"]) == (
        "This battle lasts 6 rounds.",
        6,
    )
