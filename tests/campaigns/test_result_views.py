"""The result pages (SITE.md): result entry, resolution, reopen and notes — for
the owner, a member (reads; 403 on POST), a stranger (404) and an anonymous
visitor (sent to log in)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from campaigns.models import Battle, BattleResult, Effect, Scene
from campaigns.selectors.battles import battle_url as url
from campaigns.services.result_apply import result_apply

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle(skirmish) -> Battle:
    return skirmish.set_up()


@pytest.fixture
def member(django_user_model, campaign):
    member = django_user_model.objects.create_user(username="sam")
    campaign.members.add(member)
    return member


def pid(battle: Battle, character) -> int:
    return battle.participants.get(character=character).pk


def form_data(battle: Battle, outcome: str = "victory", **fields) -> dict:
    """POST data: the battle's fields, then ``p<id>-<field>`` values."""
    return {"outcome": outcome, "end_reason": "objective", **fields}


def field(battle: Battle, character, name: str) -> str:
    return f"p{pid(battle, character)}-{name}"


# --- the form -------------------------------------------------------------------------


def test_the_owner_sees_the_form(owner, battle):
    response = owner.get(url("result_entry", battle))
    assert [t.name for t in response.templates][0] == "campaigns/result_form.html"


def test_the_rows_follow_the_participant_order(owner, battle):
    html = owner.get(url("result_entry", battle)).content.decode()
    names = ["Boromir", "Merry", "Pippin", "Uglúk", "Uruk warrior"]
    positions = [html.index(f"Wound tokens taken by {name}") for name in names]
    assert positions == sorted(positions)


def test_each_field_is_labelled_with_the_characters_name(owner, battle, skirmish):
    html = owner.get(url("result_entry", battle)).content.decode()
    label = (
        f'<label for="id_{field(battle, skirmish.merry, "fallen")}" '
        'class="choice-label"><span class="visually-hidden"><bdi>Merry</bdi>: '
        "</span>fallen"
    )
    assert label in html


def test_the_rows_stack_on_a_phone(owner, battle):
    html = owner.get(url("result_entry", battle)).content.decode()
    assert 'class="stack"' in html and 'data-label="Wound tokens"' in html


def test_a_lost_scout_is_marked_fallen_and_cannot_be_unmarked(owner, battle, skirmish):
    battle.participants.filter(character=skirmish.pippin).update(
        scout=True, mishap="lost"
    )
    html = owner.get(url("result_entry", battle)).content.decode()
    name = field(battle, skirmish.pippin, "fallen")
    tag = re.search(rf'<input type="checkbox" name="{name}"[^>]*>', html).group()
    assert ("disabled" in tag, "checked" in tag) == (True, True)


def test_a_scout_who_missed_the_battle_is_not_listed(owner, battle, skirmish):
    battle.participants.filter(character=skirmish.pippin).update(
        scout=True, mishap="misses"
    )
    html = owner.get(url("result_entry", battle)).content.decode()
    assert "Pippin" not in html


def test_victory_points_are_asked_only_where_the_scenario_has_them(owner, battle):
    html = owner.get(url("result_entry", battle)).content.decode()
    assert "player_victory_points" not in html


def test_victory_points_are_asked_where_the_scene_scores_them(owner, skirmish):
    Scene.objects.filter(pk=skirmish.scene.pk).update(scores_victory_points=True)
    battle = skirmish.set_up()
    html = owner.get(url("result_entry", battle)).content.decode()
    assert 'name="player_victory_points"' in html


# --- posting --------------------------------------------------------------------------


def test_a_valid_result_is_applied_and_shows_the_resolution(owner, battle):
    response = owner.post(url("result_entry", battle), form_data(battle))
    assert (response.status_code, response["Location"]) == (
        302,
        url("resolution", battle),
    )


def test_the_posted_lines_are_stored(owner, battle, skirmish):
    data = form_data(battle, **{field(battle, skirmish.merry, "wound_tokens"): "1"})
    owner.post(url("result_entry", battle), data)
    assert (
        BattleResult.objects.get()
        .character_outcomes.get(participant__character=skirmish.merry)
        .wound_tokens
        == 1
    )


def test_a_double_submission_applies_once(owner, battle):
    owner.post(url("result_entry", battle), form_data(battle))
    effects = Effect.objects.count()
    response = owner.post(url("result_entry", battle), form_data(battle), follow=True)
    assert (
        Effect.objects.count(),
        "This result was already applied; nothing changed."
        in response.content.decode(),
    ) == (
        effects,
        True,
    )


def test_a_different_result_is_refused_until_reopened(owner, battle):
    owner.post(url("result_entry", battle), form_data(battle))
    response = owner.post(url("result_entry", battle), form_data(battle, "defeat"))
    assert "reopen it first" in response.content.decode()


def test_an_applied_result_is_shown_in_the_form(owner, battle):
    owner.post(url("result_entry", battle), form_data(battle, "draw"))
    html = owner.get(url("result_entry", battle)).content.decode()
    assert 'value="draw" id="id_outcome_2" required checked' in html


def errors_for(owner, battle, data) -> str:
    response = owner.post(url("result_entry", battle), data)
    assert response.status_code == 200
    return response.content.decode()


def test_too_many_tokens_are_explained_next_to_the_field(owner, battle, skirmish):
    name = field(battle, skirmish.merry, "wound_tokens")
    html = errors_for(owner, battle, form_data(battle, **{name: "3"}))
    assert (
        f'<ul class="errorlist" id="id_{name}_error"><li>Merry has 2 free wound '
        "slots: a token beyond that means Merry fell." in html
    )


def test_the_error_is_tied_to_its_input(owner, battle, skirmish):
    name = field(battle, skirmish.merry, "wound_tokens")
    html = errors_for(owner, battle, form_data(battle, **{name: "3"}))
    assert f'aria-describedby="id_{name}_helptext id_{name}_error"' in html


@pytest.mark.parametrize(
    ("character", "values", "message"),
    [
        ("merry", {"wound_tokens": "-1"}, "Wound tokens cannot be negative."),
        ("merry", {"wound_tokens": "two"}, "Enter a whole number."),
        ("merry", {"wound_tokens": "1.5"}, "Enter a whole number."),
        (
            "merry",
            {"routed": "on"},
            "Merry cannot have routed unless your side routed",
        ),
        (
            "ugluk",
            {"routed": "on"},
            "Uglúk cannot have routed unless the AI side routed",
        ),
        (
            "boromir",
            {"killed_outright": "on"},
            "Killed outright means fallen: tick Fallen for Boromir too.",
        ),
    ],
)
def test_each_line_error_is_shown(owner, battle, skirmish, character, values, message):
    who = getattr(skirmish, character)
    data = form_data(battle, **{field(battle, who, k): v for k, v in values.items()})
    assert message in errors_for(owner, battle, data)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"outcome": ""}, "Choose the outcome for your side"),
        ({"end_reason": ""}, "Choose how the battle ended."),
        ({"player_victory_points": "100"}, "from 0 to 99"),
        ({"ai_victory_points": "-2"}, "from 0 to 99"),
        ({"ai_victory_points": "x"}, "Enter a whole number."),
    ],
)
def test_each_battle_error_is_shown(owner, skirmish, values, message):
    Scene.objects.filter(pk=skirmish.scene.pk).update(scores_victory_points=True)
    battle = skirmish.set_up()
    assert message in errors_for(owner, battle, {**form_data(battle), **values})


def test_an_invalid_result_saves_nothing(owner, battle, skirmish):
    name = field(battle, skirmish.merry, "wound_tokens")
    owner.post(url("result_entry", battle), form_data(battle, **{name: "9"}))
    assert BattleResult.objects.count() == 0


# --- access ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["result_entry", "resolution", "battle_notes"])
def test_a_member_reads(client, member, battle, name):
    client.force_login(member)
    assert client.get(url(name, battle)).status_code == 200


def test_a_member_sees_the_form_read_only(client, member, battle):
    client.force_login(member)
    html = client.get(url("result_entry", battle)).content.decode()
    assert "Apply the result" not in html and "disabled" in html


@pytest.mark.parametrize("name", ["result_entry", "result_reopen", "battle_notes"])
def test_a_member_may_not_post(client, member, battle, name):
    client.force_login(member)
    assert client.post(url(name, battle), form_data(battle)).status_code == 403


@pytest.mark.parametrize(
    "name", ["result_entry", "resolution", "result_reopen", "battle_notes"]
)
def test_a_stranger_is_told_nothing(client, other_user, battle, name):
    client.force_login(other_user)
    assert (
        client.get(url(name, battle)).status_code,
        client.post(url(name, battle)).status_code,
    ) == (404, 404)


@pytest.mark.parametrize(
    "name", ["result_entry", "resolution", "result_reopen", "battle_notes"]
)
def test_an_anonymous_visitor_is_sent_to_log_in(client, battle, name):
    response = client.get(url(name, battle))
    assert response["Location"].startswith(reverse("login"))


def test_another_campaigns_battle_is_not_found(
    owner, make_campaign, make_scene, battle
):
    other = make_campaign(owner=battle.campaign.owner)
    response = owner.get(
        reverse(
            "campaigns:result_entry",
            kwargs={"slug": other.slug, "battle_id": battle.pk},
        )
    )
    assert response.status_code == 404


# --- the resolution page --------------------------------------------------------------


@pytest.fixture
def resolved(battle, skirmish, result_data, fates_rolling) -> Battle:
    fates_rolling(battle, boromir=(2,))
    result_apply(battle=battle, data=result_data(battle, boromir={"fallen": True}))
    return battle


def test_the_resolution_tells_each_roll_in_plain_words(owner, resolved):
    html = owner.get(url("resolution", resolved)).content.decode()
    assert (
        "Boromir fell — rolled 2, +1 hero: grievously wounded, misses the next battle"
        in html
    )


def test_the_resolution_tells_each_effect(owner, resolved):
    html = owner.get(url("resolution", resolved)).content.decode()
    assert "Uglúk&#x27;s reputation: Rash → Bold (Battle 1 at Amon Hen: lost)" in html


def test_the_resolution_of_an_unresolved_battle_says_so(owner, battle):
    html = owner.get(url("resolution", battle)).content.decode()
    assert "No result has been entered for this battle yet." in html


def test_the_owner_is_offered_to_reopen_the_latest_result(owner, resolved):
    html = owner.get(url("resolution", resolved)).content.decode()
    assert url("result_reopen", resolved) in html


# --- reopen ---------------------------------------------------------------------------


def test_reopening_goes_back_to_the_form(owner, resolved):
    response = owner.post(url("result_reopen", resolved))
    assert response["Location"] == url("result_entry", resolved)


def test_reopening_deletes_the_result(owner, resolved):
    owner.post(url("result_reopen", resolved))
    assert BattleResult.objects.count() == 0


def test_reopening_by_get_shows_what_it_will_undo_and_changes_nothing(owner, resolved):
    html = owner.get(url("result_reopen", resolved)).content.decode()
    assert (
        "Undo: Boromir is unfit for the company&#x27;s next battle" in html,
        BattleResult.objects.count(),
    ) == (True, 1)


def test_reopening_an_older_battle_is_refused_with_a_message(
    owner, resolved, skirmish, result_data
):
    newer = skirmish.set_up()
    result_apply(battle=newer, data=result_data(newer))
    response = owner.post(url("result_reopen", resolved), follow=True)
    assert (
        "Only the latest step can be taken back, and battle 2 (Parth Galen) came "
        "after this battle" in response.content.decode()
    )


# --- notes ----------------------------------------------------------------------------


def test_the_owner_saves_notes(owner, battle):
    owner.post(url("battle_notes", battle), {"notes": "Boromir's last stand."})
    battle.refresh_from_db()
    assert battle.notes == "Boromir's last stand."


def test_saved_notes_lead_to_the_chronicle(owner, battle):
    response = owner.post(url("battle_notes", battle), {"notes": "A horn blew."})
    assert response["Location"].endswith("/chronicle/#battle-1")


def test_notes_longer_than_5000_characters_are_refused(owner, battle):
    response = owner.post(url("battle_notes", battle), {"notes": "x" * 5001})
    assert "at most 5000 characters" in response.content.decode()


# --- the rounds played: at most the battle's length ----------------------------------


@pytest.fixture
def long_battle(skirmish) -> Battle:
    """Amon Hen as a fixed scenario of 20 rounds, the longest a scene may set."""
    Scene.objects.filter(pk=skirmish.scene.pk).update(battle_length=20)
    skirmish.scene.refresh_from_db()
    return skirmish.set_up()


def test_the_rounds_field_offers_at_most_the_battles_length(owner, long_battle):
    """The phone's number field stops at the battle's 20 rounds, not before."""
    html = owner.get(url("result_entry", long_battle)).content.decode()
    tag = re.search(r'<input[^>]*name="rounds_played"[^>]*>', html).group(0)
    assert (re.search(r'max="(\d+)"', tag).group(1), "lasts 20 rounds" in html) == (
        "20",
        True,
    )


@pytest.mark.parametrize(("rounds", "applied"), [(20, True), (21, False)])
def test_the_rounds_played_may_reach_the_battles_length(
    owner, long_battle, rounds, applied
):
    """All 20 rounds of a 20-round battle are accepted; the 21st is refused."""
    owner.post(
        url("result_entry", long_battle),
        form_data(long_battle, rounds_played=str(rounds)),
    )
    assert BattleResult.objects.filter(battle=long_battle).exists() is applied
