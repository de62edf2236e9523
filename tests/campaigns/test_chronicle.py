"""The chronicle (RULES §6.5): scenes in order with their outcomes, each battle's
scenario, casualties, wounds, deaths, commander changes and the player's notes —
on screen and as a PDF, in a number of queries that does not grow."""

from __future__ import annotations

import io

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from pypdf import PdfReader

from campaigns.models import Battle, PersistingWound, Scene
from campaigns.selectors.chronicle import campaign_chronicle
from campaigns.services.battle_notes import battle_notes_update
from campaigns.services.result_apply import result_apply
from campaigns.services.scene_rest import scene_rest

pytestmark = pytest.mark.django_db


@pytest.fixture
def told(skirmish, result_data, fates_rolling) -> Battle:
    """Amon Hen told: Boromir killed outright, Merry wounded (token rolls 1)."""
    battle = skirmish.set_up()
    fates_rolling(battle, merry=(1,))
    data = result_data(
        battle,
        "defeat",
        boromir={"fallen": True, "killed_outright": True},
        merry={"wound_tokens": 1},
    )
    result_apply(battle=battle, data=data)
    battle_notes_update(battle=battle, notes="The horn of Gondor, cloven in two.")
    return battle


@pytest.fixture
def page(client, user, told) -> str:
    client.force_login(user)
    url = reverse("campaigns:chronicle", kwargs={"slug": told.campaign.slug})
    html = client.get(url).content.decode()
    # Names are isolated for right-to-left text; the words are what matter here.
    return html.replace("<bdi>", "").replace("</bdi>", "")


def test_the_chronicle_shows_the_scene_and_its_outcome(page):
    assert "Amon Hen" in page and 'badge--defeat">Defeat' in page


def test_the_chronicle_shows_the_scenario(page):
    assert "Battle 1: Defend the hobbits" in page


def test_the_chronicle_tells_how_the_battle_ended(page):
    assert "A defeat: the objective decided it." in page


def test_the_chronicle_tells_who_fell(page):
    assert "Boromir was killed outright." in page


def test_the_chronicle_names_the_wounds_taken(page):
    assert "Merry took 1 wound token and now carries a wound." in page


def test_the_chronicle_tells_the_commander_changes(page):
    assert "Aragorn&#x27;s reputation moved from Bold to Cautious." in page


def test_the_chronicle_shows_the_players_notes(page):
    assert "The horn of Gondor, cloven in two." in page


def test_the_current_scene_closes_the_chronicle(page):
    assert 'Parth Galen\n  <span class="badge badge--current">' in page


def test_a_pending_scene_is_not_in_the_chronicle(page):
    assert "The Emyn Muil" not in page


def test_the_selector_nests_nothing_for_major_scenes(told):
    chronicle = campaign_chronicle(campaign=told.campaign)
    assert [entry.scene.slug for entry in chronicle.scenes] == [
        "amon-hen",
        "parth-galen",
    ]


def test_a_sanctuary_lists_the_wounds_healed_there(told, skirmish):
    Scene.objects.filter(pk=skirmish.next_scene.pk).update(
        kind="sanctuary", scenario_mode="generate", custom_scenario_name=""
    )
    scene_rest(scene=skirmish.next_scene)
    entry = campaign_chronicle(campaign=told.campaign).scenes[1]
    assert [w.character_name for w in entry.healed_here] == ["Merry"]


def count_queries(client, campaign) -> int:
    url = reverse("campaigns:chronicle", kwargs={"slug": campaign.slug})
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_query_count_does_not_grow_with_the_campaign(
    client, user, told, skirmish, result_data
):
    client.force_login(user)
    small = count_queries(client, told.campaign)
    for _ in range(2):
        battle = skirmish.set_up()
        PersistingWound.objects.create(character=skirmish.pippin, battle_taken=battle)
        result_apply(battle=battle, data=result_data(battle))
    assert count_queries(client, told.campaign) == small


# --- the PDF ---------------------------------------------------------------------


def test_the_pdf_is_a_pdf(client, user, told):
    client.force_login(user)
    url = reverse("campaigns:chronicle_pdf", kwargs={"slug": told.campaign.slug})
    response = client.get(url)
    assert (response["Content-Type"], response.content[:5]) == (
        "application/pdf",
        b"%PDF-",
    )


def test_the_pdf_tells_the_story(client, user, told):
    client.force_login(user)
    url = reverse("campaigns:chronicle_pdf", kwargs={"slug": told.campaign.slug})
    reader = PdfReader(io.BytesIO(client.get(url).content))
    text = " ".join(page.extract_text() for page in reader.pages)
    assert "Amon Hen" in text and "The horn of Gondor" in text


# --- access ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["chronicle", "chronicle_pdf"])
def test_a_member_reads_the_chronicle(client, django_user_model, told, name):
    member = django_user_model.objects.create_user(username="sam")
    told.campaign.members.add(member)
    client.force_login(member)
    url = reverse(f"campaigns:{name}", kwargs={"slug": told.campaign.slug})
    assert client.get(url).status_code == 200


@pytest.mark.parametrize("name", ["chronicle", "chronicle_pdf"])
def test_a_stranger_is_told_nothing(client, other_user, told, name):
    client.force_login(other_user)
    url = reverse(f"campaigns:{name}", kwargs={"slug": told.campaign.slug})
    assert client.get(url).status_code == 404


@pytest.mark.parametrize("name", ["chronicle", "chronicle_pdf"])
def test_an_anonymous_visitor_is_sent_to_log_in(client, told, name):
    url = reverse(f"campaigns:{name}", kwargs={"slug": told.campaign.slug})
    assert client.get(url)["Location"].startswith(reverse("login"))


# --- the notes service --------------------------------------------------------------


def test_notes_are_saved(told):
    told.refresh_from_db()
    assert told.notes == "The horn of Gondor, cloven in two."


def test_notes_over_5000_characters_are_refused(told):
    with pytest.raises(ValidationError, match="at most 5,000 characters"):
        battle_notes_update(battle=told, notes="x" * 5001)
