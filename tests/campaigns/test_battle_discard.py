"""battle_discard (RULES §6.5): a battle waiting for its result is deleted, the
discarding is written in the chronicle and its scene can be set up again; the
page at ``…/discard/`` says what will change before the POST does it."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from campaigns.models import (
    Battle,
    BattleParticipant,
    BattleResult,
    CampaignLogEntry,
    Scene,
)
from campaigns.services.battle_discard import battle_discard
from campaigns.services.result_apply import result_apply
from campaigns.services.result_reopen import result_reopen
from tests.campaigns.concurrency import concurrent_database, run_together

pytestmark = pytest.mark.django_db


@pytest.fixture
def battle(skirmish) -> Battle:
    return skirmish.set_up()


def discard_url(battle: Battle) -> str:
    return reverse(
        "campaigns:battle_discard",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )


# --- the service ----------------------------------------------------------------------


def test_the_battle_is_deleted(battle):
    battle_discard(battle=battle)
    assert not Battle.objects.filter(pk=battle.pk).exists()


def test_its_line_up_goes_with_it(battle):
    battle_discard(battle=battle)
    assert BattleParticipant.objects.count() == 0


def test_the_discarding_is_in_the_chronicle(battle):
    battle_discard(battle=battle)
    entry = CampaignLogEntry.objects.get(kind="discard")
    assert entry.text == (
        "Battle 1 at Amon Hen (Defend the hobbits) was discarded before it was "
        "fought; Amon Hen waits to be set up again."
    )


def test_the_scene_stays_current(battle, skirmish):
    battle_discard(battle=battle)
    assert skirmish.campaign.current_scene() == skirmish.scene


def test_the_scene_can_be_set_up_again_with_another_line_up(battle, skirmish):
    battle_discard(battle=battle)
    again = skirmish.set_up(exclude=[skirmish.pippin])
    assert list(
        again.participants.filter(side="player").values_list(
            "character__name", flat=True
        )
    ) == ["Boromir", "Merry"]


def test_the_result_tells_what_was_discarded(battle, skirmish):
    discarded = battle_discard(battle=battle)
    assert (discarded.number, discarded.scenario_name, discarded.scene) == (
        1,
        "Defend the hobbits",
        skirmish.scene,
    )


def test_a_battle_with_a_result_cannot_be_discarded(battle, result_data):
    result_apply(battle=battle, data=result_data(battle))
    with pytest.raises(ValidationError, match="reopen the result first"):
        battle_discard(battle=battle)


def test_a_battle_discarded_twice_says_so(battle):
    battle_discard(battle=battle)
    with pytest.raises(ValidationError, match="discarded already"):
        battle_discard(battle=battle)


def test_a_reopened_battle_can_be_discarded_and_then_the_one_before_reopened(
    skirmish, result_data
):
    """Latest first: reopen battle 2, discard it, and battle 1 can be reopened."""
    first = skirmish.set_up()
    result_apply(battle=first, data=result_data(first))
    second = skirmish.set_up()
    result_apply(battle=second, data=result_data(second))
    result_reopen(battle=second)
    battle_discard(battle=second)
    result_reopen(battle=first)
    assert skirmish.campaign.current_scene() == skirmish.scene


def test_after_stepping_back_the_next_scene_is_pending_again(skirmish, result_data):
    first = skirmish.set_up()
    result_apply(battle=first, data=result_data(first))
    battle_discard(battle=skirmish.set_up())
    result_reopen(battle=first)
    assert Scene.objects.get(pk=skirmish.next_scene.pk).status == "pending"


# --- the page -------------------------------------------------------------------------


def test_get_shows_what_discarding_changes_and_changes_nothing(client, user, battle):
    client.force_login(user)
    html = client.get(discard_url(battle)).content.decode()
    assert (
        "Battle 1 is deleted with its line-up (Boromir, Merry, Pippin against "
        "Uglúk, Uruk warrior)" in html,
        Battle.objects.filter(pk=battle.pk).exists(),
    ) == (True, True)


def test_the_confirm_page_has_the_button(client, user, battle):
    client.force_login(user)
    html = client.get(discard_url(battle)).content.decode()
    assert '<button class="button" type="submit">Discard battle 1</button>' in html


def test_a_member_reads_the_confirm_page_without_the_button(
    client, django_user_model, battle
):
    member = django_user_model.objects.create_user(username="sam")
    battle.campaign.members.add(member)
    client.force_login(member)
    html = client.get(discard_url(battle)).content.decode()
    assert ("Discard battle 1</button>" in html, "Only the campaign" in html) == (
        False,
        True,
    )


def test_post_discards_and_goes_to_set_up_again(client, user, battle, skirmish):
    client.force_login(user)
    response = client.post(discard_url(battle))
    assert response["Location"] == reverse(
        "campaigns:battle_setup",
        kwargs={"slug": skirmish.campaign.slug, "scene": skirmish.scene.slug},
    )


def test_a_resolved_battles_confirm_page_says_why_not(
    client, user, battle, result_data
):
    result_apply(battle=battle, data=result_data(battle))
    client.force_login(user)
    html = client.get(discard_url(battle)).content.decode()
    assert ("Not now:" in html, "Discard battle 1</button>" in html) == (True, False)


def test_a_refused_post_says_why(client, user, battle, result_data):
    result_apply(battle=battle, data=result_data(battle))
    client.force_login(user)
    html = client.post(discard_url(battle), follow=True).content.decode()
    assert "Battle 1 has its result: reopen the result first" in html


def test_a_put_gets_the_sites_405_page(client, user, battle):
    client.force_login(user)
    response = client.put(discard_url(battle))
    assert (
        response.status_code,
        response["Allow"],
        b"Not this way" in response.content,
    ) == (
        405,
        "GET, POST",
        True,
    )


# --- a discard racing a result (real concurrent connections) -------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("no_worker")
@concurrent_database()
def test_a_discard_racing_a_result_leaves_one_of_them_whole(skirmish, result_data):
    """Either the result lands and the discard is refused, or the battle is
    discarded and the result finds no battle: never a result of a deleted
    battle, never a campaign moved on without its battle."""
    battle = skirmish.set_up()
    data = result_data(battle)
    results = run_together(
        lambda: battle_discard(battle=battle),
        lambda: result_apply(battle=battle, data=data),
    )
    refused = [r for r in results if isinstance(r, ValidationError)]
    current = skirmish.campaign.current_scene()
    if Battle.objects.filter(pk=battle.pk).exists():
        state = ("applied", BattleResult.objects.count(), current.slug)
        assert state == ("applied", 1, "parth-galen")
    else:
        state = ("discarded", BattleResult.objects.count(), current.slug)
        assert state == ("discarded", 0, "amon-hen")
    assert len(refused) == 1


def test_a_battle_discarded_while_its_page_is_read_is_not_found(
    client, user, battle, monkeypatch
):
    """Another request discards the battle after this one read its page but
    before it read the pack: the site's 404, not a server error."""
    import campaigns.views.battles as views

    read = views.battle_page

    def read_then_discarded(**kwargs):
        page = read(**kwargs)
        battle_discard(battle=page.battle)
        return page

    monkeypatch.setattr(views, "battle_page", read_then_discarded)
    client.force_login(user)
    url = reverse(
        "campaigns:battle_detail",
        kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk},
    )
    response = client.get(url)
    assert (response.status_code, Battle.objects.filter(pk=battle.pk).exists()) == (
        404,
        False,
    )
