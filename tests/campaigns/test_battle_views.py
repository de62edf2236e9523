"""Setup and battle pages: access (SITE.md), form errors, re-roll."""

from __future__ import annotations

import pytest
from django.urls import reverse

from campaigns.models import Battle
from campaigns.services.battle_setup import battle_set_up
from tests.campaigns.setup_helpers import build_playable

pytestmark = pytest.mark.django_db


@pytest.fixture
def playable(campaign):
    return build_playable(campaign)


@pytest.fixture
def member(django_user_model, campaign):
    member = django_user_model.objects.create_user(username="sam", password="pw")
    campaign.members.add(member)
    return member


def setup_url(playable) -> str:
    return reverse(
        "campaigns:battle_setup",
        kwargs={"slug": playable.campaign.slug, "scene": playable.scene.slug},
    )


def battle_url(battle, name="campaigns:battle_detail") -> str:
    return reverse(name, kwargs={"slug": battle.campaign.slug, "battle_id": battle.pk})


def form_data(playable, **extra):
    data = {"stance": "recon", "participants": [str(c.pk) for c in playable.players]}
    data.update(extra)
    return data


def planned(playable):
    return battle_set_up(
        scene=playable.scene,
        stance="attack",
        participant_ids=[c.pk for c in playable.players],
        seed=8,
    )


def test_owner_sees_the_setup_form_with_every_fit_character_picked(
    client, user, playable
):
    client.force_login(user)
    response = client.get(setup_url(playable))
    assert response.status_code == 200
    assert response.context["form"]["participants"].value() == [
        str(c.pk) for c in playable.players
    ]


def test_unfit_character_is_shown_with_its_reason_but_not_selectable(
    client, user, playable
):
    playable.players[0].unfit_next_battle = True
    playable.players[0].save()
    client.force_login(user)
    response = client.get(setup_url(playable))
    choices = [v for v, _ in response.context["form"].fields["participants"].choices]
    assert str(playable.players[0].pk) not in choices
    assert "Unfit: grievously wounded" in response.content.decode()


def test_owner_sets_up_a_battle_and_lands_on_its_page(client, user, playable):
    client.force_login(user)
    response = client.post(setup_url(playable), form_data(playable, seed="42"))
    battle = Battle.objects.get()
    assert response.status_code == 302
    assert response["Location"] == battle_url(battle)
    assert battle.setup_seed == 42


def test_too_many_scouts_shows_the_message_on_the_form_and_saves_nothing(
    client, user, playable
):
    client.force_login(user)
    scouts = [str(c.pk) for c in playable.players[:3]]
    response = client.post(setup_url(playable), form_data(playable, scouts=scouts))
    assert response.status_code == 200
    assert "Too many scouts" in str(response.context["form"].errors["scouts"])
    assert not Battle.objects.exists()


def test_no_participant_shows_a_message(client, user, playable):
    client.force_login(user)
    response = client.post(setup_url(playable), {"stance": "attack"})
    assert "Pick at least one character" in response.content.decode()
    assert not Battle.objects.exists()


def test_bad_stance_and_seed_get_field_errors(client, user, playable):
    client.force_login(user)
    response = client.post(
        setup_url(playable), form_data(playable, stance="flee", seed="abc")
    )
    errors = response.context["form"].errors
    assert set(errors) == {"stance", "seed"}
    assert not Battle.objects.exists()


def test_member_reads_the_setup_page_but_cannot_post(client, member, playable):
    client.force_login(member)
    assert client.get(setup_url(playable)).status_code == 200
    assert client.post(setup_url(playable), form_data(playable)).status_code == 403
    assert not Battle.objects.exists()


def test_stranger_gets_404_on_setup(client, other_user, playable):
    client.force_login(other_user)
    assert client.get(setup_url(playable)).status_code == 404
    assert client.post(setup_url(playable), form_data(playable)).status_code == 404


def test_anonymous_visitor_is_sent_to_log_in(client, playable):
    response = client.get(setup_url(playable))
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_battle_page_explains_the_setup_and_lists_the_dice(client, user, playable):
    battle = planned(playable)
    client.force_login(user)
    page = client.get(battle_url(battle)).content.decode()
    assert battle.scenario_name in page
    assert "AI stance" in page
    assert 'id="pack-status"' in page


def test_member_reads_the_battle_page(client, member, playable):
    battle = planned(playable)
    client.force_login(member)
    assert client.get(battle_url(battle)).status_code == 200


def test_stranger_gets_404_on_the_battle_page(client, other_user, playable):
    battle = planned(playable)
    client.force_login(other_user)
    assert client.get(battle_url(battle)).status_code == 404


def test_battle_of_another_campaign_is_404(client, user, playable, make_campaign):
    battle = planned(playable)
    other = make_campaign(owner=user)
    client.force_login(user)
    url = reverse(
        "campaigns:battle_detail", kwargs={"slug": other.slug, "battle_id": battle.pk}
    )
    assert client.get(url).status_code == 404


def test_malformed_battle_id_is_404(client, user, playable):
    client.force_login(user)
    url = f"/campaigns/{playable.campaign.slug}/battles/abc/"
    assert client.get(url).status_code == 404


def test_reroll_counts_on_the_battle_page(client, user, playable):
    battle = planned(playable)
    client.force_login(user)
    response = client.post(battle_url(battle, "campaigns:battle_reroll"), follow=True)
    assert "setup rolled 2 times" in response.content.decode()


def test_member_cannot_reroll(client, member, playable):
    battle = planned(playable)
    client.force_login(member)
    response = client.post(battle_url(battle, "campaigns:battle_reroll"))
    assert response.status_code == 403
    assert Battle.objects.get().times_rolled == 1


def test_reroll_by_get_shows_its_confirm_page_and_rolls_nothing(client, user, playable):
    battle = planned(playable)
    client.force_login(user)
    html = client.get(battle_url(battle, "campaigns:battle_reroll")).content.decode()
    battle.refresh_from_db()
    assert ("Re-roll the setup</button>" in html, battle.times_rolled) == (True, 1)
