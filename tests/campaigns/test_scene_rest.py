"""scene_rest (RULES §6.3): a sanctuary heals what heals there, clears every
unfit flag and moves the campaign on; only the owner rests, by POST."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from campaigns.models import CampaignLogEntry, Character, PersistingWound, Scene
from campaigns.services.scene_rest import scene_rest

pytestmark = pytest.mark.django_db


@pytest.fixture
def sanctuary(skirmish) -> Scene:
    """Amon Hen resolved; Parth Galen is a sanctuary and the current scene."""
    Scene.objects.filter(pk=skirmish.scene.pk).update(
        status="resolved", outcome="victory"
    )
    Scene.objects.filter(pk=skirmish.next_scene.pk).update(
        kind="sanctuary",
        status="current",
        scenario_mode="generate",
        custom_scenario_name="",
    )
    skirmish.next_scene.refresh_from_db()
    return skirmish.next_scene


def test_a_wound_that_heals_at_a_sanctuary_heals(sanctuary, skirmish):
    wound = PersistingWound.objects.create(character=skirmish.merry)
    scene_rest(scene=sanctuary)
    wound.refresh_from_db()
    assert (wound.status, wound.healed_at_scene) == ("healed", sanctuary)


def test_a_wound_that_does_not_heal_at_a_sanctuary_stays_open(sanctuary, skirmish):
    wound = PersistingWound.objects.create(
        character=skirmish.merry, name="Morgul-blade wound", heals_at_sanctuary=False
    )
    scene_rest(scene=sanctuary)
    wound.refresh_from_db()
    assert wound.status == "open"


def test_every_unfit_flag_clears(sanctuary, skirmish):
    Character.objects.filter(pk__in=[skirmish.merry.pk, skirmish.ugluk.pk]).update(
        unfit_next_battle=True
    )
    scene_rest(scene=sanctuary)
    assert not Character.objects.filter(unfit_next_battle=True).exists()


def test_the_sanctuary_is_resolved(sanctuary):
    scene_rest(scene=sanctuary)
    sanctuary.refresh_from_db()
    assert sanctuary.status == "resolved"


def test_the_next_scene_becomes_current(sanctuary, skirmish):
    assert scene_rest(scene=sanctuary).next_scene == skirmish.last_scene


def test_the_rest_is_in_the_campaign_log(sanctuary):
    scene_rest(scene=sanctuary)
    assert CampaignLogEntry.objects.filter(kind="rest", scene=sanctuary).exists()


def test_a_scene_that_is_not_current_cannot_be_rested_at(sanctuary):
    Scene.objects.filter(pk=sanctuary.pk).update(status="pending")
    with pytest.raises(ValidationError, match="not the campaign's current scene"):
        scene_rest(scene=sanctuary)


def test_a_fighting_scene_is_not_a_sanctuary(skirmish):
    with pytest.raises(ValidationError, match="not a sanctuary"):
        scene_rest(scene=skirmish.scene)


# --- the view -------------------------------------------------------------------------


def rest_url(scene: Scene) -> str:
    return reverse(
        "campaigns:scene_rest",
        kwargs={"slug": scene.campaign.slug, "scene": scene.slug},
    )


def test_the_owner_rests_and_goes_to_the_dashboard(client, user, sanctuary):
    client.force_login(user)
    response = client.post(rest_url(sanctuary))
    assert response["Location"] == reverse(
        "campaigns:dashboard", kwargs={"slug": sanctuary.campaign.slug}
    )


def test_resting_by_get_shows_what_it_will_heal_and_changes_nothing(
    client, user, sanctuary, skirmish
):
    PersistingWound.objects.create(character=skirmish.merry, name="deep cut")
    client.force_login(user)
    page = client.get(rest_url(sanctuary)).content.decode()
    sanctuary.refresh_from_db()
    assert ("Merry&#x27;s deep cut heals." in page, sanctuary.status) == (
        True,
        "current",
    )


def test_a_refused_rest_says_why(client, user, skirmish):
    client.force_login(user)
    response = client.post(rest_url(skirmish.scene), follow=True)
    assert "is not a sanctuary" in response.content.decode()


def test_a_member_may_not_rest(client, django_user_model, sanctuary):
    member = django_user_model.objects.create_user(username="sam")
    sanctuary.campaign.members.add(member)
    client.force_login(member)
    assert client.post(rest_url(sanctuary)).status_code == 403


def test_a_stranger_is_told_nothing(client, other_user, sanctuary):
    client.force_login(other_user)
    assert client.post(rest_url(sanctuary)).status_code == 404


def test_an_anonymous_visitor_is_sent_to_log_in(client, sanctuary):
    response = client.post(rest_url(sanctuary))
    assert response["Location"].startswith(reverse("login"))
