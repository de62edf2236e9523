"""scene_rest (RULES §6.3): a sanctuary heals what heals there, clears every
unfit flag and moves the campaign on; only the owner rests, by POST after its
confirm page. rest_undo (§6.5): the latest rest is reversed exactly."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from campaigns.models import (
    Battle,
    CampaignLogEntry,
    Character,
    Effect,
    PersistingWound,
    Scene,
)
from campaigns.services.battle_discard import battle_discard
from campaigns.services.result_apply import result_apply
from campaigns.services.scene_rest import rest_undo, scene_rest
from tests.campaigns.concurrency import concurrent_database, run_together
from tests.campaigns.dump import database_dump

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


# --- the rest recorded, and undone (RULES §6.5) ---------------------------------------


def test_every_change_of_a_rest_is_recorded_as_its_effect(sanctuary, skirmish):
    PersistingWound.objects.create(character=skirmish.merry)
    scene_rest(scene=sanctuary)
    kinds = list(
        Effect.objects.filter(rest_scene=sanctuary).values_list("kind", flat=True)
    )
    assert kinds == ["wound_healed", "scene_outcome", "current_scene"]


def test_the_rest_is_told_in_the_log(sanctuary, skirmish):
    PersistingWound.objects.create(character=skirmish.merry, name="deep cut")
    Character.objects.filter(pk=skirmish.pippin.pk).update(unfit_next_battle=True)
    scene_rest(scene=sanctuary)
    assert CampaignLogEntry.objects.get(kind="rest").text == (
        "The company rested at Parth Galen: Merry's deep cut healed; Pippin is fit "
        "again."
    )


def rows() -> dict:
    """Every row but the campaign log (it keeps the rest and its undoing)."""
    return database_dump(exclude_models=[CampaignLogEntry])


def test_undoing_a_rest_restores_every_row_exactly(sanctuary, skirmish):
    PersistingWound.objects.create(character=skirmish.merry)
    PersistingWound.objects.create(character=skirmish.ugluk, heals_at_sanctuary=False)
    Character.objects.filter(pk=skirmish.pippin.pk).update(unfit_next_battle=True)
    before = rows()
    scene_rest(scene=sanctuary)
    rest_undo(scene=sanctuary)
    assert rows() == before


def test_after_undoing_the_sanctuary_is_current_again(sanctuary, skirmish):
    scene_rest(scene=sanctuary)
    rest_undo(scene=sanctuary)
    assert skirmish.campaign.current_scene() == sanctuary


def test_the_undoing_is_in_the_log(sanctuary):
    scene_rest(scene=sanctuary)
    rest_undo(scene=sanctuary)
    assert CampaignLogEntry.objects.filter(kind="rest_undone").exists()


def test_a_rest_undone_can_be_taken_again(sanctuary, skirmish):
    scene_rest(scene=sanctuary)
    rest_undo(scene=sanctuary)
    assert scene_rest(scene=sanctuary).next_scene == skirmish.last_scene


def test_a_battle_set_up_after_the_rest_blocks_undoing_it(sanctuary, skirmish):
    scene_rest(scene=sanctuary)
    skirmish.set_up()
    with pytest.raises(ValidationError, match="discard it first"):
        rest_undo(scene=sanctuary)


def test_discarding_that_battle_lets_the_rest_be_undone(sanctuary, skirmish):
    scene_rest(scene=sanctuary)
    battle_discard(battle=skirmish.set_up())
    rest_undo(scene=sanctuary)
    assert skirmish.campaign.current_scene() == sanctuary


def test_a_rest_that_is_not_the_latest_step_cannot_be_undone(
    sanctuary, skirmish, result_data
):
    scene_rest(scene=sanctuary)
    battle = skirmish.set_up()
    result_apply(battle=battle, data=result_data(battle))
    with pytest.raises(ValidationError, match="battle 1 .* came after this rest"):
        rest_undo(scene=sanctuary)


def test_a_sanctuary_not_rested_at_has_nothing_to_undo(sanctuary):
    with pytest.raises(ValidationError, match="Nobody has rested at Parth Galen"):
        rest_undo(scene=sanctuary)


def test_a_refused_undo_changes_nothing(sanctuary, skirmish):
    scene_rest(scene=sanctuary)
    skirmish.set_up()
    before = rows()
    with pytest.raises(ValidationError):
        rest_undo(scene=sanctuary)
    assert rows() == before


def undo_url(scene: Scene) -> str:
    return reverse(
        "campaigns:rest_undo",
        kwargs={"slug": scene.campaign.slug, "scene": scene.slug},
    )


def test_the_undo_page_lists_what_it_reverses(client, user, sanctuary, skirmish):
    PersistingWound.objects.create(character=skirmish.merry, name="deep cut")
    scene_rest(scene=sanctuary)
    client.force_login(user)
    html = client.get(undo_url(sanctuary)).content.decode()
    assert "Undo: Merry: deep cut healed at Parth Galen" in html


def test_posting_undoes_the_rest_and_goes_to_the_dashboard(client, user, sanctuary):
    scene_rest(scene=sanctuary)
    client.force_login(user)
    response = client.post(undo_url(sanctuary))
    sanctuary.refresh_from_db()
    assert (response.status_code, sanctuary.status) == (302, "current")


def test_a_refused_undo_page_says_why_without_a_button(
    client, user, sanctuary, skirmish
):
    scene_rest(scene=sanctuary)
    skirmish.set_up()
    client.force_login(user)
    html = client.get(undo_url(sanctuary)).content.decode()
    assert (
        "discard it first" in html,
        "Undo the rest at Parth Galen</button>" in html,
    ) == (
        True,
        False,
    )


def test_a_resolved_sanctuarys_page_offers_the_undo(client, user, sanctuary):
    scene_rest(scene=sanctuary)
    client.force_login(user)
    html = client.get(
        reverse(
            "campaigns:scene_detail",
            kwargs={"slug": sanctuary.campaign.slug, "scene": sanctuary.slug},
        )
    ).content.decode()
    assert undo_url(sanctuary) in html


def test_the_dashboard_offers_to_undo_the_rest_just_taken(client, user, sanctuary):
    scene_rest(scene=sanctuary)
    client.force_login(user)
    response = client.get(
        reverse("campaigns:dashboard", kwargs={"slug": sanctuary.campaign.slug})
    )
    assert response.context["page"].step_back.url == undo_url(sanctuary)


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("no_worker")
@concurrent_database()
def test_an_undo_racing_a_setup_leaves_one_of_them_whole(sanctuary, skirmish):
    """Either the rest is undone and the setup refused (its scene is pending
    again), or the battle is set up and the undo refused: never a battle
    planned at a scene the story has not reached."""
    scene_rest(scene=sanctuary)
    results = run_together(
        lambda: rest_undo(scene=sanctuary),
        lambda: skirmish.set_up(scene=Scene.objects.get(pk=skirmish.last_scene.pk)),
    )
    refused = [r for r in results if isinstance(r, ValidationError)]
    planned = Battle.objects.filter(status="planned").first()
    current = skirmish.campaign.current_scene()
    if planned is None:
        assert (current, len(refused)) == (sanctuary, 1)
    else:
        assert (current, planned.scene, len(refused)) == (
            skirmish.last_scene,
            skirmish.last_scene,
            1,
        )
